export const sortDirections = ['asc', 'desc'] as const;
export type SortDirection = (typeof sortDirections)[number];

export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/**
 * The next sort after clicking a header: another column starts ascending; the same
 * column toggles ascending ↔ descending (with `allowUnsorted`, descending → unsorted).
 */
export function nextSort<K extends string>(
  current: SortState<K> | null,
  key: K,
  allowUnsorted = false,
): SortState<K> | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return allowUnsorted ? null : { key, direction: 'asc' };
}

/** The aria-sort value of a column header. */
export function ariaSortOf(
  sort: SortState | null,
  key: string,
): 'ascending' | 'descending' | 'none' {
  if (!sort || sort.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

export type SortValue = string | number | null | undefined;

/**
 * Compares two values: numbers numerically, everything else as locale strings
 * (case- and accent-aware, numeric collation). Empty values sort last in both directions.
 */
export function compareValues(a: SortValue, b: SortValue, locale: string): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), locale, { sensitivity: 'base', numeric: true });
}

/** A sorted copy (stable). Empty values stay last whatever the direction. */
export function sortRows<T>(
  rows: readonly T[],
  getValue: (row: T) => SortValue,
  direction: SortDirection,
  locale: string,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: getValue(row) }))
    .sort((x, y) => {
      const xEmpty = x.value === null || x.value === undefined || x.value === '';
      const yEmpty = y.value === null || y.value === undefined || y.value === '';
      if (xEmpty || yEmpty) return xEmpty === yEmpty ? x.index - y.index : xEmpty ? 1 : -1;
      return sign * compareValues(x.value, y.value, locale) || x.index - y.index;
    })
    .map((entry) => entry.row);
}
