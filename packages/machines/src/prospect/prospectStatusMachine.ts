/**
 * One prospect's status (§4 Prospect status): convert / lose / nurture, each
 * behind a yes/no confirmation, an optimistic update while the call runs, and a
 * visible rollback when the server refuses. The allowed changes come from rules.ts,
 * the same rule set the server applies, so the UI never offers what the server refuses.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { ProspectStatus, UserAction, UserSettableStatus } from '@prospecta/domain';
import {
  ACTION_TARGET,
  PROSPECT_STATUSES,
  USER_ACTIONS,
  availableActions,
  canUserSet,
} from '@prospecta/domain';

export interface ProspectStatusInput {
  prospectId: number;
  prospecting_status: ProspectStatus;
  has_responses: boolean;
}

export interface StatusUpdateError {
  /** 'conflict': the server refused the transition (409); 'failed': any other failure. */
  kind: 'conflict' | 'failed';
  /** The server's detail, or the error message. */
  message: string;
}

export interface ProspectStatusContext {
  prospectId: number;
  prospecting_status: ProspectStatus;
  has_responses: boolean;
  /** The action waiting for confirmation or being submitted. */
  pendingAction: UserAction | null;
  pendingTarget: UserSettableStatus | null;
  /** The status before the optimistic change, restored on failure. */
  previousStatus: ProspectStatus | null;
  error: StatusUpdateError | null;
}

export type ProspectStatusEvent =
  | { type: 'action.request'; action: UserAction }
  | { type: 'confirm.yes' }
  | { type: 'confirm.no' }
  | { type: 'error.dismiss' }
  /** Fresh server data for this prospect (a refetch): applied when nothing is pending. */
  | { type: 'prospect.synced'; prospecting_status: ProspectStatus; has_responses: boolean };

export type ProspectStatusEmitted = {
  type: 'status.changed';
  prospectId: number;
  from: ProspectStatus;
  to: ProspectStatus;
};

/** Input of the injected updateStatus actor: PUT /api/v1/prospects/{id}/status. */
export interface UpdateStatusInput {
  prospectId: number;
  prospecting_status: UserSettableStatus;
}
/** The actor may resolve with the updated prospect (its status wins) or with nothing. */
export type UpdateStatusOutput = { prospecting_status?: ProspectStatus } | void;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads what the updateStatus actor rejected with: an Error, `{ status, detail }` or `{ detail }`. */
export function toStatusUpdateError(error: unknown): StatusUpdateError {
  const status = isObject(error) && typeof error.status === 'number' ? error.status : null;
  let message = 'Unknown error';
  if (isObject(error) && typeof error.detail === 'string') message = error.detail;
  else if (error instanceof Error) message = error.message;
  else if (typeof error === 'string') message = error;
  return { kind: status === 409 ? 'conflict' : 'failed', message };
}

function assertInput(input: ProspectStatusInput | undefined): ProspectStatusInput {
  if (!input || !Number.isInteger(input.prospectId)) {
    throw new TypeError('prospectStatusMachine: input.prospectId must be an integer');
  }
  if (!(PROSPECT_STATUSES as readonly string[]).includes(input.prospecting_status)) {
    throw new TypeError(
      `prospectStatusMachine: unknown prospecting_status "${String(input.prospecting_status)}"`,
    );
  }
  return input;
}

