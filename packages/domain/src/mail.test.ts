import { describe, expect, it } from 'vitest';
import {
  accountStateOf,
  emailAccountNeedsValidation,
  isMailServer,
  linkedinAccountNeedsValidation,
} from './mail';

describe('accountStateOf (§4 Accounts)', () => {
  it('is valid once used, pending while valid but unused, error when invalid', () => {
    expect(accountStateOf({ is_valid: true, first_use: false })).toBe('valid');
    expect(accountStateOf({ is_valid: true, first_use: true })).toBe('pending');
    expect(accountStateOf({ is_valid: false, first_use: true })).toBe('error');
    expect(accountStateOf({ is_valid: false, first_use: false })).toBe('error');
  });
});

describe('emailAccountNeedsValidation (§4)', () => {
  const url = 'https://auth.example.com/consent';
  it('asks for a validation of an invalid non-SMTP account with an auth_url', () => {
    expect(
      emailAccountNeedsValidation({ is_valid: false, account_type: 'GOOGLE', auth_url: url }),
    ).toBe(true);
    expect(
      emailAccountNeedsValidation({ is_valid: false, account_type: 'MICROSOFT', auth_url: url }),
    ).toBe(true);
  });
  it('never for a valid account, an SMTP account, or without an auth_url', () => {
    expect(
      emailAccountNeedsValidation({ is_valid: true, account_type: 'GOOGLE', auth_url: url }),
    ).toBe(false);
    expect(
      emailAccountNeedsValidation({ is_valid: false, account_type: 'OVH_SMTP', auth_url: url }),
    ).toBe(false);
    expect(
      emailAccountNeedsValidation({ is_valid: false, account_type: 'GOOGLE', auth_url: null }),
    ).toBe(false);
  });
});

describe('linkedinAccountNeedsValidation (§4)', () => {
  it('is true for an unused account and for an account in error, never for a valid used one', () => {
    expect(linkedinAccountNeedsValidation({ is_valid: true, first_use: true })).toBe(true);
    expect(linkedinAccountNeedsValidation({ is_valid: false, first_use: false })).toBe(true);
    expect(linkedinAccountNeedsValidation({ is_valid: true, first_use: false })).toBe(false);
  });
});

describe('isMailServer', () => {
  it('knows imap and smtp only', () => {
    expect(isMailServer('imap')).toBe(true);
    expect(isMailServer('smtp')).toBe(true);
    expect(isMailServer('pop3')).toBe(false);
    expect(isMailServer(undefined)).toBe(false);
  });
});
