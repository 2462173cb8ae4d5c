import * as RadixCheckbox from '@radix-ui/react-checkbox';
import clsx from 'clsx';
import { Check, Minus } from 'lucide-react';
import { forwardRef, useId, type ReactNode } from 'react';
import * as styles from './Checkbox.css';

export interface CheckboxProps {
  /** Visible label (can contain a link). */
  label: ReactNode;
  checked?: boolean | 'indeterminate';
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  value?: string;
  error?: ReactNode;
  id?: string;
  className?: string;
  onBlur?: () => void;
}

export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  {
    label,
    checked,
    defaultChecked,
    onCheckedChange,
    disabled,
    required,
    name,
    value,
    error,
    id,
    className,
    onBlur,
  },
  ref,
) {
  const generated = useId();
  const boxId = id ?? generated;
  const errorId = `${boxId}-error`;
  return (
    <div className={clsx(styles.wrapper, className)}>
      <div className={styles.row}>
        <RadixCheckbox.Root
          ref={ref}
          id={boxId}
          className={styles.box}
          checked={checked}
          defaultChecked={defaultChecked}
          onCheckedChange={(state) => onCheckedChange?.(state === true)}
          disabled={disabled}
          required={required}
          name={name}
          value={value}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <RadixCheckbox.Indicator>
            {checked === 'indeterminate' ? (
              <Minus size={14} aria-hidden="true" />
            ) : (
              <Check size={14} aria-hidden="true" />
            )}
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
        <label htmlFor={boxId} className={styles.label}>
          {label}
        </label>
      </div>
      {error && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
});
