import { useCallback, useSyncExternalStore } from 'react';
import { usePreferences } from '../../../core/hooks';
import { DEFAULT_SORT, isSortDirection, isSortField } from '../../board';
import type { BoardSort } from '../../board';

export const DASHBOARD_VIEWS = ['column', 'list'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** §9: the default view is the column view. */
export const DEFAULT_VIEW: DashboardView = 'column';

const VIEW_KEY = 'dashboard.view';
const SORT_KEY = 'dashboard.sort';

export function parseView(value: unknown): DashboardView | null {
  return value === 'column' || value === 'list' ? value : null;
}

export function parseSort(value: unknown): BoardSort | null {
  if (typeof value !== 'object' || value === null) return null;
  const { field, direction } = value as Record<string, unknown>;
  return isSortField(field) && isSortDirection(direction) ? { field, direction } : null;
}

/**
 * A feature preference kept by the shell's preferences store (local storage, `prospecta.` prefix),
 * re-read when it changes here or in another tab. Returns a stable value while the stored text is unchanged.
 */
function useCustomPreference<T>(key: string, parse: (value: unknown) => T | null, fallback: T): [T, (value: T) => void] {
  const preferences = usePreferences();
  const subscribe = useCallback(
    (onChange: () => void) =>
      preferences.subscribe((changed) => {
        if (changed === null || changed === key) onChange();
      }),
    [preferences, key],
  );
  const read = () => JSON.stringify(preferences.getCustom(key, parse));
  const snapshot = useSyncExternalStore(subscribe, read, read);
  const value = stableParse(snapshot, fallback);
  const setValue = useCallback((next: T) => preferences.setCustom(key, next), [preferences, key]);
  return [value, setValue];
}

/** Parsed values by stored text (a handful of views and sorts), so the same text gives the same object. */
const parsedCache = new Map<string, unknown>();
function stableParse<T>(snapshot: string, fallback: T): T {
  if (snapshot === 'null') return fallback;
  let cached = parsedCache.get(snapshot);
  if (cached === undefined) {
    cached = JSON.parse(snapshot) as unknown;
    parsedCache.set(snapshot, cached);
  }
  return cached as T;
}

/** The dashboard view (column or list), persisted; default column. */
export function useDashboardView(): [DashboardView, (view: DashboardView) => void] {
  return useCustomPreference(VIEW_KEY, parseView, DEFAULT_VIEW);
}

/** The dashboard sort, persisted; default first name ascending. */
export function useDashboardSort(): [BoardSort, (sort: BoardSort) => void] {
  return useCustomPreference(SORT_KEY, parseSort, DEFAULT_SORT);
}
