import type { SnapshotFrom } from 'xstate';
import type { AiWizardMachine } from './aiWizardMachine';
import type { WizardStep, WizardStepFlags } from './wizardState';
import { WIZARD_STEPS } from './wizardState';

export type AiWizardSnapshot = SnapshotFrom<AiWizardMachine>;

export function selectCurrentStep(snapshot: AiWizardSnapshot): WizardStep {
  return snapshot.context.current;
}

/** The side list: every step with its flags, in order. */
export function selectWizardSteps(
  snapshot: AiWizardSnapshot,
): Array<{ step: WizardStep; isCurrent: boolean } & WizardStepFlags> {
  return WIZARD_STEPS.map((step) => ({
    step,
    isCurrent: snapshot.context.current === step,
    ...snapshot.context.steps[step],
  }));
}

/** Whether the side list may open this step. */
export function selectCanOpenStep(snapshot: AiWizardSnapshot, step: WizardStep): boolean {
  return snapshot.context.steps[step].isAccessible;
}
