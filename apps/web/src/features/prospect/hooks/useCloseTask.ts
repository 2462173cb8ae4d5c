import { useCallback, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closeTaskMutationOptions, type LinkedinTask } from '@prospecta/api-client';
import { useApiClients } from '../../../core/hooks';

export type TaskClosing = 'done' | 'skipped';

export interface CloseTask {
  /** Marks the task done or skipped: it leaves the lists at once, and comes back with a failure if refused. */
  close: (task: LinkedinTask, state: TaskClosing) => void;
  /** What failed for a task (shown on its card until dismissed or tried again), or null. */
  failureOf: (taskId: number) => TaskClosing | null;
  dismiss: (taskId: number) => void;
}

/**
 * Done and Skip of the tasks of one owner (`userId`), optimistic (closeTaskMutationOptions): the task leaves every
 * cached list of the owner at once; a refusal puts it back and keeps what failed here, for its card to say.
 */
export function useCloseTask(userId: number): CloseTask {
  const clients = useApiClients();
  const queryClient = useQueryClient();
  const mutation = useMutation(closeTaskMutationOptions(clients, queryClient));
  const [failures, setFailures] = useState<ReadonlyMap<number, TaskClosing>>(() => new Map());

  const setFailure = useCallback((taskId: number, state: TaskClosing | null) => {
    setFailures((current) => {
      if ((current.get(taskId) ?? null) === state) return current;
      const next = new Map(current);
      if (state === null) next.delete(taskId);
      else next.set(taskId, state);
      return next;
    });
  }, []);

  const { mutate } = mutation;
  const close = useCallback(
    (task: LinkedinTask, state: TaskClosing) => {
      setFailure(task.id, null);
      mutate(
        { taskId: task.id, userId, campaignId: task.campaign.id, state },
        { onError: () => setFailure(task.id, state) },
      );
    },
    [mutate, setFailure, userId],
  );

  return {
    close,
    failureOf: (taskId) => failures.get(taskId) ?? null,
    dismiss: (taskId) => setFailure(taskId, null),
  };
}
