/** The product's languages (§1): French and English, French when nothing else applies. */
export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** §1: the initial language comes from the browser (fr or en), otherwise fr. */
export function detectBrowserLocale(languages: readonly string[] | undefined): Locale {
  for (const language of languages ?? []) {
    const base = language.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
