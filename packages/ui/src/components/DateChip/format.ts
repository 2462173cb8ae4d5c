/** Dates are shown in this zone (spec §1). */
export const DEFAULT_TIME_ZONE = 'Europe/Zurich';

export const dateFormats = ['dateTime', 'date'] as const;
export type DateFormat = (typeof dateFormats)[number];

/** A Date from a Date, ISO string or epoch milliseconds; null when it is not a valid date. */
export function toDate(input: Date | string | number | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 'dd MMMM yyyy - HH:mm' in the given zone and language: "05 March 2026 - 14:07",
 * "05 mars 2026 - 14:07". With format 'date': "05 March 2026".
 * Throws a RangeError for an invalid date.
 */
export function formatDateTime(input: Date | string | number, locale: string, format: DateFormat = 'dateTime', timeZone = DEFAULT_TIME_ZONE): string {
  const date = toDate(input);
  if (!date) throw new RangeError(`Invalid date: ${String(input)}`);
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('day')} ${part('month')} ${part('year')}`;
  return format === 'date' ? day : `${day} - ${part('hour')}:${part('minute')}`;
}
