/**
 * The board model of the dashboard and the campaign detail (§2, §9): pure functions, no React, no DOM.
 *
 * - group prospects into columns: the four dashboard columns by default (the domain decides the column),
 *   or a grouping of the caller (the campaign detail's six),
 * - search case-insensitively over first name, last name, company name and position,
 * - sort: default first_name ascending; score numerically, every other field by locale.
 *
 * Built for 10,000 prospects: the lower-cased search text of each prospect and the sorted
 * order are computed once per prospect list (and per sort), so a keystroke only runs one
 * `includes` per prospect and one grouping pass.
 */
import { DASHBOARD_COLUMNS, dashboardColumn } from '@prospecta/domain';
import type { DashboardColumn, ProspectStatus } from '@prospecta/domain';

/** The fields of a prospect the board needs (a subset of the contract's Prospect). */
export interface BoardProspect {
  id: number;
  first_name: string | null;
  last_name: string | null;
  position: string | null;
  score?: number | null;
  prospecting_status: ProspectStatus;
  company_name: string | null;
}

export const SORT_FIELDS = [
  'first_name',
  'last_name',
  'company',
  'position',
  'status',
  'score',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export interface BoardSort {
  field: SortField;
  direction: SortDirection;
}

/** §9: default sort first_name ascending. */
export const DEFAULT_SORT: BoardSort = { field: 'first_name', direction: 'asc' };

export function isSortField(value: unknown): value is SortField {
  return typeof value === 'string' && (SORT_FIELDS as readonly string[]).includes(value);
}

export function isSortDirection(value: unknown): value is SortDirection {
  return typeof value === 'string' && (SORT_DIRECTIONS as readonly string[]).includes(value);
}

export interface BoardColumnModel<P extends BoardProspect, C extends string = DashboardColumn> {
  id: C;
  prospects: P[];
  count: number;
}

export interface BoardModel<P extends BoardProspect, C extends string = DashboardColumn> {
  columns: BoardColumnModel<P, C>[];
  /** Every prospect on the board that matches the search, in sort order (the list view). */
  rows: P[];
  /** Matching prospects (the rows). */
  shown: number;
  /** Prospects on the board (with a column, or all with `keepUngrouped`), before the search. */
  total: number;
}

/** Which columns a board has and where a prospect goes (null: off the board). */
export interface BoardGrouping<P extends BoardProspect, C extends string> {
  columns: readonly C[];
  columnOf: (prospect: P) => C | null;
  /** Prospects without a column stay in `rows` (a table that lists every prospect). */
  keepUngrouped?: boolean;
}

/** The dashboard's four columns (§2 Dashboard). */
const DASHBOARD_GROUPING: BoardGrouping<BoardProspect, DashboardColumn> = {
  columns: DASHBOARD_COLUMNS,
  columnOf: dashboardColumn,
};

/** How a status reads when sorting (its label in the user's language); the raw value without one. */
export type StatusText = (status: ProspectStatus) => string;

function textOf(
  p: BoardProspect,
  field: Exclude<SortField, 'score'>,
  statusText?: StatusText,
): string {
  switch (field) {
    case 'first_name':
      return p.first_name ?? '';
    case 'last_name':
      return p.last_name ?? '';
    case 'company':
      return p.company_name ?? '';
    case 'position':
      return p.position ?? '';
    case 'status':
      return statusText ? statusText(p.prospecting_status) : p.prospecting_status;
  }
}

/** The text a search query is matched against; fields are separated so a word cannot span two. */
function searchText(p: BoardProspect): string {
  return [p.first_name ?? '', p.last_name ?? '', p.company_name ?? '', p.position ?? '']
    .join('\n')
    .toLocaleLowerCase();
}

/** Splits a query into lower-cased words; an empty or blank query has no words. */
function queryWords(query: string): string[] {
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter((word) => word.length > 0);
}

/**
 * Case-insensitive search (§9): every word of the query must appear in the first name,
 * the last name, the company name or the position. A blank query matches everyone.
 */
export function matchesSearch(p: BoardProspect, query: string): boolean {
  return matchesWords(searchText(p), queryWords(query));
}

function matchesWords(haystack: string, words: readonly string[]): boolean {
  for (const word of words) {
    if (!haystack.includes(word)) return false;
  }
  return true;
}

const collators = new Map<string, Intl.Collator>();
function collatorFor(locale: string): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}

