import { defineMessages } from 'react-intl';

export const startupMessages = defineMessages({
  title: { id: 'shell.startup_error_title', defaultMessage: 'The application could not start' },
  description: {
    id: 'shell.startup_error_description',
    defaultMessage: 'The configuration of the application could not be loaded. Please reload the page in a moment.',
  },
  reload: { id: 'shell.startup_error_reload', defaultMessage: 'Reload the page' },
});
