import { describe, expect, it } from 'vitest';
import { itemListText, patchItems, type ItemList } from '../src/http/list-items';

const list = (ids: number[], mark = ''): ItemList => ({
  head: '{"prospects":',
  tail: '}',
  ids,
  items: ids.map((id) => `{"id":${id}${mark}}`),
});

describe('patchItems', () => {
  it('replaces, removes and inserts the changed items at their place by id', () => {
    const base = list([2, 4, 6, 8]);
    // 4 changed, 6 left the list, 1, 5 and 9 entered it; 8 did not change.
    const patched = patchItems(base, [1, 4, 5, 6, 9], {
      ids: [1, 4, 5, 9],
      items: ['{"id":1,"new":1}', '{"id":4,"new":1}', '{"id":5,"new":1}', '{"id":9,"new":1}'],
    });
    expect(patched.ids).toEqual([1, 2, 4, 5, 8, 9]);
    expect(itemListText(patched)).toBe(
      '{"prospects":[{"id":1,"new":1},{"id":2},{"id":4,"new":1},{"id":5,"new":1},{"id":8},{"id":9,"new":1}]}',
    );
    expect(JSON.parse(itemListText(patched))).toEqual({ prospects: expect.any(Array) });
  });

  it('handles an empty list, an emptied list and no change', () => {
    expect(itemListText(patchItems(list([]), [3], { ids: [3], items: ['{"id":3}'] }))).toBe(
      '{"prospects":[{"id":3}]}',
    );
    expect(itemListText(patchItems(list([1, 2]), [1, 2], { ids: [], items: [] }))).toBe(
      '{"prospects":[]}',
    );
    const same = patchItems(list([1, 2]), [], { ids: [], items: [] });
    expect(itemListText(same)).toBe(itemListText(list([1, 2])));
  });

  it('refuses items out of order, without their ids, or read again without having changed', () => {
    expect(() => patchItems(list([2, 1]), [], { ids: [], items: [] })).toThrow(/ascending/);
    expect(() => patchItems(list([1]), [3, 2], { ids: [3, 2], items: ['3', '2'] })).toThrow(
      /ascending/,
    );
    expect(() =>
      patchItems({ ...list([1, 2]), items: ['{}'] }, [], { ids: [], items: [] }),
    ).toThrow(/ids/);
    expect(() => patchItems(list([1]), [2], { ids: [3], items: ['{"id":3}'] })).toThrow(
      /not among the changed/,
    );
  });

  it('gives the same list as reading it whole, over many random changes', () => {
    // A list of up to 60 ids out of 100; each step changes some ids: an id read again is in the new list or not.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let truth = new Map<number, string>();
    for (let id = 0; id < 100; id += 1) if (random() < 0.5) truth.set(id, `{"id":${id},"v":0}`);
    const whole = (): ItemList => {
      const ids = [...truth.keys()].sort((a, b) => a - b);
      return { head: 'H', tail: 'T', ids, items: ids.map((id) => truth.get(id)!) };
    };
    let cached = whole();
    for (let step = 1; step <= 200; step += 1) {
      const changed = [
        ...new Set(
          Array.from({ length: Math.floor(random() * 6) }, () => Math.floor(random() * 100)),
        ),
      ];
      const next = new Map(truth);
      for (const id of changed) {
        if (random() < 0.3) next.delete(id);
        else next.set(id, `{"id":${id},"v":${step}}`);
      }
      truth = next;
      const freshIds = changed.filter((id) => truth.has(id)).sort((a, b) => a - b);
      cached = patchItems(cached, changed, {
        ids: freshIds,
        items: freshIds.map((id) => truth.get(id)!),
      });
      expect(itemListText(cached), `step ${step}`).toBe(itemListText(whole()));
    }
  });
});
