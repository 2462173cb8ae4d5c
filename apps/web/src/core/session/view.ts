import {
  selectProfileFailed,
  selectSessionStatus,
  selectUser,
  type SessionSnapshot,
} from '@prospecta/machines';
import type { SessionUser } from '../types';
import type { SessionView } from './runtime';

/** Maps the machine snapshot to what the routes show. */
export function sessionViewOf(snapshot: SessionSnapshot): SessionView {
  const user = selectUser<SessionUser>(snapshot);
  switch (selectSessionStatus(snapshot)) {
    case 'anonymous':
      return { status: 'anonymous', reason: snapshot.context.endReason };
    case 'refreshing':
      return { status: 'refreshing', user };
    case 'authenticated':
      if (user) return { status: 'authenticated', user };
      if (selectProfileFailed(snapshot))
        return { status: 'profileFailed', error: snapshot.context.error };
      return { status: 'checking' };
    default:
      return { status: 'checking' };
  }
}

export function sameView(a: SessionView, b: SessionView): boolean {
  if (a.status !== b.status) return false;
  switch (a.status) {
    case 'anonymous':
      return a.reason === (b as typeof a).reason;
    case 'refreshing':
    case 'authenticated':
      return a.user === (b as typeof a).user;
    case 'profileFailed':
      return a.error === (b as typeof a).error;
    default:
      return true;
  }
}
