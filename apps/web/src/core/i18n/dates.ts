import { formatProductDate } from '@prospecta/domain';
import type { Locale } from './locales';

/** §1: a date in Europe/Zurich as 'dd MMMM yyyy - HH:mm' in the UI language (the rule: @prospecta/domain). */
export function formatZurichDateTime(value: Date | string | number, locale: Locale): string {
  return formatProductDate(value, locale);
}

/** §1: the day alone ('dd MMMM yyyy'), in Europe/Zurich: the inbox's day chips. */
export function formatZurichDay(value: Date | string | number, locale: Locale): string {
  return formatProductDate(value, locale, 'date');
}
