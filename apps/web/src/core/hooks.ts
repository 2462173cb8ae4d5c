import { useCallback, useContext, useMemo, useSyncExternalStore, type Context } from 'react';
import { useParams } from 'react-router';
import {
  ApiClientsContext,
  PreferencesContext,
  QueryClientLoaderContext,
  ServerFeaturesContext,
  SessionContext,
  type ServerFeatures,
  type SessionContextValue,
} from './contexts';
import type { ApiClients } from './api';
import type { QueryClientLoader } from './queryClientLoader';
import { safeJson, type PreferenceKey, type PreferenceMap, type Preferences } from './preferences';

/** A context value that the app providers must supply; a clear error names the missing one. */
function useRequired<T>(context: Context<T | null>, message: string): T {
  const value = useContext(context);
  if (!value) throw new Error(message);
  return value;
}

/** The api-client clients `{ api, users }` wired to the session. */
export function useApiClients(): ApiClients {
  return useRequired(
    ApiClientsContext,
    'useApiClients must be used inside the app providers (ApiClientsContext is missing).',
  );
}

/** The app's query client, created when the signed-in area first needs it (core/queryClientLoader.ts). */
export function useQueryClientLoader(): QueryClientLoader {
  return useRequired(
    QueryClientLoaderContext,
    'useQueryClientLoader must be used inside the app providers (QueryClientLoaderContext is missing).',
  );
}

/** The signed-in user. Only inside authenticated routes. */
export function useSession(): SessionContextValue {
  return useRequired(
    SessionContext,
    'useSession must be used inside an authenticated route (SessionContext is missing).',
  );
}

/** Client-kept preferences (§3), in local storage under the `prospecta.` prefix. */
export function usePreferences(): Preferences {
  return useRequired(
    PreferencesContext,
    'usePreferences must be used inside the app providers (PreferencesContext is missing).',
  );
}

/** A `useSyncExternalStore` subscription to one preference key (a change of every key, null, counts too). */
function useKeySubscription(preferences: Preferences, key: string) {
  return useCallback(
    (onChange: () => void) =>
      preferences.subscribe((changed) => {
        if (changed === null || changed === key) onChange();
      }),
    [preferences, key],
  );
}

/** One preference, re-rendering on change (also from another tab). */
export function usePreference<K extends PreferenceKey>(
  key: K,
): [PreferenceMap[K] | null, (value: PreferenceMap[K] | null) => void] {
  const preferences = usePreferences();
  const subscribe = useKeySubscription(preferences, key);
  const snapshot = useSyncExternalStore(
    subscribe,
    () => serialise(preferences.get(key)),
    () => serialise(preferences.get(key)),
  );
  const value = snapshot === undefined ? null : (JSON.parse(snapshot) as PreferenceMap[K]);
  const setValue = useCallback(
    (next: PreferenceMap[K] | null) =>
      next === null ? preferences.remove(key) : preferences.set(key, next),
    [preferences, key],
  );
  return [value, setValue];
}

function serialise(value: unknown): string | undefined {
  return value === null ? undefined : JSON.stringify(value);
}

/**
 * The user whose data is shown: the `:userId` of the URL, else (on `/`) the staff member's selected user,
 * else the signed-in user. Customers are always forced to their own id by the route guard.
 */
export function useViewedUserId(): number {
  const { userId } = useParams();
  const { user, isStaff } = useSession();
  const [selected] = usePreference('selectedUser');
  if (userId !== undefined) {
    const id = Number(userId);
    if (Number.isInteger(id) && id > 0) return id;
  }
  if (isStaff && selected) return selected.id;
  return user.id;
}

/**
 * A feature's own JSON preference (key without the prefix), re-rendering on change.
 * `parse` validates what was stored (null when missing or invalid); keep it stable (module-level function).
 */
export function useCustomPreference<T>(
  key: string,
  parse: (value: unknown) => T | null,
): [T | null, (value: unknown) => void] {
  const preferences = usePreferences();
  const subscribe = useKeySubscription(preferences, key);
  const read = () => preferences.getCustomRaw(key);
  const raw = useSyncExternalStore(subscribe, read, read);
  const value = useMemo(() => (raw === null ? null : parse(safeJson(raw))), [raw, parse]);
  const setValue = useCallback(
    (next: unknown) => preferences.setCustom(key, next),
    [preferences, key],
  );
  return [value, setValue];
}

/** What the server offers beyond the product (core/contexts.ts `ServerFeatures`). */
export function useServerFeatures(): ServerFeatures {
  return useContext(ServerFeaturesContext);
}
