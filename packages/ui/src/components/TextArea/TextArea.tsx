import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldShell, useFieldIds, type FieldBaseProps } from '../Field';
import * as styles from '../Field/Field.css';

export interface TextAreaProps
  extends FieldBaseProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> {}

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, hideLabel, hint, error, required, className, id, disabled, rows = 4, ...rest },
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
        <textarea
          ref={ref}
          id={inputId}
          rows={rows}
          className={styles.textarea}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={required}
          disabled={disabled}
          {...rest}
        />
      </div>
    </FieldShell>
  );
});
