import clsx from 'clsx';
import { X } from 'lucide-react';
import * as styles from './TagList.css';

export interface Tag {
  id: number | string;
  label: string;
}

export interface TagListProps {
  tags: readonly Tag[];
  /** Accessible name of the list, e.g. "Tags". */
  label: string;
  /** Show at most this many tags, then a "+N" chip. */
  max?: number;
  /** Accessible text of the "+N" chip, e.g. (n) => `${n} more tags`. */
  overflowLabel?: (hidden: number) => string;
  /** When given, each tag gets a remove button. */
  onRemove?: (tag: Tag) => void;
  /** Accessible name of a remove button, e.g. (tag) => `Remove the tag ${tag.label}`. */
  removeLabel?: (tag: Tag) => string;
  /** Text shown when there is no tag (nothing is rendered otherwise). */
  emptyLabel?: string;
  className?: string;
}

export function TagList({
  tags,
  label,
  max,
  overflowLabel,
  onRemove,
  removeLabel,
  emptyLabel,
  className,
}: TagListProps) {
  if (tags.length === 0)
    return emptyLabel ? <span className={styles.empty}>{emptyLabel}</span> : null;
  const visible = max !== undefined && tags.length > max ? tags.slice(0, Math.max(0, max)) : tags;
  const hidden = tags.length - visible.length;
  return (
    <ul className={clsx(styles.list, className)} aria-label={label}>
      {visible.map((tag) => (
        <li key={tag.id} className={styles.tag} title={tag.label}>
          <span className={styles.tagText}>{tag.label}</span>
          {onRemove && (
            <button
              type="button"
              className={styles.remove}
              aria-label={removeLabel ? removeLabel(tag) : tag.label}
              onClick={() => onRemove(tag)}
            >
              <X size={12} aria-hidden="true" />
            </button>
          )}
        </li>
      ))}
      {hidden > 0 && (
        <li className={styles.more} title={overflowLabel?.(hidden)}>
          <span aria-hidden={overflowLabel ? true : undefined}>{`+${hidden}`}</span>
          {overflowLabel && (
            <span
              style={{
                position: 'absolute',
                width: 1,
                height: 1,
                overflow: 'hidden',
                clip: 'rect(0 0 0 0)',
              }}
            >
              {overflowLabel(hidden)}
            </span>
          )}
        </li>
      )}
    </ul>
  );
}
