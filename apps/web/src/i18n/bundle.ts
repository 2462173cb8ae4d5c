import { mergeCatalogues, withFallback, type Catalogue } from './catalogues';
import type { Locale } from './locales';

const modules = import.meta.glob<{ default: Record<string, string> }>('../features/*/i18n/*.json', {
  eager: true,
});

/** Every catalogue of every feature, merged per locale. */
export const catalogues = mergeCatalogues(modules);

/** The messages of a locale, French filling any gap. */
export function messagesFor(locale: Locale): Catalogue {
  return withFallback(catalogues, locale);
}
