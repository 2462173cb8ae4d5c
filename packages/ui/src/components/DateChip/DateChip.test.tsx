import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateChip } from './DateChip';
import { formatDateTime, toDate } from './format';

describe('formatDateTime', () => {
  it('formats dd MMMM yyyy - HH:mm in Europe/Zurich (winter, UTC+1)', () => {
    expect(formatDateTime('2026-03-05T13:07:00Z', 'en')).toBe('05 March 2026 - 14:07');
    expect(formatDateTime('2026-03-05T13:07:00Z', 'fr')).toBe('05 mars 2026 - 14:07');
  });
  it('follows summer time (UTC+2)', () => {
    expect(formatDateTime('2026-07-14T22:30:00Z', 'fr')).toBe('15 juillet 2026 - 00:30');
  });
  it('formats the day only', () => {
    expect(formatDateTime(new Date('2026-12-31T23:30:00Z'), 'en', 'date')).toBe('01 January 2027');
  });
  it('throws a clear error for an invalid date', () => {
    expect(() => formatDateTime('not a date', 'en')).toThrow('Invalid date: not a date');
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

describe('DateChip', () => {
  it('renders a time element with the ISO date', () => {
    render(<DateChip date="2026-03-05T13:07:00Z" locale="en" />);
    expect(screen.getByText('05 March 2026 - 14:07')).toHaveAttribute('datetime', '2026-03-05T13:07:00.000Z');
  });
  it('shows the invalid label for a bad date', () => {
    render(<DateChip date="garbage" locale="en" invalidLabel="Unknown date" />);
    expect(screen.getByText('Unknown date')).toBeInTheDocument();
  });
});
