import { useEffect, useMemo, useRef } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import {
  ApiError,
  setProspectStatusMutationOptions,
  type Prospect,
  type ProspectScope,
} from '@prospecta/api-client';
import {
  prospectStatusMachine,
  selectAvailableActions,
  selectConfirmingAction,
  selectIsSubmitting,
  selectStatusError,
  type UpdateStatusInput,
  type UpdateStatusOutput,
} from '@prospecta/machines';
import { availableActions, type UserAction } from '@prospecta/domain';
import { toast } from '@prospecta/ui';
import { useApiClients } from '../../../core/hooks';
import { patchProspectEverywhere } from '../model/cache';
import { messages } from '../messages';
import { statusMessages } from '../statusLabels';

/** What the status calls reject with: the server's status and detail (read by the machine's toStatusUpdateError). */
function rejection(error: unknown): { status: number | null; detail: string } {
  if (error instanceof ApiError) return { status: error.status, detail: error.message };
  return { status: null, detail: error instanceof Error ? error.message : String(error) };
}

/**
 * The prospect-status machine (§4) wired to the API: convert / lose / nurture behind a yes/no
 * confirmation; while the call runs the new status shows everywhere (detail, dashboards, campaigns);
 * a refusal puts every cache back and says so in an error toast.
 */
export function useProspectStatus(
  prospect: Pick<
    Prospect,
    'id' | 'user_id' | 'campaign_id' | 'prospecting_status' | 'has_responses'
  >,
) {
  const intl = useIntl();
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const scopeRef = useRef<ProspectScope>({
    prospectId: prospect.id,
    userId: prospect.user_id,
    campaignId: prospect.campaign_id,
  });
  scopeRef.current = {
    prospectId: prospect.id,
    userId: prospect.user_id,
    campaignId: prospect.campaign_id,
  };

  const mutation = useMutation(setProspectStatusMutationOptions(clients, queryClient));
  const mutateRef = useRef(mutation.mutateAsync);
  mutateRef.current = mutation.mutateAsync;

  const machine = useMemo(
    () =>
      prospectStatusMachine.provide({
        actors: {
          updateStatus: fromPromise<UpdateStatusOutput, UpdateStatusInput>(async ({ input }) => {
            const scope = scopeRef.current;
            const change = await patchProspectEverywhere<{
              id: number;
              prospecting_status: string;
            }>(queryClient, input.prospectId, (row) => ({
              ...row,
              prospecting_status: input.prospecting_status,
            }));
            try {
              const updated = await mutateRef.current({
                ...scope,
                status: input.prospecting_status,
              });
              return { prospecting_status: updated.prospecting_status };
            } catch (error) {
              change.undo();
              throw rejection(error);
            }
          }),
        },
      }),
    [queryClient],
  );

  const [snapshot, send, actor] = useMachine(machine, {
    input: {
      prospectId: prospect.id,
      prospecting_status: prospect.prospecting_status,
      has_responses: prospect.has_responses,
    },
  });

  // Fresh server data (a refetch) is applied when nothing is pending.
  useEffect(() => {
    send({
      type: 'prospect.synced',
      prospecting_status: prospect.prospecting_status,
      has_responses: prospect.has_responses,
    });
  }, [send, prospect.prospecting_status, prospect.has_responses]);

  useEffect(() => {
    const subscription = actor.on('status.changed', (event) => {
      toast.success(
        intl.formatMessage(messages.statusSuccess, {
          status: intl.formatMessage(statusMessages[event.to]),
        }),
      );
    });
    return () => subscription.unsubscribe();
  }, [actor, intl]);

  const error = selectStatusError(snapshot);
  const lastToasted = useRef<unknown>(null);
  useEffect(() => {
    if (!error || lastToasted.current === error) return;
    lastToasted.current = error;
    const status = intl.formatMessage(statusMessages[snapshot.context.prospecting_status]);
    toast.error(
      error.kind === 'conflict'
        ? intl.formatMessage(messages.statusRefused, { status })
        : intl.formatMessage(messages.statusFailed, { status }),
    );
  }, [error, intl, snapshot.context.prospecting_status]);

  const confirming = selectConfirmingAction(snapshot);
  return {
    status: snapshot.context.prospecting_status,
    // While a yes/no question is open the buttons stay where they were (behind it, inert): the modal's header neither
    // loses them nor shifts.
    actions: confirming
      ? availableActions(snapshot.context.prospecting_status)
      : selectAvailableActions(snapshot),
    confirming,
    pendingTarget: snapshot.context.pendingTarget,
    submitting: selectIsSubmitting(snapshot),
    error,
    request: (action: UserAction) => send({ type: 'action.request', action }),
    confirm: () => send({ type: 'confirm.yes' }),
    cancel: () => send({ type: 'confirm.no' }),
    dismissError: () => send({ type: 'error.dismiss' }),
  };
}
