import { describe, expect, it } from 'vitest';
import { ariaSortOf, compareValues, nextSort, sortRows } from './sort';

describe('nextSort', () => {
  it('starts a new column ascending', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'company', direction: 'desc' }, 'name')).toEqual({
      key: 'name',
      direction: 'asc',
    });
  });
  it('toggles the same column between ascending and descending', () => {
    const first = nextSort(null, 'name');
    const second = nextSort(first, 'name');
    const third = nextSort(second, 'name');
    expect(second).toEqual({ key: 'name', direction: 'desc' });
    expect(third).toEqual({ key: 'name', direction: 'asc' });
  });
  it('goes back to unsorted after descending when allowed', () => {
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name', true)).toBeNull();
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name', true)).toEqual({
      key: 'name',
      direction: 'desc',
    });
  });
});

describe('ariaSortOf', () => {
  it('maps the sort state to aria-sort', () => {
    expect(ariaSortOf({ key: 'a', direction: 'asc' }, 'a')).toBe('ascending');
    expect(ariaSortOf({ key: 'a', direction: 'desc' }, 'a')).toBe('descending');
    expect(ariaSortOf({ key: 'a', direction: 'asc' }, 'b')).toBe('none');
    expect(ariaSortOf(null, 'a')).toBe('none');
  });
});

describe('compareValues and sortRows', () => {
  it('sorts numbers numerically', () => {
    expect(sortRows([10, 9, 100], (n) => n, 'asc', 'en')).toEqual([9, 10, 100]);
    expect(sortRows([10, 9, 100], (n) => n, 'desc', 'en')).toEqual([100, 10, 9]);
  });
  it('sorts strings by locale, ignoring case and accents', () => {
    expect(sortRows(['émile', 'Zoé', 'alain', 'Éric'], (s) => s, 'asc', 'fr')).toEqual([
      'alain',
      'émile',
      'Éric',
      'Zoé',
    ]);
    expect(compareValues('a', 'A', 'en')).toBe(0);
  });
  it('keeps empty values last in both directions', () => {
    const rows = [{ v: 'b' }, { v: null }, { v: 'a' }, { v: '' }];
    expect(sortRows(rows, (r) => r.v, 'asc', 'en').map((r) => r.v)).toEqual(['a', 'b', null, '']);
    expect(sortRows(rows, (r) => r.v, 'desc', 'en').map((r) => r.v)).toEqual(['b', 'a', null, '']);
  });
  it('is stable for equal values', () => {
    const rows = [
      { id: 1, v: 'x' },
      { id: 2, v: 'x' },
      { id: 3, v: 'x' },
    ];
    expect(sortRows(rows, (r) => r.v, 'desc', 'en').map((r) => r.id)).toEqual([1, 2, 3]);
  });
  it('does not mutate the input', () => {
    const rows = [3, 1, 2];
    sortRows(rows, (n) => n, 'asc', 'en');
    expect(rows).toEqual([3, 1, 2]);
  });
});
