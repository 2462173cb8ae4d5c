import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldShell, useFieldIds, type FieldBaseProps } from '../Field';
import * as styles from '../Field/Field.css';

export const textFieldTypes = [
  'text',
  'email',
  'search',
  'url',
  'tel',
  'number',
  'password',
  'date',
  'time',
] as const;
export type TextFieldType = (typeof textFieldTypes)[number];

export interface TextFieldProps
  extends
    FieldBaseProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type' | 'size'> {
  type?: TextFieldType;
  /** Icon or text before the input (e.g. a search icon). Decorative. */
  startAdornment?: ReactNode;
  /** Element after the input (e.g. a clear or reveal button). */
  endAdornment?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  {
    label,
    hideLabel,
    hint,
    error,
    required,
    className,
    id,
    type = 'text',
    startAdornment,
    endAdornment,
    disabled,
    ...inputProps
  },
  ref,
) {
  const { inputId, hintId, errorId, describedBy, invalid } = useFieldIds(id, hint, error);
  return (
    <FieldShell
      {...{ label, hideLabel, hint, error, required, className, inputId, hintId, errorId }}
    >
      <div
        className={styles.control}
        data-invalid={invalid}
        data-disabled={disabled ? 'true' : undefined}
      >
        {startAdornment && (
          <span className={styles.adornment} aria-hidden="true">
            {startAdornment}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          type={type}
          className={styles.input}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={required}
          disabled={disabled}
          {...inputProps}
        />
        {endAdornment}
      </div>
    </FieldShell>
  );
});
