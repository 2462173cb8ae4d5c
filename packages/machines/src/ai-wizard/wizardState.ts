/**
 * The AI area's wizard state (§2, §4 Other): the current step and the step flags
 * (isCompleted, isAccessible), kept in browser storage. What is read back is
 * validated; anything corrupt or inconsistent falls back to the initial state.
 */

/** Steps in order; the values are the URL segments ({ai_area}/step/{step}). */
export const WIZARD_STEPS = [
  'settings',
  'campaign-brief',
  'messaging-strategy',
  'landing-pages',
  'summary',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface WizardStepFlags {
  isCompleted: boolean;
  isAccessible: boolean;
}

export interface WizardState {
  current: WizardStep;
  steps: Record<WizardStep, WizardStepFlags>;
}

/** Local-storage key used by the web app (common prefix 'prospecta.'). */
export const WIZARD_STORAGE_KEY = 'prospecta.aiWizard';
export const WIZARD_STATE_VERSION = 1;

export function isWizardStep(value: unknown): value is WizardStep {
  return typeof value === 'string' && (WIZARD_STEPS as readonly string[]).includes(value);
}

/** Settings open, every other step closed and nothing completed. */
export function initialWizardState(): WizardState {
  return {
    current: 'settings',
    steps: {
      settings: { isCompleted: false, isAccessible: true },
      'campaign-brief': { isCompleted: false, isAccessible: false },
      'messaging-strategy': { isCompleted: false, isAccessible: false },
      'landing-pages': { isCompleted: false, isAccessible: false },
      summary: { isCompleted: false, isAccessible: false },
    },
  };
}

export function nextStep(step: WizardStep): WizardStep | null {
  return WIZARD_STEPS[WIZARD_STEPS.indexOf(step) + 1] ?? null;
}

/** Marks `step` completed and opens the next one. */
export function completeStep(state: WizardState, step: WizardStep): WizardState {
  const steps = { ...state.steps, [step]: { isCompleted: true, isAccessible: true } };
  const next = nextStep(step);
  if (next) steps[next] = { ...steps[next], isAccessible: true };
  return { ...state, steps };
}

export function serializeWizardState(state: WizardState): string {
  return JSON.stringify({
    version: WIZARD_STATE_VERSION,
    current: state.current,
    steps: state.steps,
  });
}

function isFlags(value: unknown): value is WizardStepFlags {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as WizardStepFlags).isCompleted === 'boolean' &&
    typeof (value as WizardStepFlags).isAccessible === 'boolean'
  );
}

/**
 * Reads a stored wizard state (the JSON string, or the parsed object). Returns null
 * when it is missing, not JSON, of another version, or inconsistent: settings must be
 * accessible, a completed step accessible, a later step accessible only once the one
 * before is completed, and the current step accessible.
 */
export function parseWizardState(raw: unknown): WizardState | null {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as { version?: unknown; current?: unknown; steps?: unknown };
  if (candidate.version !== WIZARD_STATE_VERSION || !isWizardStep(candidate.current)) return null;
  if (typeof candidate.steps !== 'object' || candidate.steps === null) return null;
  const stored = candidate.steps as Record<string, unknown>;
  const steps = {} as Record<WizardStep, WizardStepFlags>;
  for (const [index, step] of WIZARD_STEPS.entries()) {
    const flags = stored[step];
    if (!isFlags(flags)) return null;
    if (flags.isCompleted && !flags.isAccessible) return null;
    const previous = index === 0 ? null : steps[WIZARD_STEPS[index - 1] as WizardStep];
    if (previous === null && !flags.isAccessible) return null;
    if (previous !== null && flags.isAccessible && !previous.isCompleted) return null;
    steps[step] = { isCompleted: flags.isCompleted, isAccessible: flags.isAccessible };
  }
  if (!steps[candidate.current].isAccessible) return null;
  return { current: candidate.current, steps };
}
