import { defineMessage, defineMessages } from 'react-intl';

/** The texts of a LinkedIn task's card (prospect modal and tasks page). Catalogues: ./i18n/{fr,en}.json. */
export const taskMessages = {
  ...defineMessages({
    title: { id: 'prospect.tasks_title', defaultMessage: 'LinkedIn tasks to do' },
    loadError: {
      id: 'prospect.tasks_load_error',
      defaultMessage: 'The tasks of this prospect could not be loaded.',
    },
    typeInvitation: { id: 'prospect.task_type_invitation', defaultMessage: 'LinkedIn invitation' },
    typeMessage: { id: 'prospect.task_type_message', defaultMessage: 'LinkedIn message' },
    dueToday: { id: 'prospect.task_due_today', defaultMessage: 'Due today' },
    text: { id: 'prospect.task_text', defaultMessage: 'Text to copy' },
    noText: { id: 'prospect.task_no_text', defaultMessage: 'This step has no text to copy.' },
    copy: { id: 'prospect.task_copy', defaultMessage: 'Copy the text' },
    copied: { id: 'prospect.task_copied', defaultMessage: 'The text is copied.' },
    copyError: { id: 'prospect.task_copy_error', defaultMessage: 'The text could not be copied.' },
    openLinkedin: {
      id: 'prospect.task_open_linkedin',
      defaultMessage: 'Open the LinkedIn profile',
    },
    done: { id: 'prospect.task_done', defaultMessage: 'Done' },
    skip: { id: 'prospect.task_skip', defaultMessage: 'Skip' },
    failedDone: {
      id: 'prospect.task_failed_done',
      defaultMessage: 'The task could not be marked as done: it is back in the list. Try again.',
    },
    failedSkipped: {
      id: 'prospect.task_failed_skipped',
      defaultMessage: 'The task could not be skipped: it is back in the list. Try again.',
    },
  }),
  step: defineMessage<{ position: number; name: string }>({
    id: 'prospect.task_step',
    defaultMessage: 'Step {position}: {name}',
  }),
  headingFor: defineMessage<{ type: string; name: string }>({
    id: 'prospect.task_heading_for',
    defaultMessage: '{type} for {name}',
  }),
  campaign: defineMessage<{ name: string }>({
    id: 'prospect.task_campaign',
    defaultMessage: 'Campaign: {name}',
  }),
  dueOn: defineMessage<{ date: string }>({
    id: 'prospect.task_due_on',
    defaultMessage: 'Due on {date}',
  }),
  overdue: defineMessage<{ date: string }>({
    id: 'prospect.task_overdue',
    defaultMessage: 'Overdue since {date}',
  }),
};
