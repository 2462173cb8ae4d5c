import { mergeCatalogues, withFallback, type Catalogue } from './catalogues';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

type CatalogueModule = { default: Record<string, string> };

/**
 * The production app (apps/web/vite.config.ts sets `import.meta.env.LAZY_MESSAGES`) fetches the catalogues of a locale
 * on demand: `main.tsx` loads them beside /config.json, before the first render, so the first chunk carries no text.
 * Everywhere else (unit tests, stories) every catalogue is bundled and a screen renders at once.
 */
const lazyMessages = import.meta.env.LAZY_MESSAGES === true;

const bundled: Record<string, CatalogueModule> = lazyMessages
  ? {}
  : import.meta.glob<CatalogueModule>(['../../features/*/i18n/*.json', '../messages/i18n/*.json'], { eager: true });

const onDemand: Record<string, () => Promise<CatalogueModule>> = lazyMessages
  ? import.meta.glob<CatalogueModule>(['../../features/*/i18n/*.json', '../messages/i18n/*.json'])
  : {};

const loaded = new Map<Locale, Catalogue>();
const pending = new Map<Locale, Promise<Catalogue>>();

if (!lazyMessages) {
  const merged = mergeCatalogues(bundled);
  for (const locale of LOCALES) loaded.set(locale, merged[locale]);
}

const FILE_LOCALE = /\/([^/]+)\.json$/;

/** Fetches and merges the catalogues of one locale (cached; a failed fetch can be tried again). */
function loadOne(locale: Locale): Promise<Catalogue> {
  const ready = loaded.get(locale);
  if (ready) return Promise.resolve(ready);
  const running = pending.get(locale);
  if (running) return running;
  const paths = Object.keys(onDemand).filter((path) => FILE_LOCALE.exec(path)?.[1] === locale);
  const promise = Promise.all(
    paths.map(async (path) => [path, await onDemand[path]!()] as const),
  ).then(
    (modules) => {
      const catalogue = mergeCatalogues(Object.fromEntries(modules))[locale];
      loaded.set(locale, catalogue);
      pending.delete(locale);
      return catalogue;
    },
    (error: unknown) => {
      pending.delete(locale);
      throw new Error(`i18n: the ${locale} messages could not be loaded.`, { cause: error });
    },
  );
  pending.set(locale, promise);
  return promise;
}

/** Loads a locale's messages and the French fallback; resolves once `messagesFor(locale)` can answer. */
export async function loadMessages(locale: Locale): Promise<void> {
  await Promise.all([loadOne(DEFAULT_LOCALE), loadOne(locale)]);
}

/** Whether the messages of a locale (and the French fallback) are available. */
export function hasMessages(locale: Locale): boolean {
  return loaded.has(DEFAULT_LOCALE) && loaded.has(locale);
}

/** The messages of a locale, French filling any gap. Throws when they were not loaded (see `loadMessages`). */
export function messagesFor(locale: Locale): Catalogue {
  const own = loaded.get(locale);
  const fallback = loaded.get(DEFAULT_LOCALE);
  if (!own || !fallback) throw new Error(`i18n: the ${locale} messages are not loaded yet.`);
  const all = Object.fromEntries(LOCALES.map((l) => [l, loaded.get(l) ?? {}])) as Record<Locale, Catalogue>;
  return withFallback(all, locale);
}
