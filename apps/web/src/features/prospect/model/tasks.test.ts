import { describe, expect, it } from 'vitest';
import { linkedinHref, taskDue } from './tasks';

describe('taskDue', () => {
  const now = new Date('2026-11-20T09:30:00Z');

  it('counts by calendar day in Zurich: earlier is overdue, today is due today, later is later', () => {
    expect(taskDue('2026-11-19T22:59:00Z', now)).toBe('overdue');
    // 23:30 UTC on the 19th is already the 20th in Zurich (UTC+1 in November).
    expect(taskDue('2026-11-19T23:30:00Z', now)).toBe('today');
    expect(taskDue('2026-11-20T08:00:00Z', now)).toBe('today');
    expect(taskDue('2026-11-20T22:59:00Z', now)).toBe('today');
    expect(taskDue('2026-11-20T23:00:00Z', now)).toBe('later');
  });
});

describe('linkedinHref', () => {
  it('opens web addresses only', () => {
    expect(linkedinHref('https://www.linkedin.com/in/claire')).toBe(
      'https://www.linkedin.com/in/claire',
    );
    expect(linkedinHref('javascript:alert(1)')).toBeNull();
    expect(linkedinHref('linkedin.com/in/claire')).toBeNull();
    expect(linkedinHref(null)).toBeNull();
  });
});
