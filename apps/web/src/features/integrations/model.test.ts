import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { INTEGRATION_ERROR_CODES, PROVIDER_PRESETS } from '@prospecta/domain';
import { initialFormValues } from '@prospecta/machines';
import { zodValidate } from '../../core/forms';
import en from './i18n/en.json';
import common from '../../core/messages/i18n/en.json';
import {
  emailAccountFormSchema,
  integrationErrorText,
  KNOWN_ERROR_CODES,
  toFormFields,
  toMachineValues,
} from './model';

const intl = createIntl({ locale: 'en', messages: { ...common, ...en } });
const validate = zodValidate(emailAccountFormSchema);
const filled = {
  ...toFormFields(initialFormValues('other')),
  email: 'ventes@atelier.example.com',
  password: 'secret',
  smtp_host: 'smtp.example.com',
  imap_host: 'imap.example.com',
};

describe('e-mail account form (§5)', () => {
  it('starts from the preset, ports as text: Other is 465 and 993 without SSL', () => {
    expect(toFormFields(initialFormValues('other'))).toMatchObject({
      smtp_port: '465',
      imap_port: '993',
      smtp_secure: false,
      imap_secure: false,
    });
    expect(toFormFields(initialFormValues('infomaniak_pro'))).toMatchObject({
      smtp_host: PROVIDER_PRESETS.infomaniak.smtp_host,
      smtp_secure: true,
    });
  });

  it('requires the e-mail, password and both hosts, and a valid e-mail', () => {
    expect(validate(toFormFields(initialFormValues('other')))).toEqual({
      email: 'common.required',
      password: 'common.required',
      smtp_host: 'common.required',
      imap_host: 'common.required',
    });
    expect(validate({ ...filled, email: 'nope' })).toEqual({ email: 'common.invalid_email' });
    expect(validate(filled)).toEqual({});
  });

  it.each(['0', '-1', '1.5', 'abc', ''])('refuses the port %j', (port) => {
    expect(validate({ ...filled, smtp_port: port, imap_port: port })).toEqual({
      smtp_port: 'integrations.invalid_port',
      imap_port: 'integrations.invalid_port',
    });
  });

  it('gives the machine numbers', () => {
    expect(toMachineValues({ ...filled, smtp_port: '587', imap_port: ' 993 ' })).toMatchObject({
      smtp_port: 587,
      imap_port: 993,
    });
  });
});

describe('§8 texts', () => {
  it('has a text for every code with a product text', () => {
    expect([...KNOWN_ERROR_CODES].sort()).toEqual([...INTEGRATION_ERROR_CODES].sort());
  });

  it('names the server that failed, and falls back to the generic text', () => {
    expect(integrationErrorText(intl, 'mail_server_unreachable', 'smtp')).toBe(
      'The SMTP server could not be reached. Check the server address, the port and the SSL setting.',
    );
    expect(integrationErrorText(intl, 'mail_server_unreachable')).toMatch(
      /^The mail server could not be reached\./,
    );
    expect(integrationErrorText(intl, 'unexpected_error')).toBe(
      'An unexpected error occurred, please try again.',
    );
    expect(integrationErrorText(intl, 'something_else')).toBe(
      'An unexpected error occurred, please try again.',
    );
    expect(integrationErrorText(intl, null)).toBe(
      'An unexpected error occurred, please try again.',
    );
  });
});
