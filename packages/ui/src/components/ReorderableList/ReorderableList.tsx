import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { IconButton } from '../IconButton';
import { visuallyHidden } from '../../css/utils.css';
import * as styles from './ReorderableList.css';

/** What an item's content may do to its own place in the list. */
export interface ReorderHandle {
  index: number;
  total: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  moveUp: () => void;
  moveDown: () => void;
}

/**
 * Where a key press moves the item at `index` of `total`: Alt+ArrowUp one place up, Alt+ArrowDown one down,
 * Alt+Home first, Alt+End last; null for any other key or when the item cannot go there.
 */
export function reorderTarget(
  event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>,
  index: number,
  total: number,
): number | null {
  if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  let target: number;
  switch (event.key) {
    case 'ArrowUp':
      target = index - 1;
      break;
    case 'ArrowDown':
      target = index + 1;
      break;
    case 'Home':
      target = 0;
      break;
    case 'End':
      target = total - 1;
      break;
    default:
      return null;
  }
  return target >= 0 && target < total && target !== index ? target : null;
}

export interface ReorderableListProps<T> {
  items: readonly T[];
  /** A key that stays with the item when it moves (focus and the item's state follow it). */
  getKey: (item: T, index: number) => string;
  /** The list's accessible name. */
  label: string;
  renderItem: (item: T, handle: ReorderHandle) => ReactNode;
  /** Moves the item at `from` to `to`; the owner changes `items`. */
  onMove: (from: number, to: number) => void;
  /** The sentence read to screen readers after a move (e.g. "Step 2 moved to position 1 of 4."). */
  announceMove: (item: T, to: number, total: number) => string;
  /** Read-only: no key moves the items (the content hides its buttons). */
  disabled?: boolean;
  className?: string;
}

/** One item: its content is rendered by the owner's `renderItem` with the item's handle. */
function ReorderableItem<T>({
  item,
  handle,
  renderItem,
}: {
  item: T;
  handle: ReorderHandle;
  renderItem: (item: T, handle: ReorderHandle) => ReactNode;
}) {
  return renderItem(item, handle);
}

/**
 * An ordered list whose items move with their own buttons or from the keyboard: Alt+ArrowUp / Alt+ArrowDown (Alt+Home,
 * Alt+End) while the focus is anywhere in an item. The focus stays on what had it, or on the item when its button
 * can no longer move it, and a polite live region reads the owner's sentence after each move.
 */
export function ReorderableList<T>({
  items,
  getKey,
  label,
  renderItem,
  onMove,
  announceMove,
  disabled = false,
  className,
}: ReorderableListProps<T>) {
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const pendingFocus = useRef<{ key: string; element: Element | null } | null>(null);

  const move = (from: number, to: number) => {
    const item = items[from];
    if (item === undefined || disabled || to < 0 || to >= items.length || to === from) return;
    pendingFocus.current = { key: getKey(item, from), element: document.activeElement };
    onMove(from, to);
    setAnnouncement(announceMove(item, to, items.length));
  };

  // The keys are heard on the list (one listener for every item): the latest items and move are read from a ref.
  const latest = useRef({ move, total: items.length, disabled });
  useLayoutEffect(() => {
    latest.current = { move, total: items.length, disabled };
  });
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const { move: moveNow, total, disabled: off } = latest.current;
      // A control that used the keys itself (a select opening on Alt+ArrowDown) keeps them.
      if (off || event.defaultPrevented || !(event.target instanceof Element)) return;
      let itemNode: Element | null = event.target.closest('li');
      while (itemNode && itemNode.parentElement !== list)
        itemNode = itemNode.parentElement?.closest('li') ?? null;
      if (!(itemNode instanceof HTMLElement)) return;
      const index = Number(itemNode.dataset.reorderIndex);
      const target = reorderTarget(event, index, total);
      if (target === null) return;
      event.preventDefault();
      event.stopPropagation();
      moveNow(index, target);
    };
    list.addEventListener('keydown', onKeyDown);
    return () => list.removeEventListener('keydown', onKeyDown);
  }, []);

  // After the owner reordered the items, the focus goes back to what had it (a moved node may lose it), or to the
  // moved item itself when that control is now disabled (the first item's "up").
  useLayoutEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !listRef.current) return;
    pendingFocus.current = null;
    const { element } = pending;
    const usable =
      element instanceof HTMLElement &&
      element.isConnected &&
      !(element as HTMLButtonElement).disabled &&
      listRef.current.contains(element);
    if (usable) {
      if (document.activeElement !== element) element.focus();
      return;
    }
    const itemNode = [...listRef.current.children].find(
      (child) => (child as HTMLElement).dataset.reorderKey === pending.key,
    );
    if (itemNode instanceof HTMLElement) itemNode.focus();
  });

  return (
    <>
      <ol ref={listRef} aria-label={label} className={clsx(styles.list, className)}>
        {items.map((item, index) => {
          const key = getKey(item, index);
          const handle: ReorderHandle = {
            index,
            total: items.length,
            canMoveUp: !disabled && index > 0,
            canMoveDown: !disabled && index < items.length - 1,
            moveUp: () => move(index, index - 1),
            moveDown: () => move(index, index + 1),
          };
          return (
            <li
              key={key}
              data-reorder-key={key}
              data-reorder-index={index}
              tabIndex={-1}
              className={styles.item}
            >
              <ReorderableItem item={item} handle={handle} renderItem={renderItem} />
            </li>
          );
        })}
      </ol>
      <div role="status" aria-live="polite" className={visuallyHidden}>
        {announcement}
      </div>
    </>
  );
}

export interface ReorderButtonsProps {
  handle: ReorderHandle;
  /** Accessible names of the buttons (e.g. "Move step 2 up"). */
  upLabel: string;
  downLabel: string;
  className?: string;
}

/** The two buttons that move an item of a `ReorderableList` one place up or down. */
export function ReorderButtons({ handle, upLabel, downLabel, className }: ReorderButtonsProps) {
  return (
    <span className={clsx(styles.buttons, className)}>
      <IconButton
        icon={<ArrowUp size={16} />}
        label={upLabel}
        size="medium"
        disabled={!handle.canMoveUp}
        onClick={handle.moveUp}
      />
      <IconButton
        icon={<ArrowDown size={16} />}
        label={downLabel}
        size="medium"
        disabled={!handle.canMoveDown}
        onClick={handle.moveDown}
      />
    </span>
  );
}
