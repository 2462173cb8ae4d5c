import { useMemo, useState } from 'react';
import { createBoardSelector } from '../model/boardModel';
import type { BoardModel, BoardProspect, BoardSort } from '../model/boardModel';

/**
 * The board for the current prospects, query, sort and locale. One memoised selector per
 * component: a keystroke reuses the search index and the sorted order (see boardModel.ts).
 */
export function useBoardModel<P extends BoardProspect>(
  prospects: readonly P[],
  query: string,
  sort: BoardSort,
  locale: string,
): BoardModel<P> {
  const [select] = useState(() => createBoardSelector<P>());
  return useMemo(
    () => select(prospects, { query, sort, locale }),
    [select, prospects, query, sort, locale],
  );
}
