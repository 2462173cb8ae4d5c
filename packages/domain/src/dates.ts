import type { Locale } from './locale';

/** §1: every date is shown in this time zone. */
export const PRODUCT_TIME_ZONE = 'Europe/Zurich';

/** The Intl locale each language formats dates with (Swiss French, British English: day before month). */
export const DATE_LOCALE_TAGS = { fr: 'fr-CH', en: 'en-GB' } as const satisfies Record<
  Locale,
  string
>;

/** §1 'dd MMMM yyyy - HH:mm', or the day alone ('dd MMMM yyyy', e.g. the inbox's day chips). */
export const DATE_DISPLAY_FORMATS = ['dateTime', 'date'] as const;
export type DateDisplayFormat = (typeof DATE_DISPLAY_FORMATS)[number];

const formatters = new Map<Locale, Intl.DateTimeFormat>();

function formatterFor(locale: Locale): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(DATE_LOCALE_TAGS[locale], {
      timeZone: PRODUCT_TIME_ZONE,
      day: '2-digit',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** A Date from a Date, ISO string or epoch milliseconds; null when it is not a valid date. */
export function toDate(input: Date | string | number | null | undefined): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * §1: a date in the Europe/Zurich time zone as 'dd MMMM yyyy - HH:mm' with the month in the UI language
 * ("05 March 2026 - 14:07", "05 mars 2026 - 14:07"), or 'dd MMMM yyyy' with format 'date'.
 * Throws a RangeError on a value that is not a valid date.
 */
export function formatProductDate(
  value: Date | string | number,
  locale: Locale,
  format: DateDisplayFormat = 'dateTime',
): string {
  const date = toDate(value);
  if (!date) throw new RangeError(`Invalid date: ${String(value)}`);
  const parts = Object.fromEntries(
    formatterFor(locale)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  const day = `${parts.day} ${parts.month} ${parts.year}`;
  return format === 'date' ? day : `${day} - ${parts.hour}:${parts.minute}`;
}
