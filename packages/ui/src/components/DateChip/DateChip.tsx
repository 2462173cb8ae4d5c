import clsx from 'clsx';
import { CalendarDays } from 'lucide-react';
import * as styles from './DateChip.css';

export interface DateChipProps {
  /** The date as the app formatted it for the reader (e.g. "05 March 2026 - 14:07"). */
  label: string;
  /** The machine-readable date (ISO 8601) of the <time> element; without it the label is plain text (e.g. "Unknown date"). */
  dateTime?: string;
  showIcon?: boolean;
  className?: string;
}

/** A date in a chip, inside a <time> element. The app formats it (§1 rules live in @prospecta/domain). */
export function DateChip({ label, dateTime, showIcon = false, className }: DateChipProps) {
  return (
    <span className={clsx(styles.chip, className)}>
      {showIcon && <CalendarDays size={12} aria-hidden="true" />}
      {dateTime ? <time dateTime={dateTime}>{label}</time> : <span>{label}</span>}
    </span>
  );
}
