/**
 * When a campaign may send: its time zone, sending days (ISO weekdays) and hours, and an optional start date. The
 * next sending slot is computed on the wall clock of the campaign's zone, so a daylight-saving switch never moves
 * a send outside the hours: a start that falls in the skipped hour of a spring switch moves to the first minute
 * that exists after it.
 */
import type { CampaignLanguage, CampaignSettings } from './contract';
import { problem } from './campaign-errors';
import type { CampaignProblem } from './contract';

export type SendingWindow = Pick<
  CampaignSettings,
  'time_zone' | 'sending_days' | 'sending_start' | 'sending_end' | 'start_date'
>;

/** The ISO weekdays a campaign may send on, Monday (1) to Sunday (7). */
export const WEEKDAYS = [
  1, 2, 3, 4, 5, 6, 7,
] as const satisfies readonly CampaignSettings['sending_days'][number][];

/** The languages a campaign is written in. */
export const CAMPAIGN_LANGUAGES = ['fr', 'en'] as const satisfies readonly CampaignLanguage[];

/** The model's defaults for a new campaign. */
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';
export const DEFAULT_SENDING_DAYS = [1, 2, 3, 4, 5];
export const DEFAULT_SENDING_START = '09:00';
export const DEFAULT_SENDING_END = '17:00';
export const DEFAULT_DAILY_CAP = 50;
export const MAX_DAILY_CAP = 2000;
/** Tracking of opens and clicks is on by default (decision 0168: an open is an indication only). */
export const DEFAULT_TRACK_OPENS = true;
export const DEFAULT_TRACK_CLICKS = true;
/** The random interval between two sends of one mailbox: the engine's defaults and the builder's limit. */
export const DEFAULT_SPACING_MIN_SECONDS = 60;
export const DEFAULT_SPACING_MAX_SECONDS = 180;
export const MAX_SPACING_SECONDS = 3600;

/** Whether a spacing is one the builder saves: whole seconds from 0 to the limit, the minimum not above the maximum. */
export function isValidSpacing(minSeconds: number, maxSeconds: number): boolean {
  const inRange = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_SPACING_SECONDS;
  return inRange(minSeconds) && inRange(maxSeconds) && minSeconds <= maxSeconds;
}

/**
 * How many mails one mailbox can send in a sending day at this spacing: the day's sending minutes divided by the
 * mean interval, plus the first send at the opening (the planner draws each interval between min and max, decision
 * 0161). Null when the hours are invalid; Infinity with no spacing at all.
 */
export function sendsPerDayAtSpacing(
  window: Pick<CampaignSettings, 'sending_start' | 'sending_end'>,
  spacing: Pick<CampaignSettings, 'spacing_min_seconds' | 'spacing_max_seconds'>,
): number | null {
  const start = minutesOf(window.sending_start);
  const end = minutesOf(window.sending_end);
  if (start === null || end === null || end <= start) return null;
  const mean = (spacing.spacing_min_seconds + spacing.spacing_max_seconds) / 2;
  if (mean <= 0) return Number.POSITIVE_INFINITY;
  return Math.floor(((end - start) * 60) / mean) + 1;
}

/** Whether the runtime knows the IANA zone (its formatter, once made, is kept: the engine asks for every send). */
export function isTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** `HH:MM` → minutes after midnight; null when malformed. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock time of an instant in a zone (to the minute). */
export function wallTimeOf(instant: Date, zone: string): WallTime {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const utcOf = (w: WallTime) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);

/** The zone's offset from UTC at an instant, in milliseconds (seconds dropped). */
function offsetAt(instant: number, zone: string): number {
  const floored = Math.floor(instant / 60_000) * 60_000;
  return utcOf(wallTimeOf(new Date(floored), zone)) - floored;
}

/**
 * The instant of a wall-clock time in a zone. A time skipped by a spring switch gives the instant as far after
 * the switch as the time was after the skipped hour's start (02:30 → 03:30); a time that occurs twice in autumn
 * gives the later one.
 */
export function instantOf(wall: WallTime, zone: string): Date {
  const guess = utcOf(wall);
  const first = guess - offsetAt(guess, zone);
  const second = guess - offsetAt(first, zone);
  return new Date(Math.max(first, second));
}

/** `YYYY-MM-DDTHH:MM` of an instant in a zone. */
export function formatWallTime(instant: Date, zone: string): string {
  const w = wallTimeOf(instant, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}

/** ISO weekday (1 = Monday) of a calendar date. */
export function weekdayOf(date: Pick<WallTime, 'year' | 'month' | 'day'>): number {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The calendar date `days` after a date. */
export function addDays(
  date: Pick<WallTime, 'year' | 'month' | 'day'>,
  days: number,
): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function parseDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

const dateKey = (d: { year: number; month: number; day: number }) =>
  d.year * 10_000 + d.month * 100 + d.day;

/** What is wrong with a sending window (no days, end not after start, unknown zone). */
export function sendingWindowProblems(window: SendingWindow): CampaignProblem[] {
  const problems: CampaignProblem[] = [];
  if (!isTimeZone(window.time_zone))
    problems.push(problem('time_zone_invalid', { field: 'time_zone' }));
  if (window.sending_days.length === 0)
    problems.push(problem('no_sending_days', { field: 'sending_days' }));
  const start = minutesOf(window.sending_start);
  const end = minutesOf(window.sending_end);
  if (start === null || end === null || end <= start)
    problems.push(problem('sending_hours_invalid', { field: 'sending_hours' }));
  return problems;
}

/**
 * The first instant at or after `from` when the campaign may send: on a sending day, from the start hour
 * (included) to the end hour (excluded), not before the start date. Null when the window has a problem.
 */
export function nextSendingSlot(from: Date, window: SendingWindow): Date | null {
  if (sendingWindowProblems(window).length > 0) return null;
  const zone = window.time_zone;
  const start = minutesOf(window.sending_start) ?? 0;
  const end = minutesOf(window.sending_end) ?? 0;
  let date: { year: number; month: number; day: number } = wallTimeOf(from, zone);
  const startDate = window.start_date ? parseDate(window.start_date) : null;
  if (startDate && dateKey(startDate) > dateKey(date)) date = startDate;
  // Every weekday comes back within a week; one more day covers a today whose hours are over.
  for (let i = 0; i <= 7; i += 1, date = addDays(date, 1)) {
    if (!window.sending_days.includes(weekdayOf(date))) continue;
    const opens = instantOf({ ...date, hour: Math.floor(start / 60), minute: start % 60 }, zone);
    const closes = instantOf({ ...date, hour: Math.floor(end / 60), minute: end % 60 }, zone);
    const candidate = opens.getTime() > from.getTime() ? opens : from;
    if (candidate.getTime() < closes.getTime()) return new Date(candidate.getTime());
  }
  return null;
}
