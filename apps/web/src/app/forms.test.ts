import { describe, expect, it } from 'vitest';
import { mergePasswordErrors, zodValidate } from './forms';
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

describe('mergePasswordErrors', () => {
  it('merges the list form into one map, first message per field', () => {
    expect(
      mergePasswordErrors({
        detail: [
          { new_password: 'Too short.' },
          { current_password: 'Wrong password.' },
          { new_password: 'Second.' },
          { other: 'x' },
        ],
      }),
    ).toEqual({ new_password: 'Too short.', current_password: 'Wrong password.' });
    expect(
      mergePasswordErrors({ detail: [{ confirm_new_password: ['Does not match.', 'Again.'] }] }),
    ).toEqual({
      confirm_new_password: 'Does not match. Again.',
    });
  });

  it('returns null for a plain detail or an unknown body', () => {
    expect(mergePasswordErrors({ detail: 'Invalid link' })).toBeNull();
    expect(mergePasswordErrors({ detail: [] })).toBeNull();
    expect(mergePasswordErrors(null)).toBeNull();
    expect(mergePasswordErrors('oops')).toBeNull();
  });
});
