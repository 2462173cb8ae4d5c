import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { canOpenStep, Stepper, type StepperStep } from './Stepper';

const steps: StepperStep[] = [
  {
    id: 'settings',
    label: 'Settings',
    status: 'This step is completed.',
    isAccessible: true,
    isCompleted: true,
  },
  { id: 'campaign-brief', label: 'Campaign brief', isAccessible: true, isCompleted: false },
  { id: 'summary', label: 'Summary', isAccessible: false, isCompleted: false },
];

describe('canOpenStep', () => {
  it('opens only accessible, known steps', () => {
    expect(canOpenStep(steps, 'settings')).toBe(true);
    expect(canOpenStep(steps, 'summary')).toBe(false);
    expect(canOpenStep(steps, 'nope')).toBe(false);
  });
});

describe('Stepper', () => {
  it('disables inaccessible steps and selects accessible ones', () => {
    const onStepSelect = vi.fn();
    render(
      <Stepper
        steps={steps}
        currentStepId="campaign-brief"
        onStepSelect={onStepSelect}
        label="Steps"
      >
        body
      </Stepper>,
    );
    expect(screen.getByRole('button', { name: /Summary/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /Summary/ }));
    expect(onStepSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Campaign brief/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Settings', description: 'This step is completed.' }),
    );
    expect(onStepSelect).toHaveBeenCalledWith('settings');
  });
});
