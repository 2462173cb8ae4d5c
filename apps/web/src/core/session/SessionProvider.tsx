import { useMemo, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { SessionActor } from './controller';
import { SessionRuntimeContext, type SessionRuntime } from './runtime';
import { sameView, sessionViewOf } from './view';
import { clearFreshSignIn, markFreshSignIn } from './freshSignIn';

/** Exposes the session actor to the routes as a `SessionRuntime`. */
export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  const view = useSelector(actor, sessionViewOf, sameView);
  const runtime = useMemo<SessionRuntime>(
    () => ({
      view,
      signIn: ({ access, refresh, user }) => {
        markFreshSignIn();
        actor.send({ type: 'session.loggedIn', access, refresh, user });
      },
      signOut: () => {
        clearFreshSignIn();
        actor.send({ type: 'session.signOut' });
      },
      retryProfile: () => actor.send({ type: 'profile.retry' }),
    }),
    [actor, view],
  );
  return (
    <SessionRuntimeContext.Provider value={runtime}>{children}</SessionRuntimeContext.Provider>
  );
}
