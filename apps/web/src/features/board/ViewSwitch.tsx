import * as styles from './ViewSwitch.css';

export interface ViewSwitchProps<V extends string> {
  /** The group's accessible name ("Display the prospects as"). */
  label: string;
  value: V;
  /** The views, in order, each with its visible name. */
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}

/** The board's views side by side (columns, list or table): the current one is pressed. */
export function ViewSwitch<V extends string>({
  label,
  value,
  options,
  onChange,
}: ViewSwitchProps<V>) {
  return (
    <div className={styles.segmented} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.segment}
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
