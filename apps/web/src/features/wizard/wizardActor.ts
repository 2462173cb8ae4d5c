import { createActorContext } from '@xstate/react';
import { aiWizardMachine, WIZARD_STORAGE_KEY, type WizardStorage } from '@prospecta/machines';
import { PREFERENCE_PREFIX, type Preferences } from '../../core/preferences';

/**
 * The AI area's wizard actor (§2): `aiWizardMachine`, given by the layout to its steps. The layout provides the
 * machine made with the browser-storage persistence (createAiWizardMachine(wizardStorage(preferences))).
 */
export const WizardActorContext = createActorContext(aiWizardMachine);

const KEY = WIZARD_STORAGE_KEY.slice(PREFERENCE_PREFIX.length);

/** The current step and the step flags, kept in the browser's storage with the app's other preferences. */
export function wizardStorage(preferences: Preferences): WizardStorage {
  return {
    load: () => preferences.getCustomRaw(KEY),
    save: (serialized) => preferences.setCustom(KEY, JSON.parse(serialized) as unknown),
  };
}