export const prospectStatusMachine = setup({
  types: {
    context: {} as ProspectStatusContext,
    events: {} as ProspectStatusEvent,
    input: {} as ProspectStatusInput,
    emitted: {} as ProspectStatusEmitted,
  },
  actors: {
    updateStatus: fromPromise<UpdateStatusOutput, UpdateStatusInput>(async () => {
      throw new Error(
        'prospectStatusMachine: the "updateStatus" actor was not provided (use prospectStatusMachine.provide({ actors }))',
      );
    }),
  },
  guards: {
    actionAllowed: ({ context, event }) => {
      assertEvent(event, 'action.request');
      return (
        (USER_ACTIONS as readonly string[]).includes(event.action) &&
        availableActions(context.prospecting_status).includes(event.action)
      );
    },
    /** Checked again at confirmation: the status may have been synced meanwhile. */
    targetStillAllowed: ({ context }) =>
      context.pendingTarget !== null &&
      canUserSet(context.prospecting_status, context.pendingTarget),
  },
  actions: {
    setPending: assign(({ event }) => {
      assertEvent(event, 'action.request');
      return {
        pendingAction: event.action,
        pendingTarget: ACTION_TARGET[event.action],
        error: null,
      };
    }),
    clearPending: assign({ pendingAction: null, pendingTarget: null }),
    applyOptimistic: assign(({ context }) => ({
      previousStatus: context.prospecting_status,
      prospecting_status: context.pendingTarget ?? context.prospecting_status,
    })),
    confirmSuccess: assign(({ context }, output: UpdateStatusOutput) => ({
      prospecting_status:
        output && output.prospecting_status
          ? output.prospecting_status
          : context.prospecting_status,
      previousStatus: null,
      pendingAction: null,
      pendingTarget: null,
      error: null,
    })),
    rollBack: assign(({ context }, params: { error: unknown }) => ({
      prospecting_status: context.previousStatus ?? context.prospecting_status,
      previousStatus: null,
      pendingAction: null,
      pendingTarget: null,
      error: toStatusUpdateError(params.error),
    })),
    clearError: assign({ error: null }),
    sync: assign(({ event }) => {
      assertEvent(event, 'prospect.synced');
      return { prospecting_status: event.prospecting_status, has_responses: event.has_responses };
    }),
    notifyChanged: emit(({ context }, params: { from: ProspectStatus; to: ProspectStatus }) => ({
      type: 'status.changed' as const,
      prospectId: context.prospectId,
      from: params.from,
      to: params.to,
    })),
  },
}).createMachine({
  id: 'prospectStatus',
  context: ({ input }) => {
    const valid = assertInput(input);
    return {
      prospectId: valid.prospectId,
      prospecting_status: valid.prospecting_status,
      has_responses: valid.has_responses,
      pendingAction: null,
      pendingTarget: null,
      previousStatus: null,
      error: null,
    };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'action.request': { guard: 'actionAllowed', target: 'confirming', actions: 'setPending' },
        'prospect.synced': { actions: 'sync' },
      },
    },
    /** The yes/no confirmation is open. */
    confirming: {
      on: {
        'confirm.yes': [
          { guard: 'targetStillAllowed', target: 'submitting' },
          { target: 'idle', actions: 'clearPending' },
        ],
        'confirm.no': { target: 'idle', actions: 'clearPending' },
        'prospect.synced': { actions: 'sync' },
      },
    },
    /** The status shows the target already (optimistic) while the call runs. */
    submitting: {
      entry: 'applyOptimistic',
      invoke: {
        id: 'updateStatus',
        src: 'updateStatus',
        input: ({ context }) => ({
          prospectId: context.prospectId,
          prospecting_status: context.pendingTarget ?? 'converted',
        }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'notifyChanged',
              params: ({ context, event }) => ({
                from: context.previousStatus ?? context.prospecting_status,
                to: event.output?.prospecting_status ?? context.prospecting_status,
              }),
            },
            { type: 'confirmSuccess', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'rolledBack',
          actions: { type: 'rollBack', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The server refused or failed: the previous status is back and the error is shown. */
    rolledBack: {
      on: {
        'error.dismiss': { target: 'idle', actions: 'clearError' },
        'action.request': { guard: 'actionAllowed', target: 'confirming', actions: 'setPending' },
        'prospect.synced': { actions: 'sync' },
      },
    },
  },
});

export type ProspectStatusMachine = typeof prospectStatusMachine;
