import { useMemo, useState } from 'react';
import type { DashboardColumn } from '@prospecta/domain';
import { createBoardSelector } from './boardModel';
import type { BoardGrouping, BoardModel, BoardProspect, BoardSort, StatusText } from './boardModel';

/**
 * The board for the current prospects, query, sort and locale. One memoised selector per
 * component: a keystroke reuses the search index and the sorted order (see boardModel.ts).
 * The dashboard's columns by default; the campaign detail passes its own grouping (fixed for the
 * component's life) and the status labels it sorts by.
 */
export function useBoardModel<P extends BoardProspect, C extends string = DashboardColumn>(
  prospects: readonly P[],
  query: string,
  sort: BoardSort,
  locale: string,
  grouping?: BoardGrouping<P, C>,
  statusText?: StatusText,
): BoardModel<P, C> {
  const [select] = useState(() => createBoardSelector<P, C>(grouping));
  return useMemo(
    () => select(prospects, { query, sort, locale, statusText }),
    [select, prospects, query, sort, locale, statusText],
  );
}
