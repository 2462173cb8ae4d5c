import type { QueryClient, QueryFunction, QueryKey, skipToken } from '@tanstack/react-query';
import {
  campaignQueryOptions,
  campaignsQueryOptions,
  dashboardQueryOptions,
  inboxQueryOptions,
  type ApiClients,
} from '@prospecta/api-client';
import type { Preferences } from '../../core/preferences';
import { createQueryClient } from '../../core/queryClient';
import { earlyDataFor as earlyDataOfSession, parseEarlyData, type EarlyData } from './earlyData';
import { takeEarlyData } from './handoff';

export type { EarlyData } from './earlyData';

/**
 * Which data the screen at `pathname` needs first, known from storage alone (token and selected user): see
 * app/start/earlyData.ts, which the production build's early script also runs before the app's code.
 */
export function earlyDataFor(pathname: string, preferences: Pick<Preferences, 'get'>): EarlyData[] {
  return earlyDataOfSession(pathname, {
    token: preferences.get('token'),
    selectedUserId: preferences.get('selectedUser')?.id ?? null,
  });
}

/** Prefetches `options`, answered by the early call when it succeeded, else by the query's own call. */
function prefetch<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: { queryKey: TKey; queryFn?: QueryFunction<TData, TKey> | typeof skipToken },
  early: Promise<unknown> | null,
): void {
  const own = options.queryFn;
  if (typeof own !== 'function') return;
  // The early answer is the body of the very call the query makes (app/start/early.ts): the same type.
  const queryFn: QueryFunction<TData, TKey> = early
    ? async (context) => ((await early) as TData | null) ?? own(context)
    : own;
  void queryClient.prefetchQuery({ ...options, queryFn });
}

/**
 * Starts the first screen's data beside the session check and the route's code, instead of after them: the screen
 * then finds its query in flight (or done) under the same key. Where index.html's early script already made the
 * call (app/start/early.ts), its answer is taken over; where that call failed (an expired token, say), the app makes it
 * through its clients (with their one refresh). A failure stays in the cache for the screen to show and retry.
 */
export function prefetchEarlyData(
  queryClient: QueryClient,
  clients: ApiClients,
  pathname: string,
  preferences: Pick<Preferences, 'get'>,
): EarlyData[] {
  const wanted = earlyDataFor(pathname, preferences);
  for (const item of wanted) {
    const { kind, id } = parseEarlyData(item);
    const early = takeEarlyData(item);
    if (kind === 'dashboard') prefetch(queryClient, dashboardQueryOptions(clients, id), early);
    else if (kind === 'inbox') prefetch(queryClient, inboxQueryOptions(clients, id), early);
    else if (kind === 'campaigns') prefetch(queryClient, campaignsQueryOptions(clients, id), early);
    else prefetch(queryClient, campaignQueryOptions(clients, id), early);
  }
  return wanted;
}

/**
 * The app's query client (core/queryClientLoader.ts creates it with this module, in the signed-in area's code), with
 * the data of the screen at `pathname` already asked for.
 */
export function createAppQueryClient(
  clients: ApiClients,
  preferences: Pick<Preferences, 'get'>,
  pathname: string,
): QueryClient {
  const queryClient = createQueryClient();
  prefetchEarlyData(queryClient, clients, pathname, preferences);
  return queryClient;
}