/**
 * Compares two prospects for a sort (ascending; the caller reverses for descending).
 * Score is numeric and a missing score sorts after every number; other fields use the
 * locale's collation. Ties fall back to last name, then id, so the order is stable.
 */
function compareProspects(
  a: BoardProspect,
  b: BoardProspect,
  field: SortField,
  locale: string,
): number {
  const collator = collatorFor(locale);
  let result: number;
  if (field === 'score') {
    result = compareScores(a.score, b.score);
  } else {
    result = collator.compare(textOf(a, field), textOf(b, field));
  }
  if (result !== 0) return result;
  if (field !== 'last_name') {
    result = collator.compare(textOf(a, 'last_name'), textOf(b, 'last_name'));
    if (result !== 0) return result;
  }
  return a.id - b.id;
}

function compareScores(a: number | null | undefined, b: number | null | undefined): number {
  const aMissing = a === null || a === undefined || Number.isNaN(a);
  const bMissing = b === null || b === undefined || Number.isNaN(b);
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  return a - b;
}

/**
 * Returns a new array in sort order; the input is not changed. With `statusText`, the status sorts by its
 * label in the locale's order (the campaign table), otherwise by its value.
 */
export function sortProspects<P extends BoardProspect>(
  prospects: readonly P[],
  sort: BoardSort,
  locale: string,
  statusText?: StatusText,
): P[] {
  const { field, direction } = sort;
  const sign = direction === 'asc' ? 1 : -1;
  if (field === 'score') {
    // A missing score stays last in both directions: it is not "the lowest score".
    return [...prospects].sort((a, b) => {
      const aMissing = a.score === null || a.score === undefined;
      const bMissing = b.score === null || b.score === undefined;
      if (aMissing !== bMissing) return aMissing ? 1 : -1;
      const byScore = compareScores(a.score, b.score) * sign;
      return byScore !== 0 ? byScore : compareProspects(a, b, 'last_name', locale);
    });
  }
  // Each distinct text is collated once (a campaign of 10,000 prospects has far fewer distinct companies, first names
  // or statuses than prospects), then the prospects are ordered by integer ranks: the field's, then the last name's.
  const collator = collatorFor(locale);
  const fieldRank = collationRanks(
    prospects.map((p) => textOf(p, field, statusText)),
    collator,
  );
  const lastRank =
    field === 'last_name'
      ? fieldRank
      : collationRanks(
          prospects.map((p) => p.last_name ?? ''),
          collator,
        );
  const order = prospects.map((_, i) => i);
  order.sort((x, y) => {
    const byField = ((fieldRank[x] as number) - (fieldRank[y] as number)) * sign;
    if (byField !== 0) return byField;
    const byLast = (lastRank[x] as number) - (lastRank[y] as number);
    return byLast !== 0 ? byLast : (prospects[x] as P).id - (prospects[y] as P).id;
  });
  return order.map((i) => prospects[i] as P);
}

/**
 * The rank of each text in the collator's order: texts the collator finds equal (case, accents with
 * `sensitivity: 'base'`) share a rank, so comparing ranks gives the collator's answer for each pair.
 */
export function collationRanks(texts: readonly string[], collator: Intl.Collator): Int32Array {
  const distinct = [...new Set(texts)].sort(collator.compare);
  const rankOf = new Map<string, number>();
  let rank = 0;
  distinct.forEach((text, i) => {
    if (i > 0 && collator.compare(distinct[i - 1] as string, text) !== 0) rank++;
    rankOf.set(text, rank);
  });
  const ranks = new Int32Array(texts.length);
  texts.forEach((text, i) => {
    ranks[i] = rankOf.get(text) as number;
  });
  return ranks;
}

/** Groups prospects (already filtered and sorted) into the four dashboard columns. */
export function groupByColumn<P extends BoardProspect>(
  prospects: readonly P[],
): BoardColumnModel<P>[] {
  const buckets: Record<DashboardColumn, P[]> = {
    ongoing: [],
    to_call: [],
    to_nurture: [],
    new_opportunity: [],
  };
  for (const p of prospects) {
    const column = dashboardColumn(p);
    if (column) buckets[column].push(p);
  }
  return DASHBOARD_COLUMNS.map((id) => ({ id, prospects: buckets[id], count: buckets[id].length }));
}

