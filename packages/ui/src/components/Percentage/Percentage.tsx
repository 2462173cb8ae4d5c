import clsx from 'clsx';
import { formatPercentage, percentageOf, percentageTone } from './format';
import * as styles from './Percentage.css';

export interface PercentageProps {
  /** The percentage (12.5 means 12.50 %). Use `part`/`whole` instead to compute it. */
  value?: number;
  part?: number | null;
  whole?: number | null;
  /** 'en' or 'fr' (any BCP 47 tag). */
  locale: string;
  className?: string;
}

/** Two decimals; green above 0, red otherwise. */
export function Percentage({ value, part, whole, locale, className }: PercentageProps) {
  const computed = value ?? percentageOf(part, whole);
  const tone = percentageTone(computed);
  return (
    <span className={clsx(styles.root, styles.tone[tone], className)} data-tone={tone}>
      {formatPercentage(computed, locale)}
    </span>
  );
}
