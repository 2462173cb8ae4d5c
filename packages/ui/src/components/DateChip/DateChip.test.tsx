import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateChip } from './DateChip';

describe('DateChip', () => {
  it('renders the label in a time element with the machine-readable date', () => {
    render(<DateChip label="05 March 2026 - 14:07" dateTime="2026-03-05T13:07:00.000Z" />);
    expect(screen.getByText('05 March 2026 - 14:07')).toHaveAttribute(
      'datetime',
      '2026-03-05T13:07:00.000Z',
    );
  });
  it('renders plain text without a date (e.g. "Unknown date")', () => {
    render(<DateChip label="Unknown date" />);
    expect(screen.getByText('Unknown date').tagName).toBe('SPAN');
  });
});
