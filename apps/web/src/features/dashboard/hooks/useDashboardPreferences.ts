import { useCustomPreference } from '../../../core/hooks';
import { DEFAULT_SORT, isSortDirection, isSortField } from '../../board';
import type { BoardSort } from '../../board';

const DASHBOARD_VIEWS = ['column', 'list'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

/** §9: the default view is the column view. */
const DEFAULT_VIEW: DashboardView = 'column';

const VIEW_KEY = 'dashboard.view';
const SORT_KEY = 'dashboard.sort';

function parseView(value: unknown): DashboardView | null {
  return typeof value === 'string' && (DASHBOARD_VIEWS as readonly string[]).includes(value)
    ? (value as DashboardView)
    : null;
}

function parseSort(value: unknown): BoardSort | null {
  if (typeof value !== 'object' || value === null) return null;
  const { field, direction } = value as Record<string, unknown>;
  return isSortField(field) && isSortDirection(direction) ? { field, direction } : null;
}

/** A feature preference (core's `useCustomPreference`), or its default when none is stored or it no longer parses. */
function useFeaturePreference<T>(
  key: string,
  parse: (value: unknown) => T | null,
  fallback: T,
): [T, (value: T) => void] {
  const [value, setValue] = useCustomPreference(key, parse);
  return [value ?? fallback, setValue];
}

/** The dashboard view (column or list), persisted; default column. */
export function useDashboardView(): [DashboardView, (view: DashboardView) => void] {
  return useFeaturePreference(VIEW_KEY, parseView, DEFAULT_VIEW);
}

/** The dashboard sort, persisted; default first name ascending. */
export function useDashboardSort(): [BoardSort, (sort: BoardSort) => void] {
  return useFeaturePreference(SORT_KEY, parseSort, DEFAULT_SORT);
}
