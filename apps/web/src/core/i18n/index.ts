export * from './locales';
export { loadAppMessages, loadMessages } from './bundle';
export { LocaleProvider, useLocale } from './LocaleProvider';
export { formatZurichDateTime, formatZurichDay } from './dates';
export { useZurichDateTime } from './useDateFormat';
export { elision, withElision, type Elision } from './elision';
