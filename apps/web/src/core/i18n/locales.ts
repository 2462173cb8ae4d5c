/** The product's languages live in @prospecta/domain; the app's i18n modules import them from here. */
export {
  DEFAULT_LOCALE,
  LOCALES,
  detectBrowserLocale,
  isLocale,
  type Locale,
} from '@prospecta/domain';
