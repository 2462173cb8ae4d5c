import { useCallback } from 'react';
import { completeStep, initialWizardState, parseWizardState, serializeWizardState, WIZARD_STORAGE_KEY, type WizardState, type WizardStep } from '@prospecta/machines';
import { useCustomPreference } from '../../app/hooks';
import { PREFERENCE_PREFIX } from '../../app/preferences';

const KEY = WIZARD_STORAGE_KEY.slice(PREFERENCE_PREFIX.length);

/** The wizard's current step and step flags, kept in local storage (§2 AI area). */
export function useWizardState() {
  const [stored, store] = useCustomPreference(KEY, parseWizardState);
  const state: WizardState = stored ?? initialWizardState();
  const save = useCallback(
    (next: WizardState) => store(JSON.parse(serializeWizardState(next)) as unknown),
    [store],
  );
  return {
    state,
    setCurrent: useCallback(
      (step: WizardStep) => {
        if (state.current !== step && state.steps[step].isAccessible)
          save({ ...state, current: step });
      },
      [state, save],
    ),
    complete: useCallback((step: WizardStep) => save(completeStep(state, step)), [state, save]),
    reset: useCallback(() => save(initialWizardState()), [save]),
  };
}
