import type { Locale } from './locale';

/** §1: every date is shown in this time zone. */
export const PRODUCT_TIME_ZONE = 'Europe/Zurich';

/** The Intl locale each language formats dates with (Swiss French, British English: day before month). */
export const DATE_LOCALE_TAGS = { fr: 'fr-CH', en: 'en-GB' } as const satisfies Record<Locale, string>;
