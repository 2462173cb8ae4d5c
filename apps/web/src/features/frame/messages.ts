import { defineMessages } from 'react-intl';

export const frameMessages = defineMessages({
  language: { id: 'frame.language', defaultMessage: 'Language' },
  languageFr: { id: 'frame.language_fr', defaultMessage: 'Français' },
  languageEn: { id: 'frame.language_en', defaultMessage: 'English' },
});
