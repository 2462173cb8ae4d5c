import { matchPath } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import {
  campaignQueryOptions,
  campaignsQueryOptions,
  dashboardQueryOptions,
  inboxQueryOptions,
  type ApiClients,
} from '@prospecta/api-client';
import type { Preferences } from '../../core/preferences';
import { parseUserId } from '../../core/paths';

/** The data a screen shows first, by route: fetched as soon as the app starts (issue 16, "start the data early"). */
const screens = [
  { pattern: '/users/:userId/dashboard', data: 'dashboard' },
  { pattern: '/users/:userId/inbox', data: 'inbox' },
  { pattern: '/users/:userId/campaigns', data: 'campaigns' },
  { pattern: '/users/:userId/campaigns/:campaignId', data: 'campaign' },
] as const;

export type EarlyData = `${(typeof screens)[number]['data']}:${number}`;

/** The claims of a JWT access token the app may read as a hint (never trusted: the server checks every call). */
function tokenHint(token: string): { userId: number | null; staff: boolean } {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; staff?: unknown };
    return { userId: parseUserId(typeof payload.sub === 'string' ? payload.sub : undefined), staff: payload.staff === true };
  } catch {
    return { userId: null, staff: false };
  }
}

/**
 * Which data the screen at `pathname` needs first, known from storage alone (token and selected user): the URL's
 * user and campaign, or for '/' the selected user's dashboard (a customer: their own, from the token). Nothing
 * without a token, nor for staff at '/' without a selection (they pick a customer first).
 */
export function earlyDataFor(pathname: string, preferences: Pick<Preferences, 'get'>): EarlyData[] {
  const token = preferences.get('token');
  if (!token) return [];
  if (pathname === '/') {
    const selected = preferences.get('selectedUser');
    const hint = tokenHint(token);
    const userId = selected?.id ?? (hint.staff ? null : hint.userId);
    return userId ? [`dashboard:${userId}`] : [];
  }
  for (const screen of screens) {
    const match = matchPath(screen.pattern, pathname);
    if (!match) continue;
    const params: Partial<Record<'userId' | 'campaignId', string>> = match.params;
    if (screen.data === 'campaign') {
      const campaignId = parseUserId(params.campaignId);
      return campaignId ? [`campaign:${campaignId}`] : [];
    }
    const userId = parseUserId(params.userId);
    return userId ? [`${screen.data}:${userId}`] : [];
  }
  return [];
}

/**
 * Starts the first screen's data beside the session check and the route's code, instead of after them: the screen
 * then finds its query in flight (or done) under the same key. A failure stays in the cache for the screen to show
 * and retry; a refused token goes through the clients' one refresh like any call.
 */
export function prefetchEarlyData(queryClient: QueryClient, clients: ApiClients, pathname: string, preferences: Pick<Preferences, 'get'>): EarlyData[] {
  const wanted = earlyDataFor(pathname, preferences);
  for (const item of wanted) {
    const [data, id] = item.split(':') as [string, string];
    const key = Number(id);
    if (data === 'dashboard') void queryClient.prefetchQuery(dashboardQueryOptions(clients, key));
    else if (data === 'inbox') void queryClient.prefetchQuery(inboxQueryOptions(clients, key));
    else if (data === 'campaigns') void queryClient.prefetchQuery(campaignsQueryOptions(clients, key));
    else void queryClient.prefetchQuery(campaignQueryOptions(clients, key));
  }
  return wanted;
}
