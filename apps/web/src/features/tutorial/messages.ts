import { defineMessage, defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: defineMessage<{ version: string }>({
    id: 'tutorial.title',
    defaultMessage: 'New features in version {version}',
  }),
  step: defineMessage<{ current: number; total: number }>({
    id: 'tutorial.step',
    defaultMessage: 'Step {current} of {total}',
  }),
  previous: { id: 'tutorial.previous', defaultMessage: 'Previous' },
  next: { id: 'tutorial.next', defaultMessage: 'Next' },
  skip: { id: 'tutorial.skip', defaultMessage: 'Skip' },
  finish: { id: 'tutorial.finish', defaultMessage: 'Got it' },
  close: { id: 'tutorial.close', defaultMessage: 'Close' },
  languageTitle: { id: 'tutorial.language_title', defaultMessage: 'Your language, remembered' },
  languageBody: {
    id: 'tutorial.language_body',
    defaultMessage:
      'Switch between French and English with the flags at the top of the page. Your choice is kept for your next visits.',
  },
  sessionTitle: { id: 'tutorial.session_title', defaultMessage: 'Stay signed in across tabs' },
  sessionBody: {
    id: 'tutorial.session_body',
    defaultMessage:
      'Your session renews itself quietly, and signing out in one tab signs you out in every other tab.',
  },
  profileTitle: { id: 'tutorial.profile_title', defaultMessage: 'Help us help you' },
  profileBody: {
    id: 'tutorial.profile_body',
    defaultMessage:
      'Your profile page has a line describing your browser and device. Copy it and paste it in your message when you contact support.',
  },
});
