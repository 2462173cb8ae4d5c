import { describe, expect, it } from 'vitest';
import { assignKeys } from './stepKeys';

describe('assignKeys', () => {
  const a = { n: 'a' };
  const b = { n: 'b' };
  const c = { n: 'c' };

  it('numbers a first list', () => {
    expect(assignKeys(null, [a, b])).toEqual(['item-1', 'item-2']);
  });

  it('keeps each item’s key when the list is reordered or shortened', () => {
    const keys = assignKeys(null, [a, b, c]);
    expect(assignKeys({ items: [a, b, c], keys }, [c, a, b])).toEqual([
      'item-3',
      'item-1',
      'item-2',
    ]);
    expect(assignKeys({ items: [a, b, c], keys }, [a, c])).toEqual(['item-1', 'item-3']);
  });

  it('gives an edited item (a new object in the same place) the key of the one it replaces', () => {
    const keys = assignKeys(null, [a, b]);
    const edited = { n: 'b2' };
    expect(assignKeys({ items: [a, b], keys }, [a, edited])).toEqual(['item-1', 'item-2']);
  });

  it('gives a new key to an added item and to one put back where another still is', () => {
    const keys = assignKeys(null, [a, b]);
    expect(assignKeys({ items: [a, b], keys }, [a, b, c])).toEqual(['item-1', 'item-2', 'item-3']);
    expect(assignKeys({ items: [a, b], keys }, [c, a, b])).toEqual(['item-3', 'item-1', 'item-2']);
  });

  it('never gives two items the same key', () => {
    const keys = assignKeys(null, [a]);
    const result = assignKeys({ items: [a], keys }, [a, a, { n: 'x' }]);
    expect(new Set(result).size).toBe(3);
  });
});
