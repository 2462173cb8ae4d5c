import clsx from 'clsx';
import type { ReactNode } from 'react';
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

export function KanbanBoard({ label, children, height = 'calc(100dvh - 240px)', className }: KanbanBoardProps) {
  return (
    // A labelled, focusable scroll region, so keyboard users can scroll the columns sideways (arrow keys).
    <div role="region" aria-label={label} tabIndex={0} className={clsx(styles.board, className)} style={{ height, minHeight: 360 }}>
      {children}
    </div>
  );
}
