import clsx from 'clsx';
import { Button } from '../Button';
import { Select, type SelectOption } from '../Select';
import type { SortState } from '../Table/sort';
import * as styles from './SortControl.css';

export interface SortControlProps<K extends string = string> {
  /** The select's label ('Sort by'). */
  label: string;
  /** The fields to sort by, with their labels. */
  options: readonly SelectOption<K>[];
  sort: SortState<K>;
  /** A new field keeps the direction; the button turns the direction round. */
  onSortChange: (sort: SortState<K>) => void;
  /** The direction button's text for each direction ('Ascending order', 'Descending order'). */
  directionLabels: Record<SortState['direction'], string>;
  /** The direction button's title (what it does: 'Change the sort order'). */
  directionTitle: string;
  className?: string;
}

/**
 * A sort chosen outside a table header: the field in a select, the direction in a button beside it (the boards'
 * columns, and tables whose rows stack without a header row on phones).
 */
export function SortControl<K extends string = string>({
  label,
  options,
  sort,
  onSortChange,
  directionLabels,
  directionTitle,
  className,
}: SortControlProps<K>) {
  return (
    <div className={clsx(styles.group, className)}>
      <Select<K>
        className={styles.select}
        label={label}
        options={options}
        value={sort.key}
        onValueChange={(key) => onSortChange({ ...sort, key })}
      />
      <Button
        variant="secondary"
        title={directionTitle}
        onClick={() =>
          onSortChange({ ...sort, direction: sort.direction === 'asc' ? 'desc' : 'asc' })
        }
      >
        {directionLabels[sort.direction]}
      </Button>
    </div>
  );
}
