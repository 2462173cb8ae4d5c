/**
 * E-mail integrations (§2 Integrations tab, §3 presets, §8 error codes, §9 default ports): the providers the
 * 'Add an email account' modal offers, the server settings each preset fills in, and the error codes that
 * have a product text.
 */
import type {
  EmailAccountType,
  EmailProviderPreset,
  IntegrationStateMessage,
  OAuthProvider,
} from './contract';

/** The providers offered in the modal, in display order. */
export const EMAIL_PROVIDERS = [
  'infomaniak',
  'infomaniak_classique',
  'infomaniak_pro',
  'google',
  'microsoft',
  'other',
] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];

/** The two large providers: an external sign-in in a new window (POST /api/v2/integrations/email/{provider}). */
export const EXTERNAL_SIGN_IN_PROVIDERS = [
  'google',
  'microsoft',
] as const satisfies readonly (OAuthProvider & EmailProvider)[];
export type ExternalSignInProvider = (typeof EXTERNAL_SIGN_IN_PROVIDERS)[number];
export type FormProvider = Exclude<EmailProvider, ExternalSignInProvider>;

export function isEmailProvider(value: unknown): value is EmailProvider {
  return typeof value === 'string' && (EMAIL_PROVIDERS as readonly string[]).includes(value);
}

export function isExternalSignInProvider(
  provider: EmailProvider,
): provider is ExternalSignInProvider {
  return (EXTERNAL_SIGN_IN_PROVIDERS as readonly string[]).includes(provider);
}

export interface ServerSettings {
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
  imap_host: string;
  imap_port: number;
  imap_secure: boolean;
}

/** §9 default ports. */
export const DEFAULT_SMTP_PORT = 465;
export const DEFAULT_IMAP_PORT = 993;

/** §3 provider presets (SMTP and IMAP host, port, secure). */
export const PROVIDER_PRESETS = {
  infomaniak: {
    smtp_host: 'mail.infomaniak.com',
    smtp_port: 465,
    smtp_secure: true,
    imap_host: 'mail.infomaniak.com',
    imap_port: 993,
    imap_secure: true,
  },
  ovh: {
    smtp_host: 'ssl0.ovh.net',
    smtp_port: 465,
    smtp_secure: true,
    imap_host: 'ssl0.ovh.net',
    imap_port: 993,
    imap_secure: true,
  },
  ovh_pro: {
    smtp_host: 'pro1.mail.ovh.net',
    smtp_port: 587,
    smtp_secure: false,
    imap_host: 'pro1.mail.ovh.net',
    imap_port: 993,
    imap_secure: true,
  },
  none: {
    smtp_host: '',
    smtp_port: DEFAULT_SMTP_PORT,
    smtp_secure: false,
    imap_host: '',
    imap_port: DEFAULT_IMAP_PORT,
    imap_secure: false,
  },
} as const satisfies Record<string, ServerSettings>;
export type PresetName = keyof typeof PROVIDER_PRESETS;

/** Which preset each form provider starts from: the three hosted-mail entries share one. */
export const PROVIDER_PRESET_OF = {
  infomaniak: 'infomaniak',
  infomaniak_classique: 'infomaniak',
  infomaniak_pro: 'infomaniak',
  other: 'none',
} as const satisfies Record<FormProvider, PresetName>;

/** The account type the server stores for each preset the contract accepts (POST …/email/smtp). */
export const PRESET_ACCOUNT_TYPES = {
  infomaniak: 'INFOMANIAK_SMTP',
  ovh: 'OVH_SMTP',
  ovh_pro: 'OVH_PRO_SMTP',
  other: 'SMTP',
} as const satisfies Record<EmailProviderPreset, EmailAccountType>;

/** The account type of each external sign-in provider. */
export const EXTERNAL_SIGN_IN_ACCOUNT_TYPES = {
  google: 'GOOGLE',
  microsoft: 'MICROSOFT',
} as const satisfies Record<ExternalSignInProvider, EmailAccountType>;

