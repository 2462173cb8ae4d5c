import { defineMessage, defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'wizard.title', defaultMessage: 'AI campaign wizard' },
  steps: { id: 'wizard.steps', defaultMessage: 'Steps of the wizard' },
  settings: { id: 'wizard.step_settings', defaultMessage: 'Settings' },
  campaignBrief: { id: 'wizard.step_campaign_brief', defaultMessage: 'Campaign brief' },
  messagingStrategy: { id: 'wizard.step_messaging_strategy', defaultMessage: 'Messaging strategy' },
  landingPages: { id: 'wizard.step_landing_pages', defaultMessage: 'Landing pages' },
  summary: { id: 'wizard.step_summary', defaultMessage: 'Summary' },
  stepCompleted: { id: 'wizard.step_completed', defaultMessage: 'This step is completed.' },
  stepLocked: {
    id: 'wizard.step_locked',
    defaultMessage: 'This step is not accessible yet: complete the steps before it.',
  },
  stepOf: defineMessage<{ current: number; total: number }>({
    id: 'wizard.step_of',
    defaultMessage: 'Step {current} of {total}',
  }),
  bodyPending: {
    id: 'wizard.body_pending',
    defaultMessage:
      'The content of this step is not available yet. You can mark the step as done to open the next one.',
  },
  complete: { id: 'wizard.complete', defaultMessage: 'Mark this step as done' },
  completeLast: { id: 'wizard.complete_last', defaultMessage: 'Mark the wizard as done' },
  allDone: { id: 'wizard.all_done', defaultMessage: 'Every step of the wizard is done.' },
  restart: { id: 'wizard.restart', defaultMessage: 'Start again' },
});
