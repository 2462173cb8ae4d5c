import { createContext, useContext } from 'react';
import type { SessionUser } from '../types';

export type SessionEndReason =
  'signedOut' | 'signedOutElsewhere' | 'expired' | 'checkFailed' | 'refreshFailed';

/** What the routes need to know about the session lifecycle (§4), whatever drives it. */
export type SessionView =
  /** No access token and no refresh token: authenticated routes redirect to /login. */
  | { status: 'anonymous'; reason: SessionEndReason | null }
  /** Tokens exist, the check (verify, profile) is running, or the sign-out is under way. */
  | { status: 'checking' }
  /** A refresh runs: 'Refreshing session...' is shown. */
  | { status: 'refreshing'; user: SessionUser | null }
  | { status: 'authenticated'; user: SessionUser }
  /** Signed in, but the profile could not be loaded. */
  | { status: 'profileFailed'; error: string | null };

interface LoginResult {
  access: string;
  refresh: string;
  user: SessionUser;
}

export interface SessionRuntime {
  view: SessionView;
  /** Stores the tokens of a successful login and enters the authenticated state. */
  signIn(result: LoginResult): void;
  /** Clears session, query cache and selection; revokes the refresh token. */
  signOut(): void;
  /** Loads the profile again after a failure. */
  retryProfile(): void;
}

export const SessionRuntimeContext = createContext<SessionRuntime | null>(null);

export function useSessionRuntime(): SessionRuntime {
  const runtime = useContext(SessionRuntimeContext);
  if (!runtime) throw new Error('useSessionRuntime must be used inside the session provider.');
  return runtime;
}
