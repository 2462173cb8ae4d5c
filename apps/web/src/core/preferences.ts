// zod/mini: the preferences load with the first chunk, the tree-shakable build keeps it small.
import { z } from 'zod/mini';
import { LOCALES } from '@prospecta/domain';

import { PREFERENCE_PREFIX } from './preferencePrefix';

export { PREFERENCE_PREFIX };

const schemas = {
  locale: z.enum(LOCALES),
  theme: z.enum(['light', 'dark', 'system']),
  token: z.string().check(z.minLength(1)),
  refreshToken: z.string().check(z.minLength(1)),
  appVersion: z.string().check(z.regex(/^\d+\.\d+\.\d+$/)),
  campaignView: z.enum(['column', 'table']),
  selectedUser: z.object({ id: z.int().check(z.positive()), name: z.string() }),
} as const;

export type PreferenceKey = keyof typeof schemas;
export type PreferenceMap = { [K in PreferenceKey]: z.infer<(typeof schemas)[K]> };

/** Raw strings for tokens (other tabs read them as is); JSON for the rest. */
const RAW_KEYS: ReadonlySet<PreferenceKey> = new Set([
  'token',
  'refreshToken',
  'appVersion',
  'locale',
  'theme',
  'campaignView',
]);

export function storageKey(key: string): string {
  return `${PREFERENCE_PREFIX}${key}`;
}

export interface Preferences {
  get<K extends PreferenceKey>(key: K): PreferenceMap[K] | null;
  set<K extends PreferenceKey>(key: K, value: PreferenceMap[K]): void;
  remove(key: PreferenceKey): void;
  /** Free-form JSON preference of a feature (e.g. 'dashboard.view'); `parse` validates what was stored. */
  getCustom<T>(key: string, parse: (value: unknown) => T | null): T | null;
  setCustom(key: string, value: unknown): void;
  /** The stored text of a free-form preference (for change detection), or null. */
  getCustomRaw(key: string): string | null;
  removeCustom(key: string): void;
  /** Called on any change, from this tab or (through the `storage` event) another one. */
  subscribe(listener: (key: string | null) => void): () => void;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createPreferences(
  storage: Storage,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = null,
): Preferences {
  const listeners = new Set<(key: string | null) => void>();
  const emit = (key: string | null) => listeners.forEach((listener) => listener(key));

  const read = (key: string): string | null => {
    try {
      return storage.getItem(storageKey(key));
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) storage.removeItem(storageKey(key));
      else storage.setItem(storageKey(key), value);
    } catch {
      // Storage can be full or disabled (private mode): the preference then lives for this page only.
    }
    emit(key);
  };

  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key === null) emit(null);
    else if (key.startsWith(PREFERENCE_PREFIX)) emit(key.slice(PREFERENCE_PREFIX.length));
  };

  return {
    get(key) {
      const raw = read(key);
      if (raw === null) return null;
      const parsed = schemas[key].safeParse(RAW_KEYS.has(key) ? raw : safeJson(raw));
      return parsed.success ? (parsed.data as PreferenceMap[typeof key]) : null;
    },
    set(key, value) {
      const parsed = schemas[key].safeParse(value);
      if (!parsed.success) throw new Error(`The value is not a valid '${key}' preference.`);
      write(key, RAW_KEYS.has(key) ? String(parsed.data) : JSON.stringify(parsed.data));
    },
    remove(key) {
      write(key, null);
    },
    getCustom(key, parse) {
      const raw = read(key);
      if (raw === null) return null;
      return parse(safeJson(raw));
    },
    getCustomRaw(key) {
      return read(key);
    },
    setCustom(key, value) {
      write(key, JSON.stringify(value));
    },
    removeCustom(key) {
      write(key, null);
    },
    subscribe(listener) {
      if (listeners.size === 0) target?.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) target?.removeEventListener('storage', onStorage);
      };
    },
  };
}
