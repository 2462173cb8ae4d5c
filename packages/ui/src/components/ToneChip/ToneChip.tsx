import clsx from 'clsx';
import type { Tone } from '../../theme/tones';
import * as styles from './ToneChip.css';

export interface ToneChipProps {
  /** The semantic tone: the app decides what it means (e.g. a prospect status mapped to a tone). */
  tone: Tone;
  /** Translated label, shown in full in a tooltip when it is cut off. */
  label: string;
  className?: string;
}

/** A small pill with a coloured dot and a label, e.g. a prospect's status. */
export function ToneChip({ tone, label, className }: ToneChipProps) {
  return (
    <span
      className={clsx(styles.root, styles.tone[tone], className)}
      data-tone={tone}
      title={label}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>{label}</span>
    </span>
  );
}
