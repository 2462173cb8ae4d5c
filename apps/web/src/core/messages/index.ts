import { defineMessage, defineMessages, type MessageDescriptor } from 'react-intl';
import type { ReplyLabel } from '@prospecta/domain';

/** Texts shared by several features (form validation of §5, generic states). */
export const formMessages = defineMessages({
  required: { id: 'common.required', defaultMessage: 'Required' },
  invalidEmail: {
    id: 'common.invalid_email',
    defaultMessage: 'The email address does not seem valid.',
  },
  selectAtLeastOne: {
    id: 'common.select_at_least_one',
    defaultMessage: 'You must select at least one option.',
  },
  passwordsDoNotMatch: {
    id: 'common.passwords_do_not_match',
    defaultMessage: 'The passwords do not match',
  },
  currentPasswordIncorrect: {
    id: 'common.current_password_incorrect',
    defaultMessage: 'The current password is incorrect.',
  },
  passwordUnchanged: {
    id: 'common.password_unchanged',
    defaultMessage: 'The new password must be different from the current one.',
  },
  fieldRefused: {
    id: 'common.field_refused',
    defaultMessage: 'The server refused this value. Check it and try again.',
  },
  unexpectedError: {
    id: 'common.unexpected_error',
    defaultMessage: 'An unexpected error occurred, please try again.',
  },
  tooManyAttempts: {
    id: 'common.too_many_attempts',
    defaultMessage: 'Too many attempts. Please wait a moment and try again.',
  },
  networkError: {
    id: 'common.network_error',
    defaultMessage: 'The server cannot be reached. Check your connection and try again.',
  },
});

export const commonMessages = defineMessages({
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
  retry: { id: 'common.retry', defaultMessage: 'Try again' },
  showPassword: { id: 'common.show_password', defaultMessage: 'Show password' },
  hidePassword: { id: 'common.hide_password', defaultMessage: 'Hide password' },
  appName: { id: 'common.app_name', defaultMessage: 'Prospecta' },
});

/** §5: a new password is too short (the server's password_too_short). */
export const passwordTooShortMessage = defineMessage<{ min: number }>({
  id: 'common.password_too_short',
  defaultMessage: 'The password must contain at least {min} characters.',
});

/** The browser tab's title: the page, whose data it shows, and the product. */
export const documentTitleMessages = {
  withUser: defineMessage<{ page: string; user: string }>({
    id: 'common.document_title_user',
    defaultMessage: '{page} · {user} · Prospecta',
  }),
  plain: defineMessage<{ page: string }>({
    id: 'common.document_title',
    defaultMessage: '{page} · Prospecta',
  }),
  unread: defineMessage<{ count: number; title: string }>({
    id: 'common.document_title_unread',
    defaultMessage: '({count}) {title}',
  }),
};

/** The page names the titles use. */
export const pageNameMessages = defineMessages({
  dashboard: { id: 'common.page_dashboard', defaultMessage: 'Dashboard' },
  inbox: { id: 'common.page_inbox', defaultMessage: 'Inbox' },
  tasks: { id: 'common.page_tasks', defaultMessage: 'Tasks' },
  campaigns: { id: 'common.page_campaigns', defaultMessage: 'Campaigns' },
  profile: { id: 'common.page_profile', defaultMessage: 'Profile' },
  info: { id: 'common.page_info', defaultMessage: 'Information' },
  integrations: { id: 'common.page_integrations', defaultMessage: 'Integrations' },
  onboarding: { id: 'common.page_onboarding', defaultMessage: 'Onboarding questionnaire' },
  wizard: { id: 'common.page_wizard', defaultMessage: 'AI campaign wizard' },
  login: { id: 'common.page_login', defaultMessage: 'Sign in' },
  resetPassword: { id: 'common.page_reset_password', defaultMessage: 'Forgotten password' },
  changePassword: { id: 'common.page_change_password', defaultMessage: 'Choose a new password' },
  notFound: { id: 'common.page_not_found', defaultMessage: 'Page not found' },
  caughtMails: { id: 'common.page_caught_mails', defaultMessage: 'Caught mails' },
});

/**
 * The reply labels' names (packages/domain REPLY_LABELS): the inbox's chips and label control, and the history's
 * sentence when a label changes. The export sheet names them the same (packages/domain EXPORT_LABELS).
 */
export const replyLabelMessages = defineMessages({
  auto_reply: { id: 'common.reply_label_auto_reply', defaultMessage: 'Automatic reply' },
  bounce: { id: 'common.reply_label_bounce', defaultMessage: 'Bounce' },
  unsubscribe: { id: 'common.reply_label_unsubscribe', defaultMessage: 'Unsubscribe request' },
  interested: { id: 'common.reply_label_interested', defaultMessage: 'Interested' },
  meeting_requested: {
    id: 'common.reply_label_meeting_requested',
    defaultMessage: 'Meeting requested',
  },
  not_interested: { id: 'common.reply_label_not_interested', defaultMessage: 'Not interested' },
  wrong_person: {
    id: 'common.reply_label_wrong_person',
    defaultMessage: 'Wrong person or referral',
  },
  other: { id: 'common.reply_label_other', defaultMessage: 'Other' },
}) satisfies Record<ReplyLabel, MessageDescriptor>;
