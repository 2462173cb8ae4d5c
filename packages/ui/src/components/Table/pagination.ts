/** Number of pages for a total (at least 1). */
export function pageCountOf(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0)
    return 1;
  return Math.ceil(total / pageSize);
}

/** The page clamped into [1, pageCount]. */
export function clampPage(page: number, total: number, pageSize: number): number {
  const count = pageCountOf(total, pageSize);
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), count);
}

/** The rows of a 1-based page (client-side pagination). */
export function paginate<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, rows.length, pageSize);
  const start = (current - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** 1-based range shown on a page: { from, to }; from = 0 when there is nothing. */
export function pageRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, total, pageSize);
  return { from: (current - 1) * pageSize + 1, to: Math.min(current * pageSize, total) };
}
