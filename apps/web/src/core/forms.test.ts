import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { translateFormError, zodValidate } from './forms';
import {
  changeOwnPasswordSchema,
  changePasswordByLinkSchema,
  loginSchema,
  resetPasswordSchema,
} from './schemas';

describe('form schemas (§5)', () => {
  it('requires the login e-mail and password', () => {
    expect(zodValidate(loginSchema)({ email: '', password: '' })).toEqual({
      email: 'common.required',
      password: 'common.required',
    });
    expect(zodValidate(loginSchema)({ email: '  ', password: 'x' })).toEqual({
      email: 'common.required',
    });
    expect(zodValidate(loginSchema)({ email: 'a@b.ch', password: 'x' })).toEqual({});
  });

  it('needs a valid e-mail to reset the password', () => {
    expect(zodValidate(resetPasswordSchema)({ email: '' })).toEqual({ email: 'common.required' });
    expect(zodValidate(resetPasswordSchema)({ email: 'not-an-email' })).toEqual({
      email: 'common.invalid_email',
    });
    expect(zodValidate(resetPasswordSchema)({ email: ' camille@example.com ' })).toEqual({});
  });

  it('puts the mismatch on the confirmation field', () => {
    expect(
      zodValidate(changePasswordByLinkSchema)({
        password: 'abcdefgh',
        confirmPassword: 'abcdefgx',
      }),
    ).toEqual({
      confirmPassword: 'common.passwords_do_not_match',
    });
    expect(zodValidate(changePasswordByLinkSchema)({ password: '', confirmPassword: '' })).toEqual({
      password: 'common.required',
      confirmPassword: 'common.required',
    });
    expect(
      zodValidate(changeOwnPasswordSchema)({
        current_password: 'old',
        new_password: 'abcdefgh',
        confirm_new_password: 'nope',
      }),
    ).toEqual({ confirm_new_password: 'common.passwords_do_not_match' });
    expect(
      zodValidate(changeOwnPasswordSchema)({
        current_password: '',
        new_password: 'a',
        confirm_new_password: 'a',
      }),
    ).toEqual({
      current_password: 'common.required',
    });
  });
});

describe('translateFormError (no server text shown untranslated)', () => {
  const intl = createIntl({ locale: 'en', messages: {} });
  it('writes the server’s password codes as sentences', () => {
    expect(translateFormError(intl, 'current_password_incorrect')).toBe(
      'The current password is incorrect.',
    );
    expect(translateFormError(intl, 'password_too_short')).toBe(
      'The password must contain at least 8 characters.',
    );
    expect(translateFormError(intl, 'passwords_do_not_match')).toBe('The passwords do not match');
    expect(translateFormError(intl, 'password_unchanged')).toBe(
      'The new password must be different from the current one.',
    );
  });
  it('translates the schemas’ message ids, a feature’s own ones when given, and never shows a raw server text', () => {
    expect(translateFormError(intl, 'common.required')).toBe('Required');
    expect(
      translateFormError(intl, 'x.port', [{ id: 'x.port', defaultMessage: 'Bad port.' }]),
    ).toBe('Bad port.');
    expect(translateFormError(intl, 'Das Passwort ist falsch.')).toBe(
      'The server refused this value. Check it and try again.',
    );
    expect(translateFormError(intl, undefined)).toBeUndefined();
  });
});
