import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import * as styles from './campaigns.css';

export interface StepsTableProps extends ComponentPropsWithoutRef<'table'> {
  /** The column headings, in order. */
  columns: readonly string[];
  /** The rows (`<tr>`). */
  children: ReactNode;
  /**
   * The scroll box as a labelled, focusable region, so that keyboard users scroll the table sideways where it does not
   * fit: by its own name (several on one page), or by the element that titles it. Without it (inside a dialog, which
   * is named already), the box only scrolls.
   */
  region?: { label: string } | { labelledBy: string };
  /** Only as wide as its columns need (at least the box's width up to 48rem), not the whole width of a laptop. */
  compact?: boolean;
}

/** A small table of a campaign's steps, figures or prospects: its headings and rows in a box that scrolls sideways. */
export function StepsTable({
  columns,
  children,
  region,
  compact = false,
  ...table
}: StepsTableProps) {
  const regionProps = region
    ? {
        role: 'region',
        tabIndex: 0,
        ...('label' in region
          ? { 'aria-label': region.label }
          : { 'aria-labelledby': region.labelledBy }),
      }
    : {};
  return (
    <div className={styles.stepsScroller} {...regionProps}>
      <table className={compact ? styles.stepsTableCompact : styles.stepsTable} {...table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={styles.stepsTh}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
