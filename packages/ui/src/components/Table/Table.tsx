import clsx from 'clsx';
import {
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  ChevronUp,
  RefreshCw,
  Search,
} from 'lucide-react';
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { skeleton } from '../../css/utils.css';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import { Select } from '../Select';
import { TextField } from '../TextField';
import { pageCountOf, pageRange } from './pagination';
import { ariaSortOf, nextSort, type SortState } from './sort';
import * as styles from './Table.css';

/** Rows of the loading skeleton (§9). */
export const TABLE_SKELETON_ROWS = 5;
export const tableAligns = ['left', 'center', 'right'] as const;
export type TableAlign = (typeof tableAligns)[number];

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  sortable?: boolean;
  align?: TableAlign;
  width?: number | string;
  /** The column's name on each line of a stacked row (`stackOnPhones`); defaults to `header` when it is a string. */
  label?: string;
  /**
   * 'end': the column (give it last) stays pinned to the right edge while a table wider than its place scrolls
   * sideways, so a row's action stays in view (not on phones, where rows stack).
   */
  pinned?: 'end';
}

export interface TableSearch {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}

export interface TableRefresh {
  onRefresh: () => void;
  label: string;
  refreshing?: boolean;
}

export interface TablePageStatus {
  from: number;
  to: number;
  total: number;
  page: number;
  pageCount: number;
}

export interface TablePagination {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  pageSizeOptions?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
  previousLabel: string;
  nextLabel: string;
  pageSizeLabel: string;
  /** e.g. ({ from, to, total }) => `${from}–${to} of ${total}`. */
  statusLabel: (status: TablePageStatus) => string;
}

export interface TableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  getRowKey: (row: T) => string | number;
  sort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** A third click on a sorted header removes the sort. */
  allowUnsorted?: boolean;
  /** Shows the 5-row skeleton (aria-busy). */
  loading?: boolean;
  /** Shown instead of the rows (takes precedence over loading and empty). */
  error?: ReactNode;
  /** Shown when there are no rows (e.g. an EmptyState). */
  empty?: ReactNode;
  onRowClick?: (row: T) => void;
  /** Expandable rows: content under a row, toggled by a button in the first column. */
  renderExpanded?: (row: T) => ReactNode;
  /** Accessible name of the expand button, e.g. (row, expanded) => expanded ? 'Hide steps' : 'Show steps'. */
  expandLabel?: (row: T, expanded: boolean) => string;
  search?: TableSearch;
  refresh?: TableRefresh;
  pagination?: TablePagination;
  /** More toolbar controls (e.g. an export button). */
  toolbarEnd?: ReactNode;
  /**
   * Below the tablet breakpoint, each row becomes a stacked block of 'label  value' lines (no sideways
   * scrolling, no word cut to squeeze a column). The header row is hidden there: give the page its own
   * sort control.
   */
  stackOnPhones?: boolean;
  className?: string;
}

/**
 * What a pinned end column needs from its scroll area: the column's width, given to the area as its end scroll padding
 * (a cell brought into view by focus or `scrollIntoView` stops beside the pinned column, not under it), and whether
 * content lies under the pinned column (the area is not scrolled to its end), which shows an edge shadow.
 */
function usePinnedEdge(hasPinned: boolean) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [pinnedWidth, setPinnedWidth] = useState(0);
  const [scrollsUnder, setScrollsUnder] = useState(false);
  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !hasPinned) return;
    const pinned = scroller.querySelector<HTMLElement>(`thead .${styles.pinnedEnd}`);
    // A stacked table (phones) does not pin: its cell is static there.
    const sticky = pinned && getComputedStyle(pinned).position === 'sticky';
    setPinnedWidth(sticky ? Math.ceil(pinned.getBoundingClientRect().width) : 0);
    const rest = scroller.scrollWidth - scroller.clientWidth - Math.abs(scroller.scrollLeft);
    setScrollsUnder(Boolean(sticky) && rest > 1);
  }, [hasPinned]);
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || !hasPinned) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    const table = scroller.firstElementChild;
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [hasPinned, measure]);
  return { scrollerRef, pinnedWidth, scrollsUnder, onScroll: measure };
}

const alignStyle = (align: TableAlign | undefined) =>
  align && align !== 'left' ? { textAlign: align } : undefined;

