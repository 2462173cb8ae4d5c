import type { paths } from '@prospecta/domain/contract';
import { matchPath, parseUserId, userScreens } from '../../core/paths';

/**
 * Which data the first screen needs, known from storage alone, and the call that answers it: the rules the early
 * script (app/start/early.ts) and the app (app/start/prefetch.ts) share. Constants and pure functions only, so that
 * the script's own build inlines them.
 */

/** The screens with early data (core/paths.ts). */
export type EarlyKind = keyof typeof userScreens;
export type EarlyData = `${EarlyKind}:${number}`;

/** The call behind each kind of early data (the same the screens' query options make). */
const API_PATHS = {
  dashboard: '/api/v1/users/{id}/dashboard',
  inbox: '/api/v1/users/{id}/inbox-messages',
  campaigns: '/api/v1/users/{id}/campaigns',
  campaign: '/api/v2/campaigns/{id}',
} as const satisfies Record<EarlyKind, keyof paths>;

/** The claims of a JWT access token the app may read as a hint (never trusted: the server checks every call). */
export function tokenHint(token: string): {
  userId: number | null;
  staff: boolean;
  expiresAt: number | null;
} {
  try {
    const payload = JSON.parse(
      atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as { sub?: unknown; staff?: unknown; exp?: unknown };
    return {
      userId: parseUserId(typeof payload.sub === 'string' ? payload.sub : undefined),
      staff: payload.staff === true,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
    };
  } catch {
    return { userId: null, staff: false, expiresAt: null };
  }
}

/**
 * Which data the screen at `pathname` needs first, known from storage alone (token and selected user): the URL's
 * user and campaign, or for '/' the selected user's dashboard (a customer: their own, from the token). Nothing
 * without a token, nor for staff at '/' without a selection (they pick a customer first).
 */
export function earlyDataFor(
  pathname: string,
  session: { token: string | null; selectedUserId: number | null },
): EarlyData[] {
  const { token } = session;
  if (!token) return [];
  if (pathname === '/') {
    const hint = tokenHint(token);
    const userId = session.selectedUserId ?? (hint.staff ? null : hint.userId);
    return userId ? [`dashboard:${userId}`] : [];
  }
  for (const [kind, path] of Object.entries(userScreens) as [EarlyKind, string][]) {
    const params = matchPath(path, pathname);
    if (!params) continue;
    // The screen's last parameter names its data's owner (the user, or the campaign).
    const id = parseUserId(Object.values(params).at(-1));
    if (!id) return [];
    // A customer at another user's address is sent to their own (app/routes/guards.tsx): the server would refuse the
    // other user's data (403), so the call made is the one for the screen they land on.
    const hint = tokenHint(token);
    if (kind !== 'campaign' && !hint.staff && hint.userId !== null && hint.userId !== id)
      return [`${kind}:${hint.userId}`];
    return [`${kind}:${id}`];
  }
  return [];
}

export function parseEarlyData(item: EarlyData): { kind: EarlyKind; id: number } {
  const [kind, id] = item.split(':') as [EarlyKind, string];
  return { kind, id: Number(id) };
}

/** The path of the call behind `item`, on the API base. */
export function earlyApiPath(item: EarlyData): string {
  const { kind, id } = parseEarlyData(item);
  return API_PATHS[kind].replace('{id}', String(id));
}