/** An account type ending in SMTP is an SMTP/IMAP account; the others use an external sign-in. */
export function isSmtpAccountType(type: EmailAccountType): boolean {
  return type.endsWith('SMTP');
}

/**
 * §8 error codes that have a product text: the three of the specification, then the server's own (credentials
 * refused by the SMTP server, an account already connected, a mail server that cannot be reached, whose SSL mode
 * does not match, whose certificate is refused, whose address is internal, whose port is not a mail port), then the external sign-in's: not configured on the server, provider
 * unreachable, consent refused, sign-in too slow (state expired), state of the other provider, any other failure, and
 * the access to a signed-in mailbox withdrawn or expired (the mailbox watch could not renew it: sign in again).
 */
export const INTEGRATION_ERROR_CODES = [
  'bad_imap_credentials',
  'inactive_email_account_already_exists',
  'number_of_smtp_accounts_reached',
  'bad_smtp_credentials',
  'email_account_already_exists',
  'mail_server_unreachable',
  'mail_server_tls_mismatch',
  'mail_server_certificate_refused',
  'mail_server_address_refused',
  'mail_server_port_refused',
  'oauth_not_available',
  'oauth_provider_unreachable',
  'oauth_access_denied',
  'oauth_state_expired',
  'oauth_state_mismatch',
  'oauth_failed',
  'oauth_reconnect_required',
] as const satisfies readonly IntegrationStateMessage[];
export type IntegrationErrorCode = (typeof INTEGRATION_ERROR_CODES)[number];

/**
 * Why an external sign-in came back without a connected mailbox: the account's `last_error`, and the `oauth_error`
 * of the Integrations tab address the callback sends the sign-in window to.
 */
export const OAUTH_SIGN_IN_ERROR_CODES = [
  'oauth_access_denied',
  'oauth_state_expired',
  'oauth_state_mismatch',
  'oauth_failed',
  'email_account_already_exists',
] as const satisfies readonly IntegrationErrorCode[];
export type OAuthSignInErrorCode = (typeof OAUTH_SIGN_IN_ERROR_CODES)[number];

/** The code of 'An unexpected error occurred, please try again.' */
export const GENERIC_INTEGRATION_ERROR = 'unexpected_error' satisfies IntegrationStateMessage;

/** Which mail server of an SMTP/IMAP account failed the live check (IntegrationError message.server). */
export const MAIL_SERVERS = ['imap', 'smtp'] as const;
export type MailServer = (typeof MAIL_SERVERS)[number];

export function isMailServer(value: unknown): value is MailServer {
  return typeof value === 'string' && (MAIL_SERVERS as readonly string[]).includes(value);
}

/** §4 Accounts: how an e-mail or LinkedIn account is shown. */
export const ACCOUNT_STATES = ['valid', 'pending', 'error'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** §4: valid, pending (valid but not yet used) or error (invalid). */
export function accountStateOf(account: { is_valid: boolean; first_use: boolean }): AccountState {
  if (!account.is_valid) return 'error';
  return account.first_use ? 'pending' : 'valid';
}

/** §4: a non-SMTP e-mail account that is not valid shows a validate button opening its auth_url. */
export function emailAccountNeedsValidation(account: {
  is_valid: boolean;
  account_type: EmailAccountType;
  auth_url: string | null;
}): account is { is_valid: false; account_type: EmailAccountType; auth_url: string } {
  return !account.is_valid && !isSmtpAccountType(account.account_type) && !!account.auth_url;
}

/**
 * §4: an unused LinkedIn account shows a validate button that sends its session cookie. Design decision: so does
 * an account in error (LinkedIn refused its session): its row asks the user to validate it again, and a fresh
 * cookie is the only way to do so.
 */
export function linkedinAccountNeedsValidation(account: {
  is_valid: boolean;
  first_use: boolean;
}): boolean {
  return account.first_use || !account.is_valid;
}

/**
 * The browser-extension store page of the LinkedIn list (§2). Design decision: the specification does not give
 * the address; the link opens the Chrome Web Store's search for the product's extension.
 */
export const LINKEDIN_EXTENSION_STORE_URL = 'https://chromewebstore.google.com/search/Prospecta';
