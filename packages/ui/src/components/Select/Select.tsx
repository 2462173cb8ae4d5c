import * as RadixSelect from '@radix-ui/react-select';
import clsx from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import * as fieldStyles from '../Field/Field.css';
import * as styles from './Select.css';
import { visuallyHidden } from '../../css/utils.css';

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export const selectLabelPositions = ['top', 'start'] as const;
export type SelectLabelPosition = (typeof selectLabelPositions)[number];

export interface SelectProps<V extends string = string> {
  label: string;
  /** 'start' puts the label beside the control. */
  labelPosition?: SelectLabelPosition;
  hideLabel?: boolean;
  options: readonly SelectOption<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  id?: string;
  className?: string;
}

export function Select<V extends string = string>({
  label,
  labelPosition = 'top',
  hideLabel,
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  hint,
  error,
  disabled,
  required,
  name,
  id,
  className,
}: SelectProps<V>) {
  const generated = useId();
  const triggerId = id ?? generated;
  const labelId = `${triggerId}-label`;
  const hintId = `${triggerId}-hint`;
  const errorId = `${triggerId}-error`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div
      className={clsx(
        fieldStyles.field,
        labelPosition === 'start' && fieldStyles.fieldInline,
        className,
      )}
    >
      <label
        id={labelId}
        htmlFor={triggerId}
        className={hideLabel ? visuallyHidden : fieldStyles.label}
      >
        {label}
      </label>
      <RadixSelect.Root
        value={value}
        defaultValue={defaultValue}
        onValueChange={(next) => onValueChange?.(next as V)}
        disabled={disabled}
        required={required}
        name={name}
      >
        <RadixSelect.Trigger
          id={triggerId}
          className={styles.trigger}
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          <span className={styles.value}>
            <RadixSelect.Value placeholder={placeholder} />
          </span>
          <RadixSelect.Icon asChild>
            <ChevronDown size={16} aria-hidden="true" />
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
            <RadixSelect.Viewport className={styles.viewport}>
              {options.map((option) => (
                <RadixSelect.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.item}
                >
                  <RadixSelect.ItemIndicator className={styles.indicator}>
                    <Check size={14} aria-hidden="true" />
                  </RadixSelect.ItemIndicator>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
      {hint && (
        <span id={hintId} className={fieldStyles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={fieldStyles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
