/**
 * The staff AI area wizard (§2): five steps; settings is open at the start, the others
 * open one by one as the step before is completed; a step can be opened only when
 * accessible. The state is restored from and saved to an injected storage on every
 * change (the web app passes functions over localStorage).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { WizardState, WizardStep } from './wizardState';
import {
  completeStep,
  initialWizardState,
  isWizardStep,
  parseWizardState,
  serializeWizardState,
} from './wizardState';

export interface WizardStorage {
  /** The stored value (null when none); e.g. () => localStorage.getItem(WIZARD_STORAGE_KEY). */
  load(): string | null;
  /** e.g. (value) => localStorage.setItem(WIZARD_STORAGE_KEY, value). */
  save(serialized: string): void;
}

export type AiWizardContext = WizardState;

export type AiWizardEvent =
  | { type: 'wizard.goTo'; step: WizardStep }
  /** Completes the current step, opens the next one and moves to it. */
  | { type: 'wizard.complete' }
  | { type: 'wizard.reset' };

function restore(storage: WizardStorage | undefined): WizardState {
  if (!storage) return initialWizardState();
  let raw: string | null;
  try {
    raw = storage.load();
  } catch {
    // Storage can be unavailable (privacy mode): start afresh.
    return initialWizardState();
  }
  return parseWizardState(raw) ?? initialWizardState();
}

export function createAiWizardMachine(storage?: WizardStorage) {
  return setup({
    types: {
      context: {} as AiWizardContext,
      events: {} as AiWizardEvent,
    },
    guards: {
      isCurrent: ({ context }, params: { step: WizardStep }) => context.current === params.step,
      canGoTo: ({ context, event }, params: { step: WizardStep }) => {
        assertEvent(event, 'wizard.goTo');
        return (
          isWizardStep(event.step) &&
          event.step === params.step &&
          context.current !== params.step &&
          context.steps[params.step].isAccessible
        );
      },
    },
    actions: {
      setCurrent: assign((_, params: { step: WizardStep }) => ({ current: params.step })),
      completeCurrent: assign(({ context }) => completeStep(context, context.current)),
      reset: assign(() => initialWizardState()),
      persist: ({ context }) => {
        if (!storage) return;
        try {
          storage.save(serializeWizardState(context));
        } catch {
          // A full or blocked storage must not break the wizard: it goes on in memory.
        }
      },
    },
  }).createMachine({
    id: 'aiWizard',
    context: () => restore(storage),
    initial: 'restoring',
    on: {
      'wizard.goTo': [
        { guard: { type: 'canGoTo', params: { step: 'settings' } }, target: '.settings' },
        {
          guard: { type: 'canGoTo', params: { step: 'campaign-brief' } },
          target: '.campaign-brief',
        },
        {
          guard: { type: 'canGoTo', params: { step: 'messaging-strategy' } },
          target: '.messaging-strategy',
        },
        { guard: { type: 'canGoTo', params: { step: 'landing-pages' } }, target: '.landing-pages' },
        { guard: { type: 'canGoTo', params: { step: 'summary' } }, target: '.summary' },
      ],
      'wizard.reset': { target: '.settings', actions: ['reset', 'persist'] },
    },
    states: {
      /** Goes to the restored current step. */
      restoring: {
        always: [
          {
            guard: { type: 'isCurrent', params: { step: 'campaign-brief' } },
            target: 'campaign-brief',
          },
          {
            guard: { type: 'isCurrent', params: { step: 'messaging-strategy' } },
            target: 'messaging-strategy',
          },
          {
            guard: { type: 'isCurrent', params: { step: 'landing-pages' } },
            target: 'landing-pages',
          },
          { guard: { type: 'isCurrent', params: { step: 'summary' } }, target: 'summary' },
          { target: 'settings' },
        ],
      },
      settings: {
        entry: [{ type: 'setCurrent', params: { step: 'settings' } }, 'persist'],
        on: { 'wizard.complete': { target: 'campaign-brief', actions: 'completeCurrent' } },
      },
      'campaign-brief': {
        entry: [{ type: 'setCurrent', params: { step: 'campaign-brief' } }, 'persist'],
        on: { 'wizard.complete': { target: 'messaging-strategy', actions: 'completeCurrent' } },
      },
      'messaging-strategy': {
        entry: [{ type: 'setCurrent', params: { step: 'messaging-strategy' } }, 'persist'],
        on: { 'wizard.complete': { target: 'landing-pages', actions: 'completeCurrent' } },
      },
      'landing-pages': {
        entry: [{ type: 'setCurrent', params: { step: 'landing-pages' } }, 'persist'],
        on: { 'wizard.complete': { target: 'summary', actions: 'completeCurrent' } },
      },
      summary: {
        entry: [{ type: 'setCurrent', params: { step: 'summary' } }, 'persist'],
        on: { 'wizard.complete': { actions: ['completeCurrent', 'persist'] } },
      },
    },
  });
}

/** The wizard without persistence (tests, stories); the app uses createAiWizardMachine(storage). */
export const aiWizardMachine = createAiWizardMachine();
export type AiWizardMachine = ReturnType<typeof createAiWizardMachine>;
