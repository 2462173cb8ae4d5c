import clsx from 'clsx';
import { CalendarDays } from 'lucide-react';
import { formatDateTime, toDate, type DateFormat } from './format';
import * as styles from './DateChip.css';

export interface DateChipProps {
  date: Date | string | number;
  /** 'en' or 'fr'. */
  locale: string;
  format?: DateFormat;
  timeZone?: string;
  /** Shown instead when the date is not valid (e.g. a translated "Unknown date"). */
  invalidLabel?: string;
  showIcon?: boolean;
  className?: string;
}

/** A date as 'dd MMMM yyyy - HH:mm' in Europe/Zurich, inside a <time> element. */
export function DateChip({ date, locale, format = 'dateTime', timeZone, invalidLabel, showIcon = false, className }: DateChipProps) {
  const parsed = toDate(date);
  return (
    <span className={clsx(styles.chip, className)}>
      {showIcon && <CalendarDays size={12} aria-hidden="true" />}
      {parsed ? <time dateTime={parsed.toISOString()}>{formatDateTime(parsed, locale, format, timeZone)}</time> : <span>{invalidLabel ?? String(date)}</span>}
    </span>
  );
}
