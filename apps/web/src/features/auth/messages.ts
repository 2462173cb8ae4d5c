import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  loginTitle: { id: 'login.title', defaultMessage: 'Sign in' },
  loginSubtitle: {
    id: 'login.subtitle',
    defaultMessage: 'Follow your prospects, answers and campaigns.',
  },
  email: { id: 'login.email', defaultMessage: 'E-mail address' },
  password: { id: 'login.password', defaultMessage: 'Password' },
  submit: { id: 'login.submit', defaultMessage: 'Sign in' },
  forgotPassword: { id: 'login.forgot_password', defaultMessage: 'Forgot your password?' },
  errorInvalidCredentials: {
    id: 'login.error_invalid_credentials',
    defaultMessage: 'Invalid Credentials',
  },
  sessionExpired: {
    id: 'login.session_expired',
    defaultMessage: 'Session expired. Please sign in again.',
  },
  refreshFailed: {
    id: 'login.refresh_failed',
    defaultMessage: 'Failed to refresh token. Please sign in again.',
  },
  signedOutElsewhere: {
    id: 'login.signed_out_elsewhere',
    defaultMessage: 'You were signed out in another tab.',
  },
  signedOut: { id: 'login.signed_out', defaultMessage: 'You are signed out.' },
  resetTitle: { id: 'login.reset_title', defaultMessage: 'Reset your password' },
  resetDescription: {
    id: 'login.reset_description',
    defaultMessage:
      'Enter the e-mail address of your account: we will send you a link to choose a new password.',
  },
  resetSubmit: { id: 'login.reset_submit', defaultMessage: 'Send the link' },
  backToLogin: { id: 'login.back_to_login', defaultMessage: 'Back to sign in' },
  successPasswordReset: {
    id: 'login.success_password_reset',
    defaultMessage:
      'If an account exists for this address, an e-mail with a link to choose a new password is on its way.',
  },
  changeTitle: { id: 'login.change_title', defaultMessage: 'Choose a new password' },
  changeDescription: {
    id: 'login.change_description',
    defaultMessage: 'Your new password needs at least 8 characters.',
  },
  newPassword: { id: 'login.new_password', defaultMessage: 'New password' },
  confirmPassword: { id: 'login.confirm_password', defaultMessage: 'Confirm the new password' },
  changeSubmit: { id: 'login.change_submit', defaultMessage: 'Save the new password' },
  successChangePassword: {
    id: 'login.success_change_password',
    defaultMessage: 'Your password has been changed. You can now sign in with it.',
  },
  errorChangePassword: {
    id: 'login.error_change_password',
    defaultMessage: 'The password could not be changed. Please try again.',
  },
  invalidLink: {
    id: 'login.invalid_link',
    defaultMessage:
      'This link is invalid or has expired. Ask for a new one to reset your password.',
  },
  requestNewLink: { id: 'login.request_new_link', defaultMessage: 'Ask for a new link' },
  goToLogin: { id: 'login.go_to_login', defaultMessage: 'Go to sign in' },
  checkingSession: { id: 'login.checking_session', defaultMessage: 'Checking your session…' },
  checkingLink: { id: 'login.checking_link', defaultMessage: 'Checking your link…' },
});
