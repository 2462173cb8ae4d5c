import clsx from 'clsx';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import * as styles from './IconButton.css';
import type { IconButtonSize, IconButtonVariant } from './IconButton.css';

export {
  iconButtonSizes,
  iconButtonVariants,
  type IconButtonSize,
  type IconButtonVariant,
} from './IconButton.css';

export interface IconButtonProps extends Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'children' | 'aria-label'
> {
  /** The icon (decorative; hidden from assistive technology). */
  icon: ReactNode;
  /** Required accessible name, also shown as the native tooltip. */
  label: string;
  variant?: IconButtonVariant;
  size?: IconButtonSize;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { icon, label, variant = 'ghost', size = 'medium', className, type = 'button', title, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={title ?? label}
      className={clsx(styles.iconButton({ variant, size }), className)}
      {...rest}
    >
      <span aria-hidden="true" style={{ display: 'inline-flex' }}>
        {icon}
      </span>
    </button>
  );
});
