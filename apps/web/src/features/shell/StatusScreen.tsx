import type { ReactNode } from 'react';
import { Spinner } from '@prospecta/ui';
import * as styles from './shell.css';

/** A full-page status (session check, refresh), announced politely. */
export function StatusScreen({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className={styles.centered}>
      <div className={styles.statusPanel}>
        <Spinner size="large" />
        <p role="status">{label}</p>
        {children}
      </div>
    </div>
  );
}