/** Builds the board in one go (no caching): filter, sort, group. */
export function buildBoard<P extends BoardProspect>(
  prospects: readonly P[],
  options: { query: string; sort: BoardSort; locale: string },
): BoardModel<P> {
  const words = queryWords(options.query);
  const onBoard = prospects.filter((p) => dashboardColumn(p) !== null);
  const sorted = sortProspects(onBoard, options.sort, options.locale);
  const rows = sorted.filter((p) => matchesWords(searchText(p), words));
  return { columns: groupByColumn(rows), rows, shown: rows.length, total: onBoard.length };
}

/**
 * A memoised board selector. Each call with the same prospects array reuses the search
 * index and each prospect's column; the same prospects, sort and locale reuse the sorted order;
 * the same query on top of that returns the previous model object (so React can skip re-rendering).
 * A query that extends the previous one (typing on) only filters the previous matches.
 * The dashboard's columns by default; another grouping (the campaign detail's categories) as a parameter.
 */
export function createBoardSelector<P extends BoardProspect, C extends string = DashboardColumn>(
  grouping: BoardGrouping<P, C> = DASHBOARD_GROUPING as unknown as BoardGrouping<P, C>,
) {
  interface Entry {
    prospect: P;
    haystack: string;
    column: C | null;
  }
  let indexFor: readonly P[] | null = null;
  let indexed: Entry[] = [];

  let sortedFor: {
    field: SortField;
    direction: SortDirection;
    locale: string;
    statusText?: StatusText;
  } | null = null;
  let sorted: Entry[] = [];

  let last: { query: string; matches: Entry[]; model: BoardModel<P, C> } | null = null;

  return function selectBoard(
    prospects: readonly P[],
    options: { query: string; sort: BoardSort; locale: string; statusText?: StatusText },
  ): BoardModel<P, C> {
    const { sort, locale, statusText } = options;
    let invalidated = false;
    if (indexFor !== prospects) {
      indexFor = prospects;
      indexed = [];
      for (const prospect of prospects) {
        const column = grouping.columnOf(prospect);
        if (column !== null || grouping.keepUngrouped)
          indexed.push({ prospect, haystack: searchText(prospect), column });
      }
      invalidated = true;
    }
    if (
      invalidated ||
      !sortedFor ||
      sortedFor.field !== sort.field ||
      sortedFor.direction !== sort.direction ||
      sortedFor.locale !== locale ||
      sortedFor.statusText !== statusText
    ) {
      const entryOf = new Map(indexed.map((entry) => [entry.prospect, entry]));
      sorted = sortProspects(
        indexed.map((entry) => entry.prospect),
        sort,
        locale,
        statusText,
      ).map((prospect) => entryOf.get(prospect) as Entry);
      sortedFor = { field: sort.field, direction: sort.direction, locale, statusText };
      invalidated = true;
    }
    const query = queryWords(options.query).join(' ');
    if (!invalidated && last && last.query === query) return last.model;

    const words = query.length === 0 ? [] : query.split(' ');
    // Typing on narrows the previous matches: each earlier word is a prefix of the new one.
    const from =
      !invalidated && last && last.query !== '' && query.startsWith(last.query)
        ? last.matches
        : sorted;
    const matches =
      words.length === 0 ? sorted : from.filter((entry) => matchesWords(entry.haystack, words));

    const buckets = new Map<C, P[]>(grouping.columns.map((id) => [id, []]));
    const rows: P[] = new Array<P>(matches.length);
    matches.forEach((entry, i) => {
      rows[i] = entry.prospect;
      if (entry.column !== null) buckets.get(entry.column)?.push(entry.prospect);
    });
    const columns = grouping.columns.map((id) => {
      const list = buckets.get(id) ?? [];
      return { id, prospects: list, count: list.length };
    });
    const model: BoardModel<P, C> = { columns, rows, shown: rows.length, total: indexed.length };
    last = { query, matches, model };
    return model;
  };
}
