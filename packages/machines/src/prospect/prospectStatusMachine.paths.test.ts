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
    'from %s, the real actor changes a status only as the rules allow, shows it at once and rolls a refusal back',
    async (status) => {
      const { paths } = explore(status);
      for (const path of paths) {
        const steps = await replayPath(prospectStatusMachine, path, {
          input: { prospectId: 1, prospecting_status: status, has_responses: false },
          advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
        });
        // The status the prospect had before the change in progress (the server's, as far as the screen knows).
        let saved: ProspectStatus = status;
        let requested: ProspectStatus | null = null;
        for (const step of steps) {
          const at = `after ${JSON.stringify(step.event)}`;
          const { snapshot } = step;
          const shown = snapshot.context.prospecting_status as ProspectStatus;
          if (snapshot.matches('submitting')) {
            // Optimistic: the requested status shows while the server answers, and only one the rules allow.
            requested ??= shown;
            expect(shown, at).toBe(requested);
            expect(canUserSet(saved, shown), at).toBe(true);
          } else if (snapshot.matches('rolledBack')) {
            // Refused: the screen shows the status from before the request again, and why.
            expect(shown, at).toBe(saved);
            expect(snapshot.context.error, at).toEqual({
              kind: 'conflict',
              message: 'Not allowed.',
            });
            requested = null;
          } else {
            if (requested !== null) {
              // Accepted: the requested status stays, and the change was announced once.
              expect(shown, at).toBe(requested);
              expect(
                step.emitted.filter((event) => event.type !== 'xstate.init'),
                at,
              ).toHaveLength(1);
              saved = requested;
              requested = null;
            }
            expect(shown, at).toBe(saved);
          }
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
});
