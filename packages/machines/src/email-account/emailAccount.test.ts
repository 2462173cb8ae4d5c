import { describe, expect, it } from 'vitest';
import type { EmailAccountFormValues } from './emailAccount';
import {
  initialFormValues,
  providerShowsServerFields,
  resolveIntegrationError,
  toSecureMode,
  toSmtpAccountPayload,
  validateEmailAccountForm,
} from './emailAccount';
import {
  EMAIL_PROVIDERS,
  GENERIC_INTEGRATION_ERROR,
  INTEGRATION_ERROR_CODES,
  PROVIDER_PRESETS,
  isExternalSignInProvider,
} from '@prospecta/domain';

describe('provider presets (§3)', () => {
  it('has the four presets with their ports and SSL', () => {
    expect(PROVIDER_PRESETS.infomaniak).toEqual({
      smtp_host: 'mail.infomaniak.com',
      smtp_port: 465,
      smtp_secure: true,
      imap_host: 'mail.infomaniak.com',
      imap_port: 993,
      imap_secure: true,
    });
    expect(PROVIDER_PRESETS.ovh).toMatchObject({
      smtp_port: 465,
      smtp_secure: true,
      imap_port: 993,
      imap_secure: true,
    });
    expect(PROVIDER_PRESETS.ovh_pro).toMatchObject({
      smtp_port: 587,
      smtp_secure: false,
      imap_port: 993,
      imap_secure: true,
    });
    expect(PROVIDER_PRESETS.none).toEqual({
      smtp_host: '',
      smtp_port: 465,
      smtp_secure: false,
      imap_host: '',
      imap_port: 993,
      imap_secure: false,
    });
  });

  it('the three hosted-mail entries share the infomaniak preset; Other starts empty', () => {
    for (const provider of ['infomaniak', 'infomaniak_classique', 'infomaniak_pro'] as const) {
      expect(initialFormValues(provider)).toEqual({
        email: '',
        password: '',
        ...PROVIDER_PRESETS.infomaniak,
      });
    }
    expect(initialFormValues('other')).toEqual({
      email: '',
      password: '',
      ...PROVIDER_PRESETS.none,
    });
  });

  it('only google and microsoft use an external sign-in; only Other shows the server fields', () => {
    expect(EMAIL_PROVIDERS.filter(isExternalSignInProvider)).toEqual(['google', 'microsoft']);
    expect(EMAIL_PROVIDERS.filter(providerShowsServerFields)).toEqual(['other']);
  });
});

describe('payload (§7)', () => {
  it('maps secure true to ssl and false to tls', () => {
    expect(toSecureMode(true)).toBe('ssl');
    expect(toSecureMode(false)).toBe('tls');
  });

  it('builds the SMTP creation body', () => {
    const values: EmailAccountFormValues = {
      ...PROVIDER_PRESETS.ovh_pro,
      email: ' ada@example.com ',
      password: 'secret ',
    };
    expect(toSmtpAccountPayload(values)).toEqual({
      email: 'ada@example.com',
      password: 'secret ',
      smtp_host: 'pro1.mail.ovh.net',
      smtp_port: 587,
      smtp_secure: 'tls',
      imap_host: 'pro1.mail.ovh.net',
      imap_port: 993,
      imap_secure: 'ssl',
    });
  });
});

describe('validateEmailAccountForm (§5)', () => {
  const valid: EmailAccountFormValues = {
    ...PROVIDER_PRESETS.infomaniak,
    email: 'ada@example.com',
    password: 'x',
  };

  it('accepts a complete form', () => {
    expect(validateEmailAccountForm(valid)).toEqual({});
  });

  it('requires e-mail, password, SMTP host and IMAP host', () => {
    expect(
      validateEmailAccountForm({ ...PROVIDER_PRESETS.none, email: ' ', password: '' }),
    ).toEqual({
      email: 'required',
      password: 'required',
      smtp_host: 'required',
      imap_host: 'required',
    });
  });

  it('checks the e-mail format', () => {
    expect(validateEmailAccountForm({ ...valid, email: 'ada@example' })).toEqual({
      email: 'invalid_email',
    });
    expect(validateEmailAccountForm({ ...valid, email: 'ada example.com' })).toEqual({
      email: 'invalid_email',
    });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses port %s', (port) => {
    expect(validateEmailAccountForm({ ...valid, smtp_port: port, imap_port: port })).toEqual({
      smtp_port: 'invalid_port',
      imap_port: 'invalid_port',
    });
  });

  it('accepts port 1', () => {
    expect(validateEmailAccountForm({ ...valid, smtp_port: 1, imap_port: 1 })).toEqual({});
  });
});

describe('resolveIntegrationError (§8)', () => {
  const known = INTEGRATION_ERROR_CODES;

  it('uses the state_message when it has a product text', () => {
    expect(
      resolveIntegrationError(
        {
          detail: 'number_of_smtp_accounts_reached',
          message: { state_message: 'bad_imap_credentials' },
        },
        known,
      ),
    ).toBe('bad_imap_credentials');
  });

  it('falls back to the detail when the state_message is unknown or missing', () => {
    expect(
      resolveIntegrationError(
        { detail: 'inactive_email_account_already_exists', message: { state_message: 'weird' } },
        known,
      ),
    ).toBe('inactive_email_account_already_exists');
    expect(resolveIntegrationError({ detail: 'number_of_smtp_accounts_reached' }, known)).toBe(
      'number_of_smtp_accounts_reached',
    );
  });

  it('gives the generic key otherwise', () => {
    expect(
      resolveIntegrationError(
        { detail: 'Something broke.', message: { state_message: 'weird' } },
        known,
      ),
    ).toBe(GENERIC_INTEGRATION_ERROR);
    expect(resolveIntegrationError({ message: 'not an object' }, known)).toBe(
      GENERIC_INTEGRATION_ERROR,
    );
    expect(resolveIntegrationError(new Error('Network down'), known)).toBe(
      GENERIC_INTEGRATION_ERROR,
    );
    expect(resolveIntegrationError(null, known)).toBe(GENERIC_INTEGRATION_ERROR);
    expect(resolveIntegrationError('bad_imap_credentials', known)).toBe(GENERIC_INTEGRATION_ERROR);
  });

  it('accepts a lookup function or a set for the known codes', () => {
    const catalogue = new Set(['custom_code']);
    expect(resolveIntegrationError({ message: { state_message: 'custom_code' } }, catalogue)).toBe(
      'custom_code',
    );
    expect(
      resolveIntegrationError({ detail: 'custom_code' }, (key) => key.startsWith('custom')),
    ).toBe('custom_code');
    expect(
      resolveIntegrationError({ message: { state_message: 'bad_imap_credentials' } }, catalogue),
    ).toBe(GENERIC_INTEGRATION_ERROR);
  });
});
