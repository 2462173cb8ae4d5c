/**
 * Optimistic changes to a prospect in every cached list that shows it (its detail, the
 * dashboards, the campaign details), with an exact undo. Pure over a QueryClient.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@prospecta/api-client';

interface Identified {
  id: number;
}

/** Returns the list with the item of `id` replaced by `patch(item)`; the same array when nothing changes. */
export function patchInList<T extends Identified>(
  list: readonly T[],
  id: number,
  patch: (item: T) => T,
): T[] {
  let changed = false;
  const next = list.map((item) => {
    if (item.id !== id) return item;
    const patched = patch(item);
    if (patched !== item) changed = true;
    return patched;
  });
  return changed ? next : (list as T[]);
}

function hasProspects(value: unknown): value is { prospects: Identified[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { prospects?: unknown }).prospects)
  );
}

/** The query families that hold prospect rows (`{ prospects: [...] }`). */
const LIST_FAMILIES: readonly QueryKey[] = [queryKeys.dashboard.all(), queryKeys.campaign.all()];

export interface OptimisticChange {
  /** Puts back exactly what the caches held before the change. */
  undo(): void;
}

/**
 * Applies `patch` to the prospect in its detail and in every cached list, after cancelling the
 * fetches in flight for them (so a late answer cannot overwrite the optimistic state).
 */
export async function patchProspectEverywhere<P extends Identified>(
  queryClient: QueryClient,
  prospectId: number,
  patch: (item: P) => P,
): Promise<OptimisticChange> {
  const detailKey = queryKeys.prospect.detail(prospectId);
  await Promise.all([
    queryClient.cancelQueries({ queryKey: detailKey }),
    ...LIST_FAMILIES.map((queryKey) => queryClient.cancelQueries({ queryKey })),
  ]);
  const snapshots: [QueryKey, unknown][] = [];

  const detail = queryClient.getQueryData<P>(detailKey);
  if (detail !== undefined) {
    snapshots.push([detailKey, detail]);
    queryClient.setQueryData(detailKey, patch(detail));
  }
  for (const family of LIST_FAMILIES) {
    for (const [key, data] of queryClient.getQueriesData<unknown>({ queryKey: family })) {
      if (!hasProspects(data)) continue;
      const prospects = patchInList(data.prospects as P[], prospectId, patch);
      if (prospects === data.prospects) continue;
      snapshots.push([key, data]);
      queryClient.setQueryData(key, { ...data, prospects });
    }
  }
  return {
    undo() {
      for (const [key, data] of snapshots) queryClient.setQueryData(key, data);
    },
  };
}
