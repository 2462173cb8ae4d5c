import { defineMessage, defineMessages } from 'react-intl';
import type { Elision } from '../../core/i18n';

export const startupMessages = defineMessages({
  title: { id: 'shell.startup_error_title', defaultMessage: 'The application could not start' },
  description: {
    id: 'shell.startup_error_description',
    defaultMessage:
      'The configuration of the application could not be loaded. Please reload the page in a moment.',
  },
  reload: { id: 'shell.startup_error_reload', defaultMessage: 'Reload the page' },
});

/** A route that failed to render: the page says so and offers a reload. */
export const routeErrorMessages = defineMessages({
  title: { id: 'shell.route_error_title', defaultMessage: 'This page could not be shown.' },
  body: {
    id: 'shell.route_error_body',
    defaultMessage:
      'Something went wrong while showing this page. Reload it to try again; if it happens again, tell us what you were doing.',
  },
  newVersionTitle: {
    id: 'shell.new_version_title',
    defaultMessage: 'A new version of Prospecta is available.',
  },
  newVersionBody: {
    id: 'shell.new_version_body',
    defaultMessage: 'Reload the page to get it: everything you saved is kept.',
  },
  reloading: { id: 'shell.new_version_reloading', defaultMessage: 'Loading the new version…' },
});

/** A screen whose data could not be loaded (ScreenLoadError); its title says which data. */
export const screenLoadErrorMessages = defineMessages({
  body: {
    id: 'shell.load_error_body',
    defaultMessage: 'Check your connection, then try again.',
  },
});

/** A /users/{id} address whose user does not exist. */
export const unknownUserMessages = defineMessages({
  title: { id: 'shell.unknown_user_title', defaultMessage: 'This user does not exist.' },
  body: {
    id: 'shell.unknown_user_body',
    defaultMessage:
      'No user has this number: the address may be wrong, or the account was removed. Choose a customer to see their data.',
  },
  back: { id: 'shell.unknown_user_back', defaultMessage: 'Choose a customer' },
});

export const sessionMessages = defineMessages({
  refreshing: { id: 'shell.refreshing_session', defaultMessage: 'Refreshing session...' },
  loading: { id: 'shell.loading_session', defaultMessage: 'Loading your session…' },
  profileFailed: {
    id: 'shell.profile_failed',
    defaultMessage: 'Your profile could not be loaded.',
  },
});

export const shellMessages = defineMessages({
  notifications: { id: 'shell.notifications', defaultMessage: 'Notifications Alt+T' },
  close: { id: 'shell.close', defaultMessage: 'Close' },
  mainNavigation: { id: 'shell.main_navigation', defaultMessage: 'Main navigation' },
  dashboard: { id: 'shell.nav_dashboard', defaultMessage: 'Dashboard' },
  campaigns: { id: 'shell.nav_campaigns', defaultMessage: 'Campaigns' },
  inbox: { id: 'shell.nav_inbox', defaultMessage: 'Inbox' },
  tasks: { id: 'shell.nav_tasks', defaultMessage: 'Tasks' },
  aiWizard: { id: 'shell.nav_ai_wizard', defaultMessage: 'AI campaign wizard' },
  caughtMails: { id: 'shell.nav_caught_mails', defaultMessage: 'Caught mails' },
  newFeatures: { id: 'shell.new_features', defaultMessage: 'New features' },
  unreadCount: defineMessage<{ count: number }>({
    id: 'shell.unread_count',
    defaultMessage:
      '{count, plural, =0 {No unread answers} one {# unread answer} other {# unread answers}}',
  }),
  unreadUnknown: {
    id: 'shell.unread_unknown',
    defaultMessage: 'Unread answers of this user: not shown',
  },
  openSidebar: { id: 'shell.open_sidebar', defaultMessage: 'Open the menu' },
  closeSidebar: { id: 'shell.close_sidebar', defaultMessage: 'Close the menu' },
  userMenu: defineMessage<{ name: string; elision: Elision }>({
    id: 'shell.user_menu',
    defaultMessage: '{elision, select, other {Account menu of {name}}}',
  }),
  myProfile: { id: 'shell.my_profile', defaultMessage: 'My profile' },
  signOut: { id: 'shell.sign_out', defaultMessage: 'Sign out' },
  userSearch: { id: 'shell.user_search', defaultMessage: 'Show the data of' },
  userSearchPlaceholder: {
    id: 'shell.user_search_placeholder',
    defaultMessage: 'Name or company',
  },
  userSearchEmpty: {
    id: 'shell.user_search_empty',
    defaultMessage: 'No user matches this search.',
  },
  userSearchError: {
    id: 'shell.user_search_error',
    defaultMessage: 'The users could not be loaded.',
  },
  viewingUser: defineMessage<{ name: string; elision: Elision }>({
    id: 'shell.viewing_user',
    defaultMessage: '{elision, select, other {You are viewing the data of {name}.}}',
  }),
  copyright: defineMessage<{ year: number }>({
    id: 'shell.copyright',
    defaultMessage: '© {year} Prospecta. All rights reserved.',
  }),
  footerLink: { id: 'shell.footer_link', defaultMessage: 'Help and contact' },
});

/** Staff at '/' without a selected customer. */
export const pickerMessages = {
  ...defineMessages({
    title: { id: 'shell.picker_title', defaultMessage: 'Choose a customer' },
    intro: {
      id: 'shell.picker_intro',
      defaultMessage:
        'Pick the customer whose data you want to see. You can switch at any time with the search in the sidebar.',
    },
    searchLabel: {
      id: 'shell.picker_search_label',
      defaultMessage: 'Search a customer by name or company',
    },
    searchPlaceholder: { id: 'shell.picker_search_placeholder', defaultMessage: 'e.g. Moreau' },
    listLabel: { id: 'shell.picker_list_label', defaultMessage: 'Customers' },
    loading: { id: 'shell.picker_loading', defaultMessage: 'Loading the customers…' },
    loadError: {
      id: 'shell.picker_load_error',
      defaultMessage: 'The customers could not be loaded.',
    },
    empty: { id: 'shell.picker_empty', defaultMessage: 'There is no customer yet.' },
    noMatchHint: {
      id: 'shell.picker_no_match_hint',
      defaultMessage: 'Check the spelling, or search by company.',
    },
    noCompany: { id: 'shell.picker_no_company', defaultMessage: 'No company given' },
  }),
  noMatch: defineMessage<{ search: string }>({
    id: 'shell.picker_no_match',
    defaultMessage: 'No customer matches “{search}”.',
  }),
};
