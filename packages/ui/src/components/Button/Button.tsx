import clsx from 'clsx';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Spinner } from '../Spinner';
import * as styles from './Button.css';
import type { ButtonSize, ButtonVariant } from './Button.css';

export { buttonSizes, buttonVariants, type ButtonSize, type ButtonVariant } from './Button.css';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the width, and blocks clicks (aria-busy). */
  loading?: boolean;
  /** Icon before the label (e.g. a lucide-react icon element). */
  icon?: ReactNode;
  /** Icon after the label. */
  iconEnd?: ReactNode;
  fullWidth?: boolean;
  /**
   * For a ghost button at the edge of a block (a header's action): its label lines up with the content above and
   * below it instead of sitting its padding inside; its hover background reaches past the edge by as much.
   */
  bleed?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    children,
    variant = 'primary',
    size = 'medium',
    loading = false,
    icon,
    iconEnd,
    fullWidth = false,
    bleed = false,
    disabled,
    className,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={clsx(styles.button({ variant, size, fullWidth, bleed }), className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {icon && (
        <span className={clsx(styles.icon, loading && styles.hidden)} aria-hidden="true">
          {icon}
        </span>
      )}
      <span className={clsx(styles.label, loading && styles.hidden)}>{children}</span>
      {iconEnd && (
        <span className={clsx(styles.icon, loading && styles.hidden)} aria-hidden="true">
          {iconEnd}
        </span>
      )}
      {loading && (
        <span className={styles.spinnerOverlay}>
          <Spinner size="small" />
        </span>
      )}
    </button>
  );
});
