import { defineMessages } from 'react-intl';

export const messages = defineMessages({
  title: { id: 'notFound.title', defaultMessage: 'Page not found' },
  description: {
    id: 'notFound.description',
    defaultMessage: 'The page you are looking for does not exist or has moved.',
  },
  back: { id: 'notFound.back', defaultMessage: 'Go back' },
  home: { id: 'notFound.home', defaultMessage: 'Back to the home page' },
});
