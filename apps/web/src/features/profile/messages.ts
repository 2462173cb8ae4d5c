import { defineMessage, defineMessages } from 'react-intl';
import type { Elision } from '../../core/i18n';

export const messages = defineMessages({
  pageTitle: defineMessage<{ name: string; elision: Elision }>({
    id: 'profile.page_title',
    defaultMessage: '{elision, select, other {Account of {name}}}',
  }),
  tabs: { id: 'profile.tabs', defaultMessage: 'Account sections' },
  tabProfile: { id: 'profile.tab_profile', defaultMessage: 'Profile' },
  tabInfo: { id: 'profile.tab_info', defaultMessage: 'Information' },
  tabIntegrations: { id: 'profile.tab_integrations', defaultMessage: 'Integrations' },
  loadError: { id: 'profile.load_error', defaultMessage: 'This profile could not be loaded.' },
  detailsTitle: { id: 'profile.details_title', defaultMessage: 'Profile' },
  fullName: { id: 'profile.full_name', defaultMessage: 'Full name' },
  email: { id: 'profile.email', defaultMessage: 'E-mail address' },
  companyName: { id: 'profile.company_name', defaultMessage: 'Company name' },
  website: { id: 'profile.website', defaultMessage: 'Website' },
  commercialActivity: { id: 'profile.commercial_activity', defaultMessage: 'Commercial activity' },
  description: { id: 'profile.description', defaultMessage: 'Description' },
  notProvided: { id: 'profile.not_provided', defaultMessage: 'Not provided' },
  passwordTitle: { id: 'profile.password_title', defaultMessage: 'Change my password' },
  passwordOtherUser: defineMessage<{ name: string }>({
    id: 'profile.password_other_user',
    defaultMessage: 'Only {name} can change their own password, from their profile.',
  }),
  currentPassword: { id: 'profile.current_password', defaultMessage: 'Current password' },
  newPassword: { id: 'profile.new_password', defaultMessage: 'New password' },
  confirmNewPassword: {
    id: 'profile.confirm_new_password',
    defaultMessage: 'Confirm the new password',
  },
  passwordSubmit: { id: 'profile.password_submit', defaultMessage: 'Change the password' },
  passwordChanged: {
    id: 'profile.password_changed',
    defaultMessage: 'Your password has been changed.',
  },
  sessionsTitle: { id: 'profile.sessions_title', defaultMessage: 'Sessions' },
  sessionsHint: {
    id: 'profile.sessions_hint',
    defaultMessage:
      'Signed in on a device you no longer use, or on a shared computer? Sign out everywhere ends every session of your account, this one included; you will then sign in again.',
  },
  signOutEverywhere: { id: 'profile.sign_out_everywhere', defaultMessage: 'Sign out everywhere' },
  signedOutEverywhere: {
    id: 'profile.signed_out_everywhere',
    defaultMessage: 'You have been signed out on every device.',
  },
  signOutEverywhereError: {
    id: 'profile.sign_out_everywhere_error',
    defaultMessage: 'The sessions could not be ended. You are still signed in; please try again.',
  },
  passwordError: {
    id: 'profile.password_error',
    defaultMessage: 'The password could not be changed. Please try again.',
  },
  debugTitle: { id: 'profile.debug_title', defaultMessage: 'Technical information' },
  debugHint: {
    id: 'profile.debug_hint',
    defaultMessage: 'Copy this line and paste it into your message when you contact support.',
  },
  debugLine: defineMessage<{ browser: string; os: string; device: string; version: string }>({
    id: 'profile.debug_line',
    defaultMessage:
      'Browser: {browser} · Operating system: {os} · Device: {device} · App version: {version}',
  }),
  deviceDesktop: { id: 'profile.device_desktop', defaultMessage: 'computer' },
  deviceMobile: { id: 'profile.device_mobile', defaultMessage: 'phone' },
  deviceTablet: { id: 'profile.device_tablet', defaultMessage: 'tablet' },
  deviceOther: { id: 'profile.device_other', defaultMessage: 'other device' },
  copy: { id: 'profile.copy', defaultMessage: 'Copy' },
  copySuccess: {
    id: 'profile.copy_success',
    defaultMessage: 'The technical information was copied to the clipboard.',
  },
  copyError: {
    id: 'profile.copy_error',
    defaultMessage: 'Could not copy to the clipboard.',
  },
});
