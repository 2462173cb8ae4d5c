import { describe, expect, it } from 'vitest';
import { EMPTY_REPLACEMENT, replacementPayload, validateReplacement } from './replacement';

const valid = {
  ...EMPTY_REPLACEMENT,
  title: 'miss' as const,
  first_name: ' Claire ',
  last_name: 'Fontaine',
  email: 'claire.fontaine@example.fr',
  reason: ' A quitté l’entreprise ',
  agreement: true,
};

describe('validateReplacement', () => {
  it('needs a reason, a name and the agreement once started', () => {
    expect(validateReplacement(EMPTY_REPLACEMENT)).toEqual({
      reason: 'required',
      first_name: 'required',
      last_name: 'required',
      agreement: 'agreement_required',
    });
  });

  it('refuses a blank reason', () => {
    expect(validateReplacement({ ...valid, reason: '   ' })).toEqual({ reason: 'required' });
  });

  it('checks the e-mail only when one is given', () => {
    expect(validateReplacement({ ...valid, email: 'not-an-email' })).toEqual({
      email: 'invalid_email',
    });
    expect(validateReplacement({ ...valid, email: '' })).toEqual({});
  });

  it('accepts a complete replacement', () => {
    expect(validateReplacement(valid)).toEqual({});
  });
});

describe('replacementPayload', () => {
  it('trims every field, sends blank optional fields as null and leaves the agreement out', () => {
    const payload = replacementPayload(valid);
    expect(payload).toMatchObject({
      first_name: 'Claire',
      reason: 'A quitté l’entreprise',
      title: 'miss',
      phone: null,
    });
    expect(payload).not.toHaveProperty('agreement');
  });

  it('throws a clear error on an invalid draft', () => {
    expect(() => replacementPayload({ ...valid, agreement: false })).toThrow(
      /agreement is agreement_required/,
    );
  });
});
