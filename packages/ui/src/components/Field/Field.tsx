import clsx from 'clsx';
import { useId, type ReactNode } from 'react';
import * as styles from './Field.css';
import { visuallyHidden } from '../../css/utils.css';

export interface FieldBaseProps {
  /** Visible label (or, with hideLabel, the accessible name only). */
  label: string;
  hideLabel?: boolean;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error message; marks the control aria-invalid and announces the text. */
  error?: ReactNode;
  /** Shows a required marker; the control gets `required`. */
  required?: boolean;
  className?: string;
}

export interface FieldIds {
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** Computes ids so the control, its hint and error are linked (aria-describedby). */
export function useFieldIds(
  id: string | undefined,
  hint: ReactNode,
  error: ReactNode,
): FieldIds & { hintId: string; errorId: string } {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy, invalid: Boolean(error) };
}

interface FieldShellProps extends FieldBaseProps {
  inputId: string;
  hintId: string;
  errorId: string;
  children: ReactNode;
}

/** Label + control + hint + error, shared by every text-like field. */
export function FieldShell({
  label,
  hideLabel,
  hint,
  error,
  required,
  className,
  inputId,
  hintId,
  errorId,
  children,
}: FieldShellProps) {
  return (
    <div className={clsx(styles.field, className)}>
      <label htmlFor={inputId} className={hideLabel ? visuallyHidden : styles.label}>
        {label}
        {required && !hideLabel && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
