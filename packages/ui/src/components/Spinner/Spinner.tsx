import clsx from 'clsx';
import * as styles from './Spinner.css';
import type { SpinnerSize } from './Spinner.css';

export { spinnerSizes, type SpinnerSize } from './Spinner.css';

export interface SpinnerProps {
  /** Accessible label, e.g. "Loading". Without it the spinner is decorative (aria-hidden). */
  label?: string;
  size?: SpinnerSize;
  className?: string;
}

export function Spinner({ label, size = 'medium', className }: SpinnerProps) {
  if (!label)
    return <span aria-hidden="true" className={clsx(styles.root, styles.size[size], className)} />;
  return (
    <span
      role="status"
      aria-label={label}
      className={clsx(styles.root, styles.size[size], className)}
    />
  );
}
