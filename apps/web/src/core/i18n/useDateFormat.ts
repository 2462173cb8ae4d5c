import { useCallback } from 'react';
import { formatZurichDateTime } from './dates';
import { useLocale } from './LocaleProvider';

/** Formats a date for the UI: Europe/Zurich, 'dd MMMM yyyy - HH:mm', month in the current language (§1). */
export function useZurichDateTime(): (value: Date | string | number) => string {
  const { locale } = useLocale();
  return useCallback((value) => formatZurichDateTime(value, locale), [locale]);
}
