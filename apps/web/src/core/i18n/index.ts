export * from './locales';
export { mergeCatalogues, withFallback, type Catalogue } from './catalogues';
export { hasMessages, loadMessages, messagesFor } from './bundle';
export { LocaleProvider, useLocale } from './LocaleProvider';
export { formatZurichDateTime, formatZurichDay } from './dates';
export { useZurichDateTime } from './useDateFormat';
