import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { EmailAccount } from '@prospecta/api-client';
import type { AccountState, EmailProvider, IntegrationErrorCode } from '@prospecta/domain';

type EmailAccountType = EmailAccount['account_type'];
/** The values of the §8 texts: which mail server failed ('imap', 'smtp', or another value when not known). */
type ErrorValues = { server: string };

export const messages = defineMessages({
  emailTitle: { id: 'integrations.email_title', defaultMessage: 'E-mail accounts' },
  emailDescription: {
    id: 'integrations.email_description',
    defaultMessage: 'The mailboxes your campaigns are sent from.',
  },
  emailTableLabel: { id: 'integrations.email_table_label', defaultMessage: 'E-mail accounts' },
  emailEmptyTitle: {
    id: 'integrations.email_empty_title',
    defaultMessage: 'No e-mail account yet',
  },
  emailEmptyDescription: {
    id: 'integrations.email_empty_description',
    defaultMessage: 'Add an email account so that your campaigns are sent from your own mailbox.',
  },
  emailLoadError: {
    id: 'integrations.email_load_error',
    defaultMessage: 'The e-mail accounts could not be loaded.',
  },
  addEmailAccount: { id: 'integrations.add_email_account', defaultMessage: 'Add an email account' },
  columnName: { id: 'integrations.column_name', defaultMessage: 'Name' },
  columnAddress: { id: 'integrations.column_address', defaultMessage: 'Address' },
  columnType: { id: 'integrations.column_type', defaultMessage: 'Type' },
  columnCreated: { id: 'integrations.column_created', defaultMessage: 'Created on' },
  columnState: { id: 'integrations.column_state', defaultMessage: 'State' },
  columnActions: { id: 'integrations.column_actions', defaultMessage: 'Actions' },
  columnSalesNavigator: {
    id: 'integrations.column_sales_navigator',
    defaultMessage: 'Sales Navigator',
  },
  columnFirstUse: { id: 'integrations.column_first_use', defaultMessage: 'First use' },
  yes: { id: 'integrations.yes', defaultMessage: 'Yes' },
  no: { id: 'integrations.no', defaultMessage: 'No' },
  notUsedYet: { id: 'integrations.not_used_yet', defaultMessage: 'Not used yet' },
  alreadyUsed: { id: 'integrations.already_used', defaultMessage: 'Already used' },
  reasonPending: {
    id: 'integrations.reason_pending',
    defaultMessage: 'Valid, not used by a campaign yet.',
  },
  reasonSignInNotFinished: {
    id: 'integrations.reason_sign_in_not_finished',
    defaultMessage: 'The sign-in with the provider was not finished: validate the account.',
  },
  pausedCredentialsRefused: {
    id: 'integrations.paused_credentials_refused',
    defaultMessage:
      'The campaigns no longer send from this mailbox: its server refused the sign-in. Fix it, then resume sending.',
  },
  pausedTooManyErrors: {
    id: 'integrations.paused_too_many_errors',
    defaultMessage:
      'The campaigns no longer send from this mailbox: too many sends failed in a row. Check the mailbox, then resume sending.',
  },
  pausedBounceRate: {
    id: 'integrations.paused_bounce_rate',
    defaultMessage:
      'The campaigns no longer send from this mailbox: too many of its last e-mails bounced. Check the prospects\u2019 addresses, then resume sending.',
  },
  resumeSending: { id: 'integrations.resume_sending', defaultMessage: 'Resume sending' },
  resumeSendingLabel: defineMessage<{ name: string }>({
    id: 'integrations.resume_sending_label',
    defaultMessage: 'Resume sending from {name}',
  }),
  sendingResumed: defineMessage<{ name: string }>({
    id: 'integrations.sending_resumed',
    defaultMessage: 'The campaigns send from {name} again.',
  }),
  resumeFailed: defineMessage<{ name: string }>({
    id: 'integrations.resume_failed',
    defaultMessage: 'Sending from {name} could not be resumed. Try again.',
  }),
  sentCopyNoSentFolder: defineMessage<{ date: string }>({
    id: 'integrations.sent_copy_no_sent_folder',
    defaultMessage:
      'On {date}, an answer sent from the inbox could not be copied to this mailbox’s Sent folder: the mailbox has none. The answer itself was sent.',
  }),
  sentCopyMailboxUnreachable: defineMessage<{ date: string }>({
    id: 'integrations.sent_copy_mailbox_unreachable',
    defaultMessage:
      'On {date}, an answer sent from the inbox could not be copied to this mailbox’s Sent folder: its IMAP server could not be reached or refused the sign-in. The answer itself was sent.',
  }),
  sentCopyAppendRefused: defineMessage<{ date: string }>({
    id: 'integrations.sent_copy_append_refused',
    defaultMessage:
      'On {date}, an answer sent from the inbox could not be copied to this mailbox’s Sent folder: the server refused the copy. The answer itself was sent.',
  }),
  lastChecked: defineMessage<{ date: string }>({
    id: 'integrations.last_checked',
    defaultMessage: 'Mailbox last read on {date}.',
  }),
  reasonCheckFailed: {
    id: 'integrations.reason_check_failed',
    defaultMessage: 'The mail servers refused this account: add it again with the right settings.',
  },
  reasonLinkedinInvalid: {
    id: 'integrations.reason_linkedin_invalid',
    defaultMessage: 'LinkedIn no longer accepts this session: validate the account again.',
  },
  validate: { id: 'integrations.validate', defaultMessage: 'Validate' },
  validateAccount: defineMessage<{ name: string }>({
    id: 'integrations.validate_account',
    defaultMessage: 'Validate {name}',
  }),
  popupBlocked: {
    id: 'integrations.popup_blocked',
    defaultMessage:
      'Your browser blocked the new window. Allow pop-ups for this site, then try again.',
  },
  linkedinTitle: { id: 'integrations.linkedin_title', defaultMessage: 'LinkedIn accounts' },
  linkedinDescription: {
    id: 'integrations.linkedin_description',
    defaultMessage:
      'The LinkedIn accounts your campaigns use. The browser extension connects them to Prospecta.',
  },
  linkedinTableLabel: {
    id: 'integrations.linkedin_table_label',
    defaultMessage: 'LinkedIn accounts',
  },
  linkedinEmptyTitle: {
    id: 'integrations.linkedin_empty_title',
    defaultMessage: 'No LinkedIn account yet',
  },
  linkedinEmptyDescription: {
    id: 'integrations.linkedin_empty_description',
    defaultMessage:
      'Install the browser extension and sign in to LinkedIn to connect your account.',
  },
  linkedinLoadError: {
    id: 'integrations.linkedin_load_error',
    defaultMessage: 'The LinkedIn accounts could not be loaded.',
  },
  extensionLink: {
    id: 'integrations.extension_link',
    defaultMessage: 'Get the browser extension (opens in a new tab)',
  },
  linkedinValidateTitle: defineMessage<{ name: string }>({
    id: 'integrations.linkedin_validate_title',
    defaultMessage: 'Validate the LinkedIn account {name}',
  }),
  linkedinValidateDescription: {
    id: 'integrations.linkedin_validate_description',
    defaultMessage:
      'Paste the session cookie (li_at) of this LinkedIn account. It is stored encrypted and never shown again.',
  },
  linkedinCookie: { id: 'integrations.linkedin_cookie', defaultMessage: 'Session cookie' },
  linkedinValidated: defineMessage<{ name: string }>({
    id: 'integrations.linkedin_validated',
    defaultMessage: 'The LinkedIn account {name} is validated.',
  }),
  linkedinValidateFailed: {
    id: 'integrations.linkedin_validate_failed',
    defaultMessage: 'The LinkedIn account could not be validated. Please try again.',
  },
  cancel: { id: 'integrations.cancel', defaultMessage: 'Cancel' },
  close: { id: 'integrations.close', defaultMessage: 'Close' },
  modalTitle: { id: 'integrations.modal_title', defaultMessage: 'Add an email account' },
  chooseProvider: {
    id: 'integrations.choose_provider',
    defaultMessage: 'Choose the provider of your mailbox.',
  },
  externalProviderHint: {
    id: 'integrations.external_provider_hint',
    defaultMessage: 'Sign in with the provider in a new window',
  },
  formProviderHint: {
    id: 'integrations.form_provider_hint',
    defaultMessage: 'Your e-mail address and password',
  },
  otherProviderHint: {
    id: 'integrations.other_provider_hint',
    defaultMessage: 'Your address, password and mail servers',
  },
  openingSignIn: defineMessage<{ provider: string }>({
    id: 'integrations.opening_sign_in',
    defaultMessage: 'Opening the sign-in with {provider}…',
  }),
  signInFailed: defineMessage<{ provider: string }>({
    id: 'integrations.sign_in_failed',
    defaultMessage: 'The sign-in with {provider} could not start.',
  }),
  signInOpened: defineMessage<{ provider: string }>({
    id: 'integrations.sign_in_opened',
    defaultMessage:
      'Finish signing in with {provider} in the new window; the account then appears as valid here.',
  }),
  back: { id: 'integrations.back', defaultMessage: 'Back to the providers' },
  formTitle: defineMessage<{ provider: string }>({
    id: 'integrations.form_title',
    defaultMessage: 'Your {provider} mailbox',
  }),
  /** The 'Other' form's heading: the provider has no name to show. */
  formTitleOther: {
    id: 'integrations.form_title_other',
    defaultMessage: 'Your mailbox at another provider',
  },
  email: { id: 'integrations.email', defaultMessage: 'E-mail address' },
  password: { id: 'integrations.password', defaultMessage: 'Password' },
  smtpServer: { id: 'integrations.smtp_server', defaultMessage: 'Outgoing mail (SMTP)' },
  imapServer: { id: 'integrations.imap_server', defaultMessage: 'Incoming mail (IMAP)' },
  smtpHost: { id: 'integrations.smtp_host', defaultMessage: 'SMTP server' },
  smtpPort: { id: 'integrations.smtp_port', defaultMessage: 'SMTP port' },
  smtpSecure: { id: 'integrations.smtp_secure', defaultMessage: 'SMTP with SSL' },
  imapHost: { id: 'integrations.imap_host', defaultMessage: 'IMAP server' },
  imapPort: { id: 'integrations.imap_port', defaultMessage: 'IMAP port' },
  imapSecure: { id: 'integrations.imap_secure', defaultMessage: 'IMAP with SSL' },
  secureHint: {
    id: 'integrations.secure_hint',
    defaultMessage: 'Off: the connection is secured with STARTTLS.',
  },
  invalidPort: {
    id: 'integrations.invalid_port',
    defaultMessage: 'The port must be a whole number of at least 1.',
  },
  submit: { id: 'integrations.submit', defaultMessage: 'Add the account' },
  saved: { id: 'integrations.saved', defaultMessage: 'Saved' },
  signInConnected: {
    id: 'integrations.sign_in_connected',
    defaultMessage: 'The mailbox is connected.',
  },
});

