import type { MessageFormatElement } from 'react-intl';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

/**
 * Id → message: ICU text, or (production build, see apps/web/vite.config.ts) the same message already parsed,
 * so the app ships without the ICU parser.
 */
export type Catalogue = Record<string, string | MessageFormatElement[]>;

type JsonModule = { default: unknown } | Record<string, unknown>;

/** `features/<feature>/i18n/<locale>.json`, and the texts shared by every feature in `core/messages/i18n/<locale>.json`. */
const PATH_PATTERN = /(?:\/features\/([^/]+)|(?:^|\/)(messages))\/i18n\/([^/]+)\.json$/;

/**
 * Merges the per-feature catalogues (`features/<feature>/i18n/<locale>.json`, and core's shared texts) into one catalogue per locale.
 * Throws a clear error for an unknown locale file, a message that is neither text nor a parsed message, or an id
 * defined by two features.
 */
export function mergeCatalogues(modules: Record<string, JsonModule>): Record<Locale, Catalogue> {
  const merged = Object.fromEntries(LOCALES.map((l) => [l, {} as Catalogue])) as Record<
    Locale,
    Catalogue
  >;
  const origin = new Map<string, string>();
  for (const [path, module] of Object.entries(modules)) {
    const match = PATH_PATTERN.exec(path);
    if (!match) throw new Error(`i18n: unexpected catalogue path ${path}`);
    const feature = match[1] ?? match[2] ?? '';
    const locale = match[3] ?? '';
    if (!(LOCALES as readonly string[]).includes(locale)) {
      throw new Error(
        `i18n: unknown locale "${locale}" in ${path} (expected one of ${LOCALES.join(', ')})`,
      );
    }
    const content = 'default' in module ? module.default : module;
    if (typeof content !== 'object' || content === null || Array.isArray(content)) {
      throw new Error(`i18n: ${path} must contain an object of id → message`);
    }
    const target = merged[locale as Locale];
    for (const [id, text] of Object.entries(content)) {
      if (typeof text !== 'string' && !Array.isArray(text))
        throw new Error(`i18n: message "${id}" in ${path} is not a string (nor a parsed message)`);
      const key = `${locale}:${id}`;
      const previous = origin.get(key);
      if (previous !== undefined && previous !== feature) {
        throw new Error(
          `i18n: message "${id}" is defined by both features ${previous} and ${feature}`,
        );
      }
      origin.set(key, feature);
      target[id] = text as string | MessageFormatElement[];
    }
  }
  return merged;
}

/** French is the fallback: a message missing from a locale shows its French text. */
export function withFallback(catalogues: Record<Locale, Catalogue>, locale: Locale): Catalogue {
  if (locale === DEFAULT_LOCALE) return catalogues[DEFAULT_LOCALE];
  return { ...catalogues[DEFAULT_LOCALE], ...catalogues[locale] };
}
