import clsx from 'clsx';
import * as styles from './StatusChip.css';
import type { ProspectStatusValue } from './StatusChip.css';

export { prospectStatuses, type ProspectStatusValue } from './StatusChip.css';

export interface StatusChipProps {
  status: ProspectStatusValue;
  /** Translated label, e.g. "New opportunity" for converted, "Opportunity to engage" for nurture. */
  label: string;
  className?: string;
}

export function StatusChip({ status, label, className }: StatusChipProps) {
  return (
    <span className={clsx(styles.root, styles.status[status], className)} data-status={status} title={label}>
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.text}>{label}</span>
    </span>
  );
}