/** §4 states of an e-mail or LinkedIn account. */
export const stateMessages = defineMessages({
  valid: { id: 'integrations.state_valid', defaultMessage: 'Valid' },
  pending: { id: 'integrations.state_pending', defaultMessage: 'Pending' },
  error: { id: 'integrations.state_error', defaultMessage: 'Error' },
}) satisfies Record<AccountState, MessageDescriptor>;

/** The account types of the contract (brand names stay as they are in both languages). */
export const accountTypeMessages = defineMessages({
  SMTP: { id: 'integrations.type_smtp', defaultMessage: 'SMTP / IMAP' },
  INFOMANIAK_SMTP: { id: 'integrations.type_infomaniak', defaultMessage: 'Infomaniak' },
  OVH_SMTP: { id: 'integrations.type_ovh', defaultMessage: 'OVH' },
  OVH_PRO_SMTP: { id: 'integrations.type_ovh_pro', defaultMessage: 'OVH Pro' },
  GOOGLE: { id: 'integrations.type_google', defaultMessage: 'Google' },
  MICROSOFT: { id: 'integrations.type_microsoft', defaultMessage: 'Microsoft' },
}) satisfies Record<EmailAccountType, MessageDescriptor>;

/** The providers of the modal (§2). */
export const providerMessages = defineMessages({
  infomaniak: { id: 'integrations.provider_infomaniak', defaultMessage: 'Infomaniak' },
  infomaniak_classique: {
    id: 'integrations.provider_infomaniak_classique',
    defaultMessage: 'Infomaniak Classique',
  },
  infomaniak_pro: { id: 'integrations.provider_infomaniak_pro', defaultMessage: 'Infomaniak Pro' },
  google: { id: 'integrations.provider_google', defaultMessage: 'Gmail' },
  microsoft: { id: 'integrations.provider_microsoft', defaultMessage: 'Outlook (Microsoft 365)' },
  other: { id: 'integrations.provider_other', defaultMessage: 'Other' },
}) satisfies Record<EmailProvider, MessageDescriptor>;

