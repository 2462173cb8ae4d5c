import { defineMessage, defineMessages } from 'react-intl';

/** Every text of the tasks page (decision 0173). Catalogues: ./i18n/{fr,en}.json; the cards': the prospect feature. */
export const messages = {
  ...defineMessages({
    title: { id: 'tasks.title', defaultMessage: 'Tasks' },
    description: {
      id: 'tasks.description',
      defaultMessage: 'The LinkedIn steps of your campaigns, to do by hand, due first.',
    },
    loading: { id: 'tasks.loading', defaultMessage: 'Loading the tasks…' },
    errorTitle: { id: 'tasks.error_title', defaultMessage: 'The tasks could not be loaded.' },
    emptyTitle: { id: 'tasks.empty_title', defaultMessage: 'No task to do' },
    emptyBody: {
      id: 'tasks.empty_body',
      defaultMessage: 'When a LinkedIn step of a campaign is due for a prospect, it shows up here.',
    },
    listLabel: { id: 'tasks.list_label', defaultMessage: 'Open tasks' },
  }),
  count: defineMessage<{ count: number }>({
    id: 'tasks.count',
    defaultMessage: '{count, plural, =0 {No open task} one {# open task} other {# open tasks}}',
  }),
  capped: defineMessage<{ shown: number }>({
    id: 'tasks.capped',
    defaultMessage:
      'The {shown} tasks due first are shown; the others come once these are done or skipped.',
  }),
};
