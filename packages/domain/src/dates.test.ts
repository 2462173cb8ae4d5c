import { describe, expect, it } from 'vitest';
import { formatProductDate, toDate } from './dates';

describe('formatProductDate (§1)', () => {
  it('formats dd MMMM yyyy - HH:mm in Europe/Zurich (winter, UTC+1)', () => {
    expect(formatProductDate('2026-03-05T13:07:00Z', 'en')).toBe('05 March 2026 - 14:07');
    expect(formatProductDate('2026-03-05T13:07:00Z', 'fr')).toBe('05 mars 2026 - 14:07');
  });
  it('follows summer time (UTC+2), whatever the machine zone', () => {
    expect(formatProductDate('2026-07-14T22:30:00Z', 'fr')).toBe('15 juillet 2026 - 00:30');
  });
  it('crosses midnight into the next day and year in Zurich', () => {
    expect(formatProductDate(new Date('2026-12-31T23:30:00Z'), 'en')).toBe(
      '01 January 2027 - 00:30',
    );
    expect(formatProductDate(Date.UTC(2026, 1, 3, 12, 0), 'fr')).toBe('03 février 2026 - 13:00');
  });
  it('formats the day only, in Zurich', () => {
    expect(formatProductDate(new Date('2026-12-31T23:30:00Z'), 'en', 'date')).toBe(
      '01 January 2027',
    );
  });
  it('throws a clear error for an invalid date', () => {
    expect(() => formatProductDate('not a date', 'en')).toThrow('Invalid date: not a date');
  });
});

describe('toDate', () => {
  it('parses strings, numbers and dates and rejects invalid input', () => {
    expect(toDate('2026-01-01T00:00:00Z')?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(toDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(toDate('')).toBeNull();
    expect(toDate('nope')).toBeNull();
    expect(toDate(null)).toBeNull();
  });
});
