import { describe, expect, it } from 'vitest';
import type { WizardState } from './wizardState';
import {
  WIZARD_STEPS,
  completeStep,
  initialWizardState,
  nextStep,
  parseWizardState,
  serializeWizardState,
} from './wizardState';

describe('wizard state', () => {
  it('starts with settings open and every later step closed', () => {
    const state = initialWizardState();
    expect(state.current).toBe('settings');
    expect(WIZARD_STEPS.map((step) => state.steps[step].isAccessible)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(WIZARD_STEPS.some((step) => state.steps[step].isCompleted)).toBe(false);
  });

  it('completing a step opens the next one; the last has no next', () => {
    const state = completeStep(initialWizardState(), 'settings');
    expect(state.steps.settings).toEqual({ isCompleted: true, isAccessible: true });
    expect(state.steps['campaign-brief']).toEqual({ isCompleted: false, isAccessible: true });
    expect(state.steps['messaging-strategy'].isAccessible).toBe(false);
    expect(nextStep('summary')).toBeNull();
  });

  it('round-trips through serialisation', () => {
    let state: WizardState = initialWizardState();
    for (const step of WIZARD_STEPS) state = completeStep(state, step);
    state = { ...state, current: 'landing-pages' };
    expect(parseWizardState(serializeWizardState(state))).toEqual(state);
    expect(parseWizardState(JSON.parse(serializeWizardState(state)))).toEqual(state);
  });

  const valid = JSON.parse(serializeWizardState(completeStep(initialWizardState(), 'settings')));
  const corrupt: Array<[string, unknown]> = [
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['a number', 42],
    ['another version', { ...valid, version: 2 }],
    ['an unknown current step', { ...valid, current: 'pricing' }],
    ['a missing step', { ...valid, steps: { ...valid.steps, summary: undefined } }],
    [
      'a flag that is not a boolean',
      { ...valid, steps: { ...valid.steps, settings: { isCompleted: 'yes', isAccessible: true } } },
    ],
    [
      'settings closed',
      {
        ...valid,
        steps: { ...valid.steps, settings: { isCompleted: false, isAccessible: false } },
      },
    ],
    [
      'completed but closed',
      { ...valid, steps: { ...valid.steps, summary: { isCompleted: true, isAccessible: false } } },
    ],
    [
      'open without the step before completed',
      { ...valid, steps: { ...valid.steps, summary: { isCompleted: false, isAccessible: true } } },
    ],
    ['a current step that is closed', { ...valid, current: 'summary' }],
  ];
  it.each(corrupt)('refuses %s', (_label, raw) => {
    expect(
      parseWizardState(typeof raw === 'string' || raw === null ? raw : JSON.stringify(raw)),
    ).toBeNull();
  });

  it('accepts the valid value those cases were made from', () => {
    expect(parseWizardState(JSON.stringify(valid))).toEqual({
      current: 'settings',
      steps: valid.steps,
    });
  });
});
