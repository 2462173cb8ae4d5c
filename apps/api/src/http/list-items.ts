/**
 * A list answer kept item by item (http/list-cache.ts): each item's JSON text with its id, in ascending id order, and
 * the text around the array (`{"prospects":` and `}`). Kept so, a list can be brought to a newer version by reading
 * again only the items that changed, instead of the whole list.
 */
export interface Items {
  /** Ascending. */
  ids: readonly number[];
  /** The JSON text of each item, in the order of `ids`. */
  items: readonly string[];
}

export interface ItemList extends Items {
  head: string;
  tail: string;
}

/** The answer's text: `${head}[${items}]${tail}`. */
export const itemListText = (list: ItemList): string =>
  `${list.head}[${list.items.join(',')}]${list.tail}`;

const ascending = (ids: readonly number[]) =>
  ids.every((id, index) => index === 0 || ids[index - 1]! < id);

/**
 * `base` brought up to date: the items of `changed` are dropped, then `fresh` (what the list holds now among
 * `changed`: a changed item that is not there has left the list) goes in at its place by id. Linear in the list.
 */
export function patchItems(base: ItemList, changed: readonly number[], fresh: Items): ItemList {
  if (
    !ascending(base.ids) ||
    !ascending(fresh.ids) ||
    base.ids.length !== base.items.length ||
    fresh.ids.length !== fresh.items.length
  ) {
    throw new Error('patchItems: the items must come with their ids, in ascending order');
  }
  const gone = new Set(changed);
  for (const id of fresh.ids)
    if (!gone.has(id))
      throw new Error(`patchItems: item ${id} was read again but is not among the changed ones`);
  const ids: number[] = [];
  const items: string[] = [];
  let next = 0;
  const takeFreshBelow = (limit: number) => {
    while (next < fresh.ids.length && fresh.ids[next]! < limit) {
      ids.push(fresh.ids[next]!);
      items.push(fresh.items[next]!);
      next += 1;
    }
  };
  for (const [index, id] of base.ids.entries()) {
    takeFreshBelow(id);
    if (gone.has(id)) continue;
    ids.push(id);
    items.push(base.items[index]!);
  }
  takeFreshBelow(Infinity);
  return { head: base.head, tail: base.tail, ids, items };
}
