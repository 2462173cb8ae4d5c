import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef, type ReactNode } from 'react';
import { skeleton } from '../../css/utils.css';
import * as styles from './Kanban.css';

export interface KanbanColumnProps<T> {
  title: string;
  items: readonly T[];
  getItemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Count shown in the header; defaults to the number of items. */
  count?: number;
  /** Accessible text of the count, e.g. (n) => `${n} prospects`. */
  countLabel?: (count: number) => string;
  /** Shown when there are no items. */
  emptyLabel?: ReactNode;
  /** Shows three skeleton cards and no count (the count is not known yet). */
  loading?: boolean;
  /** Header action (e.g. "clean the nurture column"). */
  headerEnd?: ReactNode;
  /** Accent colour of the header (any CSS colour, e.g. vars.tone.critical). */
  accent?: string;
  /** Heading level of the column title (default 2: columns usually sit under the page's h1). */
  headingLevel?: 2 | 3 | 4;
  /** First guess of a card's height in px; real heights are measured. */
  estimateItemHeight?: number;
  /** Cards rendered beyond the visible ones, above and below. */
  overscan?: number;
}

/**
 * A virtualised column: only the visible cards (plus overscan) are in the DOM,
 * so thousands of prospects stay smooth. Cards keep their list semantics
 * (aria-setsize / aria-posinset) for assistive technology.
 */
export function KanbanColumn<T>({
  title,
  items,
  getItemKey,
  renderItem,
  count,
  countLabel,
  emptyLabel,
  loading = false,
  headerEnd,
  accent,
  headingLevel = 2,
  estimateItemHeight = 128,
  overscan = 6,
}: KanbanColumnProps<T>) {
  const titleId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: loading ? 0 : items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateItemHeight,
    overscan,
    getItemKey: (index) => getItemKey(items[index]!),
    // Before the column is measured (the first render, when the scroller has no size yet), render the cards a
    // window's height would show, instead of none until a ResizeObserver round trip a frame or more later.
    initialRect: { width: 0, height: typeof window === 'undefined' ? 800 : window.innerHeight },
  });
  const shownCount = count ?? items.length;
  const Heading = `h${headingLevel}` as const;

  return (
    <section
      className={styles.column}
      aria-labelledby={titleId}
      style={accent ? ({ '--kanban-accent': accent } as React.CSSProperties) : undefined}
    >
      <div className={styles.columnHeader}>
        <Heading id={titleId} className={styles.columnTitle} title={title}>
          {title}
        </Heading>
        {!loading && (
          <span
            className={styles.count}
            aria-label={countLabel?.(shownCount)}
            role={countLabel ? 'img' : undefined}
          >
            {shownCount}
          </span>
        )}
        {headerEnd && <span className={styles.headerEnd}>{headerEnd}</span>}
      </div>
      <div ref={scrollRef} className={styles.scroller} data-testid="kanban-column-scroller">
        {loading ? (
          <div aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className={styles.skeletonCard} data-testid="kanban-skeleton-card">
                <span className={skeleton} style={{ width: '70%' }} />
                <span className={skeleton} style={{ width: '50%' }} />
                <span className={skeleton} style={{ width: '35%' }} />
              </div>
            ))}
          </div>
        ) : items.length === 0 ? (
          <p className={styles.emptyText}>{emptyLabel}</p>
        ) : (
          <ul className={styles.list} style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((virtualItem) => (
              <li
                key={virtualItem.key}
                data-index={virtualItem.index}
                ref={virtualizer.measureElement}
                className={styles.item}
                style={{ transform: `translateY(${virtualItem.start}px)` }}
                aria-setsize={items.length}
                aria-posinset={virtualItem.index + 1}
              >
                {renderItem(items[virtualItem.index]!)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
