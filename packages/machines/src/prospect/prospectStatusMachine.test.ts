import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type {
  ProspectStatusEmitted,
  ProspectStatusInput,
  UpdateStatusInput,
  UpdateStatusOutput,
} from './prospectStatusMachine';
import { prospectStatusMachine, toStatusUpdateError } from './prospectStatusMachine';
import {
  selectAvailableActions,
  selectConfirmingAction,
  selectDashboardColumn,
  selectDisplayCategory,
  selectIsSubmitting,
  selectStatusError,
} from './selectors';

function start(
  input: ProspectStatusInput,
  update?: (input: UpdateStatusInput) => Promise<UpdateStatusOutput>,
) {
  const calls: UpdateStatusInput[] = [];
  const machine = prospectStatusMachine.provide({
    actors: {
      updateStatus: fromPromise(async ({ input: call }) => {
        calls.push(call);
        return (update ?? (async () => undefined))(call);
      }),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: ProspectStatusEmitted[] = [];
  actor.on('status.changed', (event) => emitted.push(event));
  actor.start();
  return { actor, calls, emitted };
}

const ONGOING: ProspectStatusInput = {
  prospectId: 42,
  prospecting_status: 'ongoing',
  has_responses: false,
};

describe('prospectStatusMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for confirmation, then shows the target at once (optimistic) and keeps it on success', async () => {
    let resolve: () => void = () => undefined;
    const { actor, calls, emitted } = start(ONGOING, () => new Promise<void>((r) => (resolve = r)));
    expect(selectAvailableActions(actor.getSnapshot())).toEqual(['convert', 'lose', 'nurture']);
    actor.send({ type: 'action.request', action: 'convert' });
    expect(selectConfirmingAction(actor.getSnapshot())).toBe('convert');
    expect(selectAvailableActions(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().context.prospecting_status).toBe('ongoing');
    actor.send({ type: 'confirm.yes' });
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true);
    expect(selectDisplayCategory(actor.getSnapshot())).toBe('converted');
    expect(selectDashboardColumn(actor.getSnapshot())).toBe('new_opportunity');
    expect(calls).toEqual([{ prospectId: 42, prospecting_status: 'converted' }]);
    resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      prospecting_status: 'converted',
      previousStatus: null,
      pendingTarget: null,
      error: null,
    });
    expect(emitted).toEqual([
      { type: 'status.changed', prospectId: 42, from: 'ongoing', to: 'converted' },
    ]);
    expect(selectAvailableActions(actor.getSnapshot())).toEqual(['lose']);
  });

  it('answering no changes nothing and calls nothing', () => {
    const { actor, calls } = start(ONGOING);
    actor.send({ type: 'action.request', action: 'lose' });
    actor.send({ type: 'confirm.no' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      prospecting_status: 'ongoing',
      pendingAction: null,
    });
    expect(calls).toEqual([]);
  });

  it('a refused change (409) rolls back to the previous status and says why', async () => {
    const { actor, emitted } = start(ONGOING, async () => {
      throw { status: 409, detail: 'Transition from ongoing to lost is not allowed.' };
    });
    actor.send({ type: 'action.request', action: 'lose' });
    actor.send({ type: 'confirm.yes' });
    expect(selectDisplayCategory(actor.getSnapshot())).toBe('lost');
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('rolledBack');
    expect(actor.getSnapshot().context.prospecting_status).toBe('ongoing');
    expect(selectDisplayCategory(actor.getSnapshot())).toBe('ongoing');
    expect(selectStatusError(actor.getSnapshot())).toEqual({
      kind: 'conflict',
      message: 'Transition from ongoing to lost is not allowed.',
    });
    expect(emitted).toEqual([]);
    actor.send({ type: 'error.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectStatusError(actor.getSnapshot())).toBeNull();
  });

  it('after a failure the user can try again straight away', async () => {
    let fail = true;
    const { actor } = start(ONGOING, async () => {
      if (fail) throw new Error('Network down');
    });
    actor.send({ type: 'action.request', action: 'nurture' });
    actor.send({ type: 'confirm.yes' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStatusError(actor.getSnapshot())).toEqual({
      kind: 'failed',
      message: 'Network down',
    });
    fail = false;
    actor.send({ type: 'action.request', action: 'nurture' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'confirm.yes' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.prospecting_status).toBe('nurture');
    expect(selectDashboardColumn(actor.getSnapshot())).toBe('to_nurture');
  });

  it('the server answer wins over the optimistic status', async () => {
    const { actor, emitted } = start(ONGOING, async () => ({ prospecting_status: 'lost' }));
    actor.send({ type: 'action.request', action: 'convert' });
    actor.send({ type: 'confirm.yes' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.prospecting_status).toBe('lost');
    expect(emitted[0]).toMatchObject({ from: 'ongoing', to: 'lost' });
  });

  it('refuses actions the rules refuse (nurture a converted prospect, repeat the current status)', () => {
    const { actor } = start({
      prospectId: 1,
      prospecting_status: 'converted',
      has_responses: true,
    });
    actor.send({ type: 'action.request', action: 'nurture' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'action.request', action: 'convert' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'action.request', action: 'lose' });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('checks the rule again at confirmation when the status was synced meanwhile', () => {
    const { actor, calls } = start(ONGOING);
    actor.send({ type: 'action.request', action: 'nurture' });
    actor.send({ type: 'prospect.synced', prospecting_status: 'converted', has_responses: false });
    actor.send({ type: 'confirm.yes' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pendingAction).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows an answerer until a winning status is set (displayed category)', () => {
    const { actor } = start({ prospectId: 3, prospecting_status: 'to_call', has_responses: true });
    expect(selectDisplayCategory(actor.getSnapshot())).toBe('answerers');
    actor.send({ type: 'prospect.synced', prospecting_status: 'to_call', has_responses: false });
    expect(selectDisplayCategory(actor.getSnapshot())).toBe('to_call');
  });

  it('rejects bad input with a clear error', () => {
    const failWith = (input: ProspectStatusInput) => {
      const actor = createActor(prospectStatusMachine, { input });
      actor.subscribe({ error: () => undefined });
      actor.start();
      const snapshot = actor.getSnapshot();
      expect(snapshot.status).toBe('error');
      return (snapshot.error as Error).message;
    };
    expect(
      failWith({ prospectId: 1, prospecting_status: 'won' as never, has_responses: false }),
    ).toBe('prospectStatusMachine: unknown prospecting_status "won"');
    expect(failWith({ prospectId: 1.5, prospecting_status: 'ongoing', has_responses: false })).toBe(
      'prospectStatusMachine: input.prospectId must be an integer',
    );
  });

  it('without a provided updateStatus actor the change rolls back with a clear message', async () => {
    const actor = createActor(prospectStatusMachine, { input: ONGOING }).start();
    actor.send({ type: 'action.request', action: 'lose' });
    actor.send({ type: 'confirm.yes' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectStatusError(actor.getSnapshot())?.message).toMatch(
      /"updateStatus" actor was not provided/,
    );
  });
});

describe('toStatusUpdateError', () => {
  it.each([
    [
      { status: 409, detail: 'Not allowed.' },
      { kind: 'conflict', message: 'Not allowed.' },
    ],
    [
      { status: 500, detail: 'Boom.' },
      { kind: 'failed', message: 'Boom.' },
    ],
    [{ detail: 'Gone.' }, { kind: 'failed', message: 'Gone.' }],
    [new Error('Network down'), { kind: 'failed', message: 'Network down' }],
    ['plain', { kind: 'failed', message: 'plain' }],
    [null, { kind: 'failed', message: 'Unknown error' }],
  ])('%j → %j', (error, expected) => {
    expect(toStatusUpdateError(error)).toEqual(expected);
  });
});
