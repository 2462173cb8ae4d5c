import { describe, expect, it } from 'vitest';
import { formatZurichDateTime } from './dates';

describe('formatZurichDateTime', () => {
  it('formats in Europe/Zurich summer time (UTC+2) as dd MMMM yyyy - HH:mm', () => {
    expect(formatZurichDateTime('2026-07-04T06:05:00Z', 'en')).toBe('04 July 2026 - 08:05');
    expect(formatZurichDateTime('2026-07-04T06:05:00Z', 'fr')).toBe('04 juillet 2026 - 08:05');
  });

  it('formats in winter time (UTC+1) and crosses midnight into the next day', () => {
    expect(formatZurichDateTime(new Date('2026-12-31T23:30:00Z'), 'en')).toBe(
      '01 January 2027 - 00:30',
    );
    expect(formatZurichDateTime(Date.UTC(2026, 1, 3, 12, 0), 'fr')).toBe('03 février 2026 - 13:00');
  });

  it('rejects an invalid date with a clear error', () => {
    expect(() => formatZurichDateTime('not a date', 'en')).toThrow(/invalid date not a date/);
  });
});
