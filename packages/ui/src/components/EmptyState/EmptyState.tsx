import clsx from 'clsx';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './EmptyState.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Decorative icon; defaults to an inbox. */
  icon?: ReactNode;
  /** A call to action (e.g. a Button). */
  action?: ReactNode;
  /** Heading level of the title (default 3). */
  titleLevel?: 2 | 3 | 4;
  className?: string;
}

export function EmptyState({
  title,
  description,
  icon,
  action,
  titleLevel = 3,
  className,
}: EmptyStateProps) {
  const Heading = `h${titleLevel}` as const;
  return (
    <div className={clsx(styles.root, className)}>
      <span className={styles.icon} aria-hidden="true">
        {icon ?? <Inbox size={24} />}
      </span>
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