/**
 * §8 texts of the e-mail integration errors, by state_message. The mail_server_* texts name the server that failed
 * (`server`: imap, smtp, or another value when the answer does not say).
 */
export const integrationErrorMessages = defineMessages({
  bad_imap_credentials: defineMessage<ErrorValues>({
    id: 'integrations.error_bad_imap_credentials',
    defaultMessage: 'Incorrect credentials, please check your login information.',
  }),
  inactive_email_account_already_exists: defineMessage<ErrorValues>({
    id: 'integrations.error_inactive_email_account_already_exists',
    defaultMessage:
      'An inactive email account already exists for this provider. Please confirm it before adding a new one.',
  }),
  number_of_smtp_accounts_reached: defineMessage<ErrorValues>({
    id: 'integrations.error_number_of_smtp_accounts_reached',
    defaultMessage: 'You have reached the maximum number of SMTP accounts allowed for your plan.',
  }),
  bad_smtp_credentials: defineMessage<ErrorValues>({
    id: 'integrations.error_bad_smtp_credentials',
    defaultMessage:
      'The outgoing mail server (SMTP) refused these credentials, please check your login information.',
  }),
  email_account_already_exists: defineMessage<ErrorValues>({
    id: 'integrations.error_email_account_already_exists',
    defaultMessage: 'This email account is already connected.',
  }),
  mail_server_unreachable: defineMessage<ErrorValues>({
    id: 'integrations.error_mail_server_unreachable',
    defaultMessage:
      '{server, select, imap {The IMAP server} smtp {The SMTP server} other {The mail server}} could not be reached. Check the server address, the port and the SSL setting.',
  }),
  mail_server_tls_mismatch: defineMessage<ErrorValues>({
    id: 'integrations.error_mail_server_tls_mismatch',
    defaultMessage:
      '{server, select, imap {The IMAP server} smtp {The SMTP server} other {The mail server}} answered, but not with the SSL setting you chose. Check the SSL setting and the port.',
  }),
  mail_server_certificate_refused: defineMessage<ErrorValues>({
    id: 'integrations.error_mail_server_certificate_refused',
    defaultMessage:
      'The certificate of {server, select, imap {the IMAP server} smtp {the SMTP server} other {the mail server}} is not trusted. Check the server address with your e-mail provider.',
  }),
  mail_server_address_refused: defineMessage<ErrorValues>({
    id: 'integrations.error_mail_server_address_refused',
    defaultMessage:
      'The address of {server, select, imap {the IMAP server} smtp {the SMTP server} other {the mail server}} is an internal address that Prospecta does not connect to. Enter the public address given by your e-mail provider.',
  }),
  mail_server_port_refused: defineMessage<ErrorValues>({
    id: 'integrations.error_mail_server_port_refused',
    defaultMessage:
      'The port of {server, select, imap {the IMAP server} smtp {the SMTP server} other {the mail server}} is not a mail port. Use the port given by your e-mail provider, such as 993 for IMAP or 465 or 587 for SMTP.',
  }),
  oauth_not_available: defineMessage<ErrorValues>({
    id: 'integrations.error_oauth_not_available',
    defaultMessage:
      'Signing in with this provider is not configured on this server. Choose Other and enter your mail servers, or contact us.',
  }),
  oauth_provider_unreachable: defineMessage<ErrorValues>({
    id: 'integrations.error_oauth_provider_unreachable',
    defaultMessage:
      'The sign-in service of this provider could not be reached. Please try again in a few minutes.',
  }),
  oauth_access_denied: defineMessage<ErrorValues>({
    id: 'integrations.error_oauth_access_denied',
    defaultMessage:
      'The sign-in was refused at the provider, so the mailbox is not connected. Validate the account to try again.',
  }),
  oauth_state_expired: defineMessage<ErrorValues>({
    id: 'integrations.error_oauth_state_expired',
    defaultMessage: 'The sign-in took too long and expired. Validate the account to start again.',
  }),
  oauth_state_mismatch: defineMessage<ErrorValues>({
    id: 'integrations.error_oauth_state_mismatch',
    defaultMessage:
      'The sign-in could not be matched to this account. Validate the account to start again.',
  }),
  oauth_failed: defineMessage<ErrorValues>({
    id: 'integrations.error_oauth_failed',
    defaultMessage: 'The provider did not complete the sign-in. Validate the account to try again.',
  }),
  oauth_reconnect_required: defineMessage<ErrorValues>({
    id: 'integrations.error_oauth_reconnect_required',
    defaultMessage:
      'The provider no longer gives access to this mailbox: the access was withdrawn or has expired. Validate the account to sign in again.',
  }),
}) satisfies Record<IntegrationErrorCode, MessageDescriptor>;

