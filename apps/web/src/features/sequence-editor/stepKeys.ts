import { useState } from 'react';

/** A list and the keys its items were rendered with. */
export interface KeyedList<T> {
  items: readonly T[];
  keys: readonly string[];
}

const number = (key: string) => Number(/(\d+)$/.exec(key)?.[1] ?? 0);

/**
 * Keys that stay with the items of a controlled list from one render to the next, so that a moved or edited item
 * keeps its fields (and the focus in them): an item still there keeps its key; an item put in place of one that left
 * at the same position (an edit returns a new object) takes that key; any other item gets a new one.
 */
export function assignKeys<T>(previous: KeyedList<T> | null, items: readonly T[]): string[] {
  const prevItems = previous?.items ?? [];
  const prevKeys = previous?.keys ?? [];
  const byItem = new Map<T, string>();
  prevItems.forEach((item, index) => {
    const key = prevKeys[index];
    if (key !== undefined && !byItem.has(item)) byItem.set(item, key);
  });
  const present = new Set(items);
  const used = new Set<string>();
  let next = Math.max(0, ...prevKeys.map(number)) + 1;
  return items.map((item, index) => {
    const own = byItem.get(item);
    if (own !== undefined && !used.has(own)) {
      used.add(own);
      return own;
    }
    const positional = prevKeys[index];
    const replaced = prevItems[index];
    if (
      positional !== undefined &&
      replaced !== undefined &&
      !present.has(replaced) &&
      !used.has(positional)
    ) {
      used.add(positional);
      return positional;
    }
    const fresh = `item-${next}`;
    next += 1;
    used.add(fresh);
    return fresh;
  });
}

/** The stable keys of a controlled list's items (see `assignKeys`), kept across renders. */
export function useStableKeys<T>(items: readonly T[]): readonly string[] {
  const [keyed, setKeyed] = useState<KeyedList<T>>(() => ({
    items,
    keys: assignKeys(null, items),
  }));
  if (keyed.items === items) return keyed.keys;
  // New items from the owner: the keys are worked out now and kept for the next render.
  const next = { items, keys: assignKeys(keyed, items) };
  setKeyed(next);
  return next.keys;
}
