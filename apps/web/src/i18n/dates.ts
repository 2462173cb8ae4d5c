import { DATE_LOCALE_TAGS, PRODUCT_TIME_ZONE } from '@prospecta/domain';
import type { Locale } from './locales';

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

/**
 * §1: a date in the Europe/Zurich time zone as 'dd MMMM yyyy - HH:mm' (month name in the UI language).
 * Throws on a value that is not a valid date.
 */
export function formatZurichDateTime(value: Date | string | number, locale: Locale): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new RangeError(`formatZurichDateTime: invalid date ${String(value)}`);
  const parts = Object.fromEntries(
    formatterFor(locale)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  return `${parts.day} ${parts.month} ${parts.year} - ${parts.hour}:${parts.minute}`;
}
