import { mergeCatalogues, withFallback, type Catalogue } from './catalogues';
import { LOCALES, type Locale } from './locales';
import { scopeOfFeature, type MessageScope } from './scopes';

type CatalogueModule = { default: Record<string, string> };

/**
 * The production app (apps/web/vite.config.ts sets `import.meta.env.LAZY_MESSAGES`) fetches the catalogues of a locale
 * on demand, in two parts (core/i18n/scopes.ts): `main.tsx` loads the `start` part beside /config.json, before the first
 * render (and the `app` part too when a session is stored), and the signed-in area's route loads the `app` part with
 * its code. The build fills each locale's gaps with the French text, so a locale never needs the French catalogue
 * at run time. Everywhere else (unit tests, stories) every catalogue is bundled and a screen renders at once.
 */
const lazyMessages = import.meta.env.LAZY_MESSAGES === true;

const bundled: Record<string, CatalogueModule> = lazyMessages
  ? {}
  : import.meta.glob<CatalogueModule>(['../../features/*/i18n/*.json', '../messages/i18n/*.json'], {
      eager: true,
    });

const onDemand: Record<string, () => Promise<CatalogueModule>> = lazyMessages
  ? import.meta.glob<CatalogueModule>(['../../features/*/i18n/*.json', '../messages/i18n/*.json'])
  : {};

const SCOPES: readonly MessageScope[] = ['start', 'app'];
/** A feature's catalogue (group 1: its name) or core's shared texts (`../messages/i18n`); group 2: the locale. */
const FILE = /(?:\/features\/([^/]+)|(?:^|\/)messages)\/i18n\/([^/]+)\.json$/;

/** The catalogue of each (locale, scope) loaded so far. */
const loaded = new Map<string, Catalogue>();
const pending = new Map<string, Promise<Catalogue>>();
const part = (locale: Locale, scope: MessageScope) => `${locale}:${scope}`;
/** Which scopes a locale needs now: `app` once the signed-in area was asked for (`loadAppMessages`). */
const wanted = new Set<MessageScope>(['start']);
/** The locales asked for, whose `app` part `loadAppMessages` fetches. */
const asked = new Set<Locale>();

let revision = 0;
const listeners = new Set<() => void>();
const changed = () => {
  revision += 1;
  for (const listener of [...listeners]) listener();
};

/** Tests and stories: every message is in the `start` part, the `app` part is this empty one. */
const NOTHING: Catalogue = {};
if (!lazyMessages) {
  const all = mergeCatalogues(bundled);
  for (const locale of LOCALES) {
    loaded.set(part(locale, 'start'), withFallback(all, locale));
    loaded.set(part(locale, 'app'), NOTHING);
  }
}

/** Fetches and merges the catalogues of one part of a locale (cached; a failed fetch can be tried again). */
function loadPart(locale: Locale, scope: MessageScope): Promise<Catalogue> {
  const key = part(locale, scope);
  const ready = loaded.get(key);
  if (ready) return Promise.resolve(ready);
  const running = pending.get(key);
  if (running) return running;
  const paths = Object.keys(onDemand).filter((path) => {
    const match = FILE.exec(path);
    return match?.[2] === locale && scopeOfFeature(match[1] ?? 'core') === scope;
  });
  const promise = Promise.all(
    paths.map(async (path) => [path, await onDemand[path]!()] as const),
  ).then(
    (modules) => {
      const catalogue = mergeCatalogues(Object.fromEntries(modules))[locale];
      loaded.set(key, catalogue);
      pending.delete(key);
      changed();
      return catalogue;
    },
    (error: unknown) => {
      pending.delete(key);
      throw new Error(`i18n: the ${locale} messages could not be loaded.`, { cause: error });
    },
  );
  pending.set(key, promise);
  return promise;
}

/** Loads the parts of a locale's messages needed now; resolves once `hasMessages(locale)` holds. */
export async function loadMessages(locale: Locale, options: { app?: boolean } = {}): Promise<void> {
  if (options.app) wanted.add('app');
  asked.add(locale);
  await Promise.all([...wanted].map((scope) => loadPart(locale, scope)));
}

/**
 * The signed-in area is about to show: its messages (the `app` part) load for the languages asked for so far, and
 * for any language chosen later. Never rejects (a language that cannot load shows the texts written in the code;
 * LocaleProvider tries again).
 */
export async function loadAppMessages(): Promise<void> {
  wanted.add('app');
  await Promise.all([...asked].map((locale) => loadPart(locale, 'app'))).catch((error: unknown) => {
    console.error(error);
  });
}

/** Whether the messages a locale needs now are available. */
export function hasMessages(locale: Locale): boolean {
  return [...wanted].every((scope) => loaded.has(part(locale, scope)));
}

/** Calls `listener` whenever more messages arrived (for useSyncExternalStore, with `messagesRevision`). */
export function subscribeMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const messagesRevision = (): number => revision;

const merged = new Map<Locale, { revision: number; catalogue: Catalogue }>();

/**
 * The messages of a locale loaded so far (French filling any gap: at build time in production, here in tests and
 * stories); the same object until more arrive. Throws when none were loaded (see `loadMessages`).
 */
export function messagesFor(locale: Locale): Catalogue {
  const cached = merged.get(locale);
  if (cached?.revision === revision) return cached.catalogue;
  const parts = SCOPES.map((scope) => loaded.get(part(locale, scope))).filter(
    (catalogue): catalogue is Catalogue => catalogue !== undefined && catalogue !== NOTHING,
  );
  if (parts.length === 0) throw new Error(`i18n: the ${locale} messages are not loaded yet.`);
  const catalogue: Catalogue = parts.length === 1 ? parts[0]! : Object.assign({}, ...parts);
  merged.set(locale, { revision, catalogue });
  return catalogue;
}

/** Whether any of a locale's messages were loaded (`messagesFor` answers). */
export const hasAnyMessages = (locale: Locale): boolean =>
  SCOPES.some((scope) => loaded.has(part(locale, scope)));
