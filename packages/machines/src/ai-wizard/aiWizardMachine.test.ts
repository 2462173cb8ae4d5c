import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { createActor } from 'xstate';
import { exploreMachine, replayPath } from '../testing/machinePaths';
import type { AiWizardEvent, WizardStorage } from './aiWizardMachine';
import { aiWizardMachine, createAiWizardMachine } from './aiWizardMachine';
import { selectCanOpenStep, selectCurrentStep, selectWizardSteps } from './selectors';
import type { WizardState } from './wizardState';
import {
  WIZARD_STEPS,
  completeStep,
  initialWizardState,
  parseWizardState,
  serializeWizardState,
} from './wizardState';

function memoryStorage(initial: string | null = null) {
  const saved: string[] = [];
  let value = initial;
  const storage: WizardStorage = {
    load: () => value,
    save: (serialized) => {
      value = serialized;
      saved.push(serialized);
    },
  };
  return { storage, saved, read: () => parseWizardState(value) };
}

describe('aiWizardMachine', () => {
  it('opens on settings with later steps inaccessible; goTo a closed step is ignored', () => {
    const actor = createActor(aiWizardMachine).start();
    expect(actor.getSnapshot().value).toBe('settings');
    expect(selectWizardSteps(actor.getSnapshot()).map((s) => s.isAccessible)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    actor.send({ type: 'wizard.goTo', step: 'summary' });
    expect(selectCurrentStep(actor.getSnapshot())).toBe('settings');
    expect(selectCanOpenStep(actor.getSnapshot(), 'campaign-brief')).toBe(false);
  });

  it('completing a step opens the next one and moves there; earlier steps stay reachable', () => {
    const actor = createActor(aiWizardMachine).start();
    actor.send({ type: 'wizard.complete' });
    expect(actor.getSnapshot().value).toBe('campaign-brief');
    expect(actor.getSnapshot().context.steps.settings).toEqual({
      isCompleted: true,
      isAccessible: true,
    });
    expect(selectCanOpenStep(actor.getSnapshot(), 'campaign-brief')).toBe(true);
    expect(selectCanOpenStep(actor.getSnapshot(), 'messaging-strategy')).toBe(false);
    actor.send({ type: 'wizard.goTo', step: 'settings' });
    expect(actor.getSnapshot().value).toBe('settings');
    actor.send({ type: 'wizard.goTo', step: 'campaign-brief' });
    expect(actor.getSnapshot().value).toBe('campaign-brief');
  });

  it('completing the summary marks it completed and stays there', () => {
    const actor = createActor(aiWizardMachine).start();
    for (let i = 0; i < WIZARD_STEPS.length; i += 1) actor.send({ type: 'wizard.complete' });
    expect(actor.getSnapshot().value).toBe('summary');
    expect(
      selectWizardSteps(actor.getSnapshot()).every((s) => s.isCompleted && s.isAccessible),
    ).toBe(true);
  });

  it('saves every change and restores the current step and flags', () => {
    const memory = memoryStorage();
    const first = createActor(createAiWizardMachine(memory.storage)).start();
    first.send({ type: 'wizard.complete' });
    first.send({ type: 'wizard.complete' });
    first.send({ type: 'wizard.goTo', step: 'campaign-brief' });
    first.stop();
    expect(memory.read()?.current).toBe('campaign-brief');

    const second = createActor(createAiWizardMachine(memory.storage)).start();
    expect(second.getSnapshot().value).toBe('campaign-brief');
    expect(second.getSnapshot().context.steps['messaging-strategy']).toEqual({
      isCompleted: false,
      isAccessible: true,
    });
    second.send({ type: 'wizard.goTo', step: 'messaging-strategy' });
    expect(second.getSnapshot().value).toBe('messaging-strategy');
  });

  it('a corrupt stored value falls back to the initial state (and overwrites it)', () => {
    const memory = memoryStorage('{"version":1,"current":"summary","steps":{}}');
    const actor = createActor(createAiWizardMachine(memory.storage)).start();
    expect(actor.getSnapshot().context).toEqual(initialWizardState());
    expect(memory.read()).toEqual(initialWizardState());
  });

  it('a storage that throws does not break the wizard', () => {
    const broken: WizardStorage = {
      load: () => {
        throw new Error('SecurityError');
      },
      save: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const actor = createActor(createAiWizardMachine(broken)).start();
    actor.send({ type: 'wizard.complete' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().value).toBe('campaign-brief');
  });

  it('reset goes back to the initial state and saves it', () => {
    const stored: WizardState = {
      ...completeStep(completeStep(initialWizardState(), 'settings'), 'campaign-brief'),
      current: 'messaging-strategy',
    };
    const memory = memoryStorage(serializeWizardState(stored));
    const actor = createActor(createAiWizardMachine(memory.storage)).start();
    expect(actor.getSnapshot().value).toBe('messaging-strategy');
    actor.send({ type: 'wizard.reset' });
    expect(actor.getSnapshot().value).toBe('settings');
    expect(memory.read()).toEqual(initialWizardState());
  });
});

describe('aiWizardMachine paths (xstate/graph)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const EVENTS: AiWizardEvent[] = [
    ...WIZARD_STEPS.map((step) => ({ type: 'wizard.goTo' as const, step })),
    { type: 'wizard.complete' },
    { type: 'wizard.reset' },
  ];
  const explore = () => exploreMachine(aiWizardMachine, { events: EVENTS as EventObject[] });

  it('reaches every step, never the transient restoring state', () => {
    const { reachedLeafStates, declaredLeafStates } = explore();
    expect(declaredLeafStates).toEqual([...WIZARD_STEPS, 'restoring'].sort());
    expect(reachedLeafStates).toEqual([...WIZARD_STEPS].sort());
  });

  it('in every reachable snapshot the flags are consistent and the current step is accessible', () => {
    const { paths } = explore();
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const context = path.state.context as WizardState;
      expect(context.current).toBe(path.state.value);
      expect(parseWizardState(serializeWizardState(context))).toEqual(context);
    }
  });

  it('on the real actor, every path ends on a step that an actor restored from its storage lands on again', async () => {
    for (const path of explore().paths) {
      const steps = await replayPath(aiWizardMachine, path, {
        advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
      });
      const live = steps.at(-1)?.snapshot;
      if (!live) continue;
      expect((live.context as WizardState).current).toBe(live.value);
      const memory = memoryStorage(serializeWizardState(live.context as WizardState));
      const restored = createActor(createAiWizardMachine(memory.storage)).start();
      expect(restored.getSnapshot().value).toBe(live.value);
      expect(restored.getSnapshot().context).toEqual(live.context);
    }
  });
});
