import clsx from 'clsx';
import { Check, Lock } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { visuallyHidden } from '../../css/utils.css';
import * as styles from './Stepper.css';

export interface StepperStep {
  id: string;
  label: string;
  /**
   * The step's state for screen readers, as a whole sentence (e.g. "This step is completed."): the step's
   * accessible description. Its name stays the visible label.
   */
  status?: string;
  /** Can be opened from the side list. */
  isAccessible: boolean;
  isCompleted: boolean;
}

export interface StepperProps {
  steps: readonly StepperStep[];
  currentStepId: string;
  onStepSelect: (id: string) => void;
  /** Accessible name of the side list, e.g. "Wizard steps". */
  label: string;
  /** The current step's body. */
  children: ReactNode;
  className?: string;
}

/** Whether a step can be opened from the side list. */
export function canOpenStep(steps: readonly StepperStep[], id: string): boolean {
  return steps.some((step) => step.id === id && step.isAccessible);
}

/** Wizard layout: a side list of steps (inaccessible ones disabled) and the current step's body. */
export function Stepper({
  steps,
  currentStepId,
  onStepSelect,
  label,
  children,
  className,
}: StepperProps) {
  const id = useId();
  return (
    <div className={clsx(styles.layout, className)}>
      <nav aria-label={label}>
        <ol className={styles.list}>
          {steps.map((step, index) => {
            const current = step.id === currentStepId;
            return (
              <li key={step.id}>
                <button
                  type="button"
                  className={styles.step}
                  aria-current={current ? 'step' : undefined}
                  data-completed={step.isCompleted && !current}
                  disabled={!step.isAccessible}
                  aria-describedby={step.status ? `${id}-${step.id}` : undefined}
                  onClick={() => {
                    if (canOpenStep(steps, step.id) && !current) onStepSelect(step.id);
                  }}
                >
                  <span className={styles.marker} aria-hidden="true">
                    {step.isCompleted && !current ? (
                      <Check size={14} />
                    ) : !step.isAccessible ? (
                      <Lock size={12} />
                    ) : (
                      index + 1
                    )}
                  </span>
                  <span className={styles.stepLabel}>{step.label}</span>
                </button>
                {step.status && (
                  <span id={`${id}-${step.id}`} className={visuallyHidden}>
                    {step.status}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <div className={styles.content}>{children}</div>
    </div>
  );
}