/** The signature of a mailbox (decision 0226). */
export const signatureMessages = {
  ...defineMessages({
    signatureButton: { id: 'integrations.signature_button', defaultMessage: 'Signature' },
    signatureDescription: {
      id: 'integrations.signature_description',
      defaultMessage:
        'Added under the answers you send from the inbox with this mailbox, after a “-- ” line. Plain text; leave it empty for none.',
    },
    signatureField: { id: 'integrations.signature_field', defaultMessage: 'Signature' },
    signatureSeparator: {
      id: 'integrations.signature_separator',
      defaultMessage:
        'A line holding only “--” is written by the mail itself: remove it from the signature.',
    },
    signatureSave: { id: 'integrations.signature_save', defaultMessage: 'Save the signature' },
    signatureCancel: { id: 'integrations.signature_cancel', defaultMessage: 'Cancel' },
    signatureSaveFailed: {
      id: 'integrations.signature_save_failed',
      defaultMessage: 'The signature could not be saved. Please try again.',
    },
  }),
  signatureButtonLabel: defineMessage<{ name: string }>({
    id: 'integrations.signature_button_label',
    defaultMessage: 'Edit the signature of {name}',
  }),
  signatureTitle: defineMessage<{ name: string }>({
    id: 'integrations.signature_title',
    defaultMessage: 'Signature of {name}',
  }),
  signatureHint: defineMessage<{ max: number; lines: number }>({
    id: 'integrations.signature_hint',
    defaultMessage: 'At most {max} characters and {lines} lines.',
  }),
  signatureTooLong: defineMessage<{ max: number }>({
    id: 'integrations.signature_too_long',
    defaultMessage: 'The signature is longer than {max} characters: shorten it.',
  }),
  signatureTooManyLines: defineMessage<{ lines: number }>({
    id: 'integrations.signature_too_many_lines',
    defaultMessage: 'The signature has more than {lines} lines: shorten it.',
  }),
  signatureSaved: defineMessage<{ name: string }>({
    id: 'integrations.signature_saved',
    defaultMessage: 'The signature of {name} is saved.',
  }),
};
