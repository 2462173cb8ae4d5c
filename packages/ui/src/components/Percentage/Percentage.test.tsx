import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatPercentage, percentageOf, percentageTone } from './format';
import { Percentage } from './Percentage';

const normalize = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('percentageOf', () => {
  it('divides part by whole as a percentage', () => {
    expect(percentageOf(1, 8)).toBe(12.5);
    expect(percentageOf(3, 3)).toBe(100);
  });
  it('is 0 when the whole is 0 or a value is missing or not finite', () => {
    expect(percentageOf(5, 0)).toBe(0);
    expect(percentageOf(null, 10)).toBe(0);
    expect(percentageOf(2, undefined)).toBe(0);
    expect(percentageOf(Number.NaN, 10)).toBe(0);
    expect(percentageOf(1, Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('formatPercentage', () => {
  it('always shows two decimals', () => {
    expect(formatPercentage(12.5, 'en')).toBe('12.50%');
    expect(formatPercentage(0, 'en')).toBe('0.00%');
    expect(formatPercentage(33.3333, 'en')).toBe('33.33%');
    expect(formatPercentage(66.666, 'en')).toBe('66.67%');
    expect(formatPercentage(100, 'en')).toBe('100.00%');
  });
  it('follows the French format', () => {
    expect(normalize(formatPercentage(12.5, 'fr'))).toBe('12,50 %');
  });
  it('shows non-finite values as 0', () => {
    expect(formatPercentage(Number.NaN, 'en')).toBe('0.00%');
  });
});

describe('percentageTone', () => {
  it('is positive only above 0', () => {
    expect(percentageTone(0.01)).toBe('positive');
    expect(percentageTone(0)).toBe('negative');
    expect(percentageTone(-3)).toBe('negative');
    expect(percentageTone(Number.NaN)).toBe('negative');
  });
});

describe('Percentage', () => {
  it('computes from part and whole and marks the tone', () => {
    render(<Percentage part={1} whole={4} locale="en" />);
    expect(screen.getByText('25.00%')).toHaveAttribute('data-tone', 'positive');
  });
  it('shows 0.00% in red for an empty denominator', () => {
    render(<Percentage part={3} whole={0} locale="en" />);
    expect(screen.getByText('0.00%')).toHaveAttribute('data-tone', 'negative');
  });
});
