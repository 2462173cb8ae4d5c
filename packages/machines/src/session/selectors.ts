import type { SnapshotFrom } from 'xstate';
import type { SessionMachine, SessionUser } from './sessionMachine';

export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** What the app shows: 'pending' (boot, first check), 'anonymous', 'authenticated', 'refreshing', 'signingOut'. */
export type SessionStatus = 'pending' | 'anonymous' | 'authenticated' | 'refreshing' | 'signingOut';

export function selectSessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.hasTag('refreshing')) return 'refreshing';
  if (snapshot.hasTag('authenticated')) return 'authenticated';
  if (snapshot.hasTag('signingOut')) return 'signingOut';
  if (snapshot.hasTag('anonymous')) return 'anonymous';
  return 'pending';
}

/** True while 'Refreshing session...' must be shown. */
export function selectIsRefreshing(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('refreshing');
}

export function selectIsAuthenticated(snapshot: SessionSnapshot): boolean {
  return snapshot.hasTag('authenticated');
}

/** The loaded user; the app narrows it to its own User type (the machine stores what fetchProfile returned). */
export function selectUser<TUser extends SessionUser = SessionUser>(
  snapshot: SessionSnapshot,
): TUser | null {
  return snapshot.context.user as TUser | null;
}

export function selectIsStaff(snapshot: SessionSnapshot): boolean {
  return snapshot.context.user?.is_staff === true;
}

export function selectProfileFailed(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ authenticated: { profile: 'failed' } });
}

/** Route guard (§2): without access and refresh token, authenticated routes redirect to /login. */
export function selectHasAnyToken(snapshot: SessionSnapshot): boolean {
  return snapshot.context.accessToken !== null || snapshot.context.refreshToken !== null;
}
