import { describe, expect, it } from 'vitest';
import {
  formatWallTime,
  instantOf,
  nextSendingSlot,
  sendingWindowProblems,
  type SendingWindow,
} from './campaign-schedule';

const weekdays: SendingWindow = {
  time_zone: 'Europe/Zurich',
  sending_days: [1, 2, 3, 4, 5],
  sending_start: '09:00',
  sending_end: '17:00',
  start_date: null,
};
const slot = (from: string, window: Partial<SendingWindow> = {}) =>
  nextSendingSlot(new Date(from), { ...weekdays, ...window })?.toISOString() ?? null;

describe('sending slots', () => {
  it('sends at once inside the hours, else at the next opening of a sending day', () => {
    // Friday 27 November 2026, Zurich is UTC+1.
    expect(slot('2026-11-27T15:30:00Z')).toBe('2026-11-27T15:30:00.000Z');
    expect(slot('2026-11-27T07:00:00Z')).toBe('2026-11-27T08:00:00.000Z');
    // 17:00 is closed: Monday 09:00.
    expect(slot('2026-11-27T16:00:00Z')).toBe('2026-11-30T08:00:00.000Z');
    expect(slot('2026-11-28T10:00:00Z')).toBe('2026-11-30T08:00:00.000Z');
  });

  it('waits for the start date, on the campaign’s wall clock', () => {
    expect(slot('2026-11-27T10:00:00Z', { start_date: '2026-12-02' })).toBe(
      '2026-12-02T08:00:00.000Z',
    );
    expect(slot('2026-11-27T10:00:00Z', { start_date: '2026-11-01' })).toBe(
      '2026-11-27T10:00:00.000Z',
    );
    // Late evening in New York is already Saturday in UTC; the zone's own date counts.
    expect(
      slot('2026-11-28T02:00:00Z', {
        time_zone: 'America/New_York',
        sending_start: '20:00',
        sending_end: '23:00',
      }),
    ).toBe('2026-11-28T02:00:00.000Z');
  });

  it('keeps the wall-clock hours across a daylight-saving switch', () => {
    // Friday 27 March 2026 09:00 is UTC+1; Monday 30 March 09:00 is UTC+2 (the switch is on Sunday the 29th).
    expect(slot('2026-03-27T07:00:00Z')).toBe('2026-03-27T08:00:00.000Z');
    expect(slot('2026-03-28T12:00:00Z')).toBe('2026-03-30T07:00:00.000Z');
    // Back to UTC+1 on Sunday 25 October.
    expect(slot('2026-10-24T12:00:00Z')).toBe('2026-10-26T08:00:00.000Z');
  });

  it('moves a start in the skipped hour to just after it, and never sends before it', () => {
    const sunday = { sending_days: [7], sending_start: '02:30', sending_end: '04:00' };
    // 02:30 does not exist on 29 March in Zurich: 03:30 (UTC+2) is 01:30 UTC.
    expect(slot('2026-03-28T12:00:00Z', sunday)).toBe('2026-03-29T01:30:00.000Z');
    expect(
      formatWallTime(
        instantOf({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 }, 'Europe/Zurich'),
        'Europe/Zurich',
      ),
    ).toBe('2026-03-29T03:30');
    // 02:30 happens twice on 25 October: the later one (UTC+1).
    expect(
      instantOf(
        { year: 2026, month: 10, day: 25, hour: 2, minute: 30 },
        'Europe/Zurich',
      ).toISOString(),
    ).toBe('2026-10-25T01:30:00.000Z');
  });

  it('has no slot, and says why, without days, with closed hours or an unknown zone', () => {
    expect(slot('2026-11-27T10:00:00Z', { sending_days: [] })).toBeNull();
    expect(sendingWindowProblems({ ...weekdays, sending_days: [] }).map((p) => p.code)).toEqual([
      'no_sending_days',
    ]);
    expect(
      sendingWindowProblems({ ...weekdays, sending_start: '17:00', sending_end: '09:00' }).map(
        (p) => p.code,
      ),
    ).toEqual(['sending_hours_invalid']);
    expect(sendingWindowProblems({ ...weekdays, time_zone: 'Mars/Olympus' })).toEqual([
      { code: 'time_zone_invalid', severity: 'blocking', section: 'settings', field: 'time_zone' },
    ]);
    expect(sendingWindowProblems(weekdays)).toEqual([]);
  });
});
