import { describe, expect, it } from 'vitest';
import { clampPage, pageCountOf, pageRange, paginate } from './pagination';

describe('pagination helpers', () => {
  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(5, 0)).toBe(1);
  });
  it('clamps the page', () => {
    expect(clampPage(0, 25, 10)).toBe(1);
    expect(clampPage(9, 25, 10)).toBe(3);
    expect(clampPage(Number.NaN, 25, 10)).toBe(1);
  });
  it('slices a page', () => {
    const rows = Array.from({ length: 25 }, (_, i) => i + 1);
    expect(paginate(rows, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(paginate(rows, 3, 10)).toEqual([21, 22, 23, 24, 25]);
    expect(paginate(rows, 7, 10)).toEqual([21, 22, 23, 24, 25]);
  });
  it('gives the shown range', () => {
    expect(pageRange(3, 10, 25)).toEqual({ from: 21, to: 25 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
