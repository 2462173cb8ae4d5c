import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { exploreMachine, replayPath } from '../testing/machinePaths';
import type { ProspectStatusEvent } from './prospectStatusMachine';
import { prospectStatusMachine } from './prospectStatusMachine';
import type { ProspectStatus } from '@prospecta/domain';
import { PROSPECT_STATUSES, USER_ACTIONS, canUserSet } from '@prospecta/domain';

const EVENTS: ProspectStatusEvent[] = [
  ...USER_ACTIONS.map((action) => ({ type: 'action.request' as const, action })),
  { type: 'confirm.yes' },
  { type: 'confirm.no' },
  { type: 'error.dismiss' },
];

function explore(status: ProspectStatus) {
  return exploreMachine(prospectStatusMachine, {
    events: EVENTS as EventObject[],
    input: { prospectId: 1, prospecting_status: status, has_responses: false },
    actorOutputs: { updateStatus: [undefined] },
    actorErrors: { updateStatus: [{ status: 409, detail: 'Not allowed.' }] },
  });
}

describe('prospectStatusMachine paths (xstate/graph)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every declared state', () => {
    const { reachedLeafStates, declaredLeafStates } = explore('ongoing');
    expect(reachedLeafStates).toEqual(declaredLeafStates);
    expect(declaredLeafStates).toEqual(['confirming', 'idle', 'rolledBack', 'submitting']);
  });

  it.each(PROSPECT_STATUSES)(
    'from %s, every generated path replays on a live actor',
    async (status) => {
      const { paths } = explore(status);
      for (const path of paths) {
        const steps = await replayPath(prospectStatusMachine, path, {
          input: { prospectId: 1, prospecting_status: status, has_responses: false },
          advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
        });
        for (const step of steps) {
          expect(step.actual, `after ${JSON.stringify(step.event)}`).toEqual(step.expected);
        }
      }
    },
  );

  it.each(PROSPECT_STATUSES)(
    'from %s, the statuses reachable at rest are exactly what the rules allow',
    (status) => {
      const { paths } = explore(status);
      const atRest = new Set(
        paths
          .filter((p) => p.state.matches('idle'))
          .map((p) => p.state.context.prospecting_status as ProspectStatus),
      );
      const expected = new Set<ProspectStatus>([status]);
      // closure of the rules over user actions
      let grew = true;
      while (grew) {
        grew = false;
        for (const from of [...expected]) {
          for (const to of ['converted', 'lost', 'nurture'] as const) {
            if (canUserSet(from, to) && !expected.has(to)) {
              expected.add(to);
              grew = true;
            }
          }
        }
      }
      expect([...atRest].sort()).toEqual([...expected].sort());
    },
  );

  it('every rolled-back path shows the status it started the submission from', () => {
    for (const status of PROSPECT_STATUSES) {
      for (const path of explore(status).paths) {
        if (!path.state.matches('rolledBack')) continue;
        const submitted = [...path.steps].reverse().find((s) => s.state.matches('submitting'));
        expect(submitted?.state.context.previousStatus).toBe(path.state.context.prospecting_status);
        expect(path.state.context.error).toEqual({ kind: 'conflict', message: 'Not allowed.' });
      }
    }
  });
});
