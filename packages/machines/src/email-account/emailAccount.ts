/**
 * Pure pieces of the 'Add an email account' modal (§2 Integrations tab, §3 presets,
 * §5 form rules, §7 payload, §8 error resolution).
 */
import {
  GENERIC_INTEGRATION_ERROR,
  INTEGRATION_ERROR_CODES,
  PROVIDER_PRESET_OF,
  PROVIDER_PRESETS,
  type EmailProvider,
  type FormProvider,
  type ServerSettings,
} from '@prospecta/domain';

/** Only Other shows the SMTP/IMAP server, port and SSL fields; the others only e-mail and password. */
export function providerShowsServerFields(provider: EmailProvider): boolean {
  return provider === 'other';
}

/** §3 e-mail account form. */
export interface EmailAccountFormValues extends ServerSettings {
  email: string;
  password: string;
}

export function initialFormValues(provider: FormProvider): EmailAccountFormValues {
  return { email: '', password: '', ...PROVIDER_PRESETS[PROVIDER_PRESET_OF[provider]] };
}

export type SecureMode = 'ssl' | 'tls';

/** §7: smtp_secure / imap_secure true sends 'ssl', false sends 'tls'. */
export function toSecureMode(secure: boolean): SecureMode {
  return secure ? 'ssl' : 'tls';
}

/** Body of POST /api/v2/integrations/email/smtp. */
export interface SmtpAccountPayload {
  email: string;
  password: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: SecureMode;
  imap_host: string;
  imap_port: number;
  imap_secure: SecureMode;
}

export function toSmtpAccountPayload(values: EmailAccountFormValues): SmtpAccountPayload {
  return {
    email: values.email.trim(),
    password: values.password,
    smtp_host: values.smtp_host.trim(),
    smtp_port: values.smtp_port,
    smtp_secure: toSecureMode(values.smtp_secure),
    imap_host: values.imap_host.trim(),
    imap_port: values.imap_port,
    imap_secure: toSecureMode(values.imap_secure),
  };
}

/** Error keys of the form: 'required' → 'Required', 'invalid_email' → 'The email address does not seem valid.' */
export type EmailAccountFieldError = 'required' | 'invalid_email' | 'invalid_port';
export type EmailAccountFormErrors = Partial<
  Record<keyof EmailAccountFormValues, EmailAccountFieldError>
>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** §5: e-mail, password, SMTP host and IMAP host non-empty; ports integers of at least 1. */
export function validateEmailAccountForm(values: EmailAccountFormValues): EmailAccountFormErrors {
  const errors: EmailAccountFormErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'required';
  else if (!EMAIL_PATTERN.test(email)) errors.email = 'invalid_email';
  if (values.password === '') errors.password = 'required';
  if (values.smtp_host.trim() === '') errors.smtp_host = 'required';
  if (values.imap_host.trim() === '') errors.imap_host = 'required';
  if (!Number.isInteger(values.smtp_port) || values.smtp_port < 1)
    errors.smtp_port = 'invalid_port';
  if (!Number.isInteger(values.imap_port) || values.imap_port < 1)
    errors.imap_port = 'invalid_port';
  return errors;
}

/**
 * §8 e-mail integration error: the response's message.state_message if it has a
 * product text; else the detail value if a matching text exists; else the generic key.
 * `response` is the parsed error body `{ detail, message: { state_message } }` (anything else → generic).
 */
export function resolveIntegrationError(
  response: unknown,
  knownCodes: Iterable<string> | ((key: string) => boolean) = INTEGRATION_ERROR_CODES,
): string {
  const isKnown =
    typeof knownCodes === 'function'
      ? knownCodes
      : (
          (set: Set<string>) => (key: string) =>
            set.has(key)
        )(new Set(knownCodes));
  if (typeof response !== 'object' || response === null) return GENERIC_INTEGRATION_ERROR;
  const body = response as { detail?: unknown; message?: unknown };
  const message = body.message;
  if (typeof message === 'object' && message !== null) {
    const stateMessage = (message as { state_message?: unknown }).state_message;
    if (typeof stateMessage === 'string' && isKnown(stateMessage)) return stateMessage;
  }
  if (typeof body.detail === 'string' && isKnown(body.detail)) return body.detail;
  return GENERIC_INTEGRATION_ERROR;
}