export function Table<T>({
  label,
  columns,
  rows,
  getRowKey,
  sort = null,
  onSortChange,
  allowUnsorted = false,
  loading = false,
  error,
  empty,
  onRowClick,
  renderExpanded,
  expandLabel,
  search,
  refresh,
  pagination,
  toolbarEnd,
  stackOnPhones = false,
  className,
}: TableProps<T>) {
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const hasPinned = columns.some((column) => column.pinned === 'end');
  const { scrollerRef, pinnedWidth, scrollsUnder, onScroll } = usePinnedEdge(hasPinned);
  const columnCount = columns.length + (renderExpanded ? 1 : 0);
  /** The class of a cell of `column` (a header or a body cell), pinned when the column asks to be. */
  const cellClass = (base: string, column: TableColumn<T> | undefined) =>
    clsx(base, column?.pinned === 'end' && styles.pinnedEnd);

  const toggleExpanded = (key: string | number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const sortIcon = (key: string) => {
    const state = ariaSortOf(sort, key);
    if (state === 'ascending') return <ArrowUp size={14} aria-hidden="true" />;
    if (state === 'descending') return <ArrowDown size={14} aria-hidden="true" />;
    return <ArrowUpDown size={14} aria-hidden="true" className={styles.sortIconInactive} />;
  };

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell}>
          <div className={styles.errorBox} role="alert">
            {error}
          </div>
        </td>
      </tr>
    );
  } else if (loading) {
    body = Array.from({ length: TABLE_SKELETON_ROWS }, (_, index) => (
      <tr key={`skeleton-${index}`} className={styles.row} data-testid="table-skeleton-row">
        {Array.from({ length: columnCount }, (__, cell) => (
          <td key={cell} className={cellClass(styles.td, columns[cell - (renderExpanded ? 1 : 0)])}>
            <span
              className={skeleton}
              style={{ width: `${50 + ((index * 7 + cell * 13) % 40)}%` }}
            />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className={styles.stateCell}>
          {empty}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => {
      const key = getRowKey(row);
      const isExpanded = expanded.has(key);
      return (
        <Fragment key={key}>
          <tr
            className={styles.row}
            data-clickable={onRowClick ? true : undefined}
            onClick={onRowClick ? () => onRowClick(row) : undefined}
          >
            {renderExpanded && (
              <td className={styles.td} style={{ width: 44 }}>
                <IconButton
                  size="small"
                  icon={isExpanded ? <ChevronUp size={16} /> : <ChevronDown size={16} />}
                  label={expandLabel ? expandLabel(row, isExpanded) : String(key)}
                  aria-expanded={isExpanded}
                  onClick={(event) => {
                    event.stopPropagation();
                    toggleExpanded(key);
                  }}
                />
              </td>
            )}
            {columns.map((column) => (
              <td
                key={column.key}
                className={cellClass(styles.td, column)}
                style={alignStyle(column.align)}
                data-label={
                  stackOnPhones
                    ? (column.label ??
                      (typeof column.header === 'string' ? column.header : undefined))
                    : undefined
                }
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
          {renderExpanded && isExpanded && (
            <tr>
              <td colSpan={columnCount} className={styles.expandedCell}>
                {renderExpanded(row)}
              </td>
            </tr>
          )}
        </Fragment>
      );
    });
  }

  const pageCount = pagination ? pageCountOf(pagination.total, pagination.pageSize) : 1;
  const range = pagination
    ? pageRange(pagination.page, pagination.pageSize, pagination.total)
    : null;

  return (
    <div className={clsx(styles.wrapper, className)}>
      {(search || refresh || toolbarEnd) && (
        <div className={styles.toolbar}>
          <div className={styles.toolbarStart}>
            {search && (
              <TextField
                type="search"
                label={search.label}
                hideLabel
                placeholder={search.placeholder}
                value={search.value}
                onChange={(event) => search.onChange(event.target.value)}
                startAdornment={<Search size={16} />}
              />
            )}
          </div>
          <div className={styles.toolbarEnd}>
            {toolbarEnd}
            {refresh && (
              <IconButton
                variant="secondary"
                icon={<RefreshCw size={16} />}
                label={refresh.label}
                onClick={refresh.onRefresh}
                disabled={refresh.refreshing}
                aria-busy={refresh.refreshing || undefined}
              />
            )}
          </div>
        </div>
      )}
      <div
        ref={scrollerRef}
        className={styles.scroller}
        onScroll={hasPinned ? onScroll : undefined}
        data-scrolls-under-pinned={scrollsUnder || undefined}
        style={pinnedWidth ? { scrollPaddingInlineEnd: pinnedWidth } : undefined}
      >
        <table
          className={clsx(styles.table, stackOnPhones && styles.stacked)}
          aria-label={label}
          aria-busy={loading || undefined}
        >
          <thead>
            <tr>
              {renderExpanded && <td className={styles.th} aria-hidden="true" />}
              {columns.map((column) => {
                const sortable = column.sortable && onSortChange;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={cellClass(styles.th, column)}
                    style={{ ...alignStyle(column.align), width: column.width }}
                    aria-sort={column.sortable ? ariaSortOf(sort, column.key) : undefined}
                  >
                    {sortable ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => onSortChange(nextSort(sort, column.key, allowUnsorted))}
                      >
                        {column.header}
                        {sortIcon(column.key)}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {pagination && range && (
        <div className={styles.pagination}>
          {pagination.onPageSizeChange && pagination.pageSizeOptions && (
            <Select
              label={pagination.pageSizeLabel}
              labelPosition="start"
              value={String(pagination.pageSize)}
              options={pagination.pageSizeOptions.map((size) => ({
                value: String(size),
                label: String(size),
              }))}
              onValueChange={(value) => pagination.onPageSizeChange?.(Number(value))}
            />
          )}
          <span className={styles.pageStatus} aria-live="polite">
            {pagination.statusLabel({
              ...range,
              total: pagination.total,
              page: pagination.page,
              pageCount,
            })}
          </span>
          <Button
            variant="secondary"
            size="small"
            icon={<ChevronLeft size={16} />}
            disabled={pagination.page <= 1 || loading}
            onClick={() => pagination.onPageChange(pagination.page - 1)}
          >
            {pagination.previousLabel}
          </Button>
          <Button
            variant="secondary"
            size="small"
            iconEnd={<ChevronRight size={16} />}
            disabled={pagination.page >= pageCount || loading}
            onClick={() => pagination.onPageChange(pagination.page + 1)}
          >
            {pagination.nextLabel}
          </Button>
        </div>
      )}
    </div>
  );
}
