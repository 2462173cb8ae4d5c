import clsx from 'clsx';
import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import * as styles from './Kanban.css';

export interface KanbanBoardProps {
  /** Accessible name of the board, e.g. "Prospects by status". */
  label: string;
  /** KanbanColumn elements. */
  children: ReactNode;
  /** Height of the columns (CSS length); the page scrolls inside each column. */
  height?: string | number;
  className?: string;
}

interface Overflow {
  start: boolean;
  end: boolean;
}

/** Whether columns hide before or after the visible part of the region (1 px of rounding tolerated). */
function measure(element: HTMLElement): Overflow {
  const hidden = element.scrollWidth - element.clientWidth;
  return { start: element.scrollLeft > 1, end: hidden - element.scrollLeft > 1 };
}

/** Room kept beside a focused card, so it clears the edge shadow. */
const FOCUS_MARGIN = 24;

/**
 * Brings what received the focus wholly into the board's view: its card (the column's list item) sideways, then
 * within its column. The browser's own focus scrolling leaves a partly visible card where it is, past the board's
 * edge and under its shadow.
 */
function revealFocused(region: HTMLElement, target: HTMLElement) {
  if (target === region) return;
  const card = target.closest('li') ?? target;
  const box = card.getBoundingClientRect();
  const frame = region.getBoundingClientRect();
  if (box.left < frame.left) region.scrollLeft -= frame.left - box.left + FOCUS_MARGIN;
  else if (box.right > frame.right)
    region.scrollLeft += Math.min(box.right - frame.right + FOCUS_MARGIN, box.left - frame.left);
  card.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

/**
 * The columns share the width (down to a minimum each); when they cannot, the region scrolls sideways
 * with a visible scrollbar and a shadow on each side where columns hide.
 */
export function KanbanBoard({
  label,
  children,
  height = 'calc(100dvh - 240px)',
  className,
}: KanbanBoardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const update = () =>
      setOverflow((previous) => {
        const next = measure(element);
        return next.start === previous.start && next.end === previous.end ? previous : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    // Where ResizeObserver is missing (an old browser, jsdom), a window resize is the next best signal.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    if (!observer) window.addEventListener('resize', update);
    // Columns added or removed change the scroll width, not the region's size.
    const mutations = new MutationObserver(update);
    mutations.observe(element, { childList: true });
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
      if (!observer) window.removeEventListener('resize', update);
      mutations.disconnect();
    };
  }, []);

  return (
    <div className={styles.boardFrame}>
      {/* A labelled, focusable scroll region, so keyboard users can scroll the columns sideways (arrow keys). */}
      <div
        ref={ref}
        role="region"
        aria-label={label}
        tabIndex={0}
        className={clsx(styles.board, className)}
        style={{ height, minHeight: 360 }}
        data-overflow-start={overflow.start}
        data-overflow-end={overflow.end}
        onFocus={(event: FocusEvent<HTMLDivElement>) =>
          revealFocused(event.currentTarget, event.target as HTMLElement)
        }
      >
        {children}
      </div>
      <span
        aria-hidden
        className={styles.edgeShadowStart}
        data-visible={overflow.start}
        data-testid="kanban-shadow-start"
      />
      <span
        aria-hidden
        className={styles.edgeShadowEnd}
        data-visible={overflow.end}
        data-testid="kanban-shadow-end"
      />
    </div>
  );
}
