import { defineMessages } from 'react-intl';

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
