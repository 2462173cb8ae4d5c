import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { exploreMachine, replayPath } from '../testing/machinePaths';
import type { SessionEvent, SessionInput, SessionUser } from './sessionMachine';
import { sessionMachine } from './sessionMachine';

const USER: SessionUser = { id: 7, is_staff: false };

const EVENTS: SessionEvent[] = [
  { type: 'session.loggedIn', access: 'a1', refresh: 'r1', user: USER },
  { type: 'session.tokensRefreshed', access: 'a2', refresh: 'r2' },
  { type: 'session.refreshStarted' },
  { type: 'session.refreshFailed', error: 'Failed to refresh token' },
  { type: 'session.expired' },
  { type: 'session.signOut' },
  { type: 'storage.tokensChanged', access: null, refresh: null },
  { type: 'storage.tokensChanged', access: 'a9', refresh: 'r9' },
  { type: 'storage.tokensChanged', access: null, refresh: 'r8' },
  { type: 'profile.retry' },
];

/** States that are left at once (eventless transitions) and therefore never observed. */
const TRANSIENT = ['authenticated.profile.deciding', 'boot'];

const CLEAR_EFFECTS = ['tokens.clear', 'queryCache.clear', 'selection.clear', 'modals.close'];
const OBTAINING_EVENTS = [
  'session.loggedIn',
  'session.tokensRefreshed',
  'xstate.done.actor.refreshToken',
];
type TokensOf = { accessToken: string | null; refreshToken: string | null };

const STARTS: Array<[string, SessionInput]> = [
  ['nothing stored', {}],
  ['both tokens stored', { accessToken: 'a0', refreshToken: 'r0' }],
  ['only a refresh token stored', { refreshToken: 'r0' }],
  ['only an access token stored', { accessToken: 'a0' }],
];

function explore(input: SessionInput) {
  return exploreMachine(sessionMachine, {
    events: EVENTS as EventObject[],
    input,
    actorOutputs: {
      verifyToken: [{}],
      refreshToken: [{ access: 'a3', refresh: 'r3' }],
      fetchProfile: [USER],
      revokeToken: [undefined],
    },
    actorErrors: {
      verifyToken: [new Error('Token is invalid')],
      refreshToken: [new Error('Failed to refresh token')],
      fetchProfile: [new Error('Network down')],
      revokeToken: [new Error('Network down')],
    },
  });
}

describe('sessionMachine paths (xstate/graph)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reaches every declared state from the four possible starts', () => {
    const explorations = STARTS.map(([, input]) => explore(input));
    const reached = new Set(explorations.flatMap((e) => e.reachedLeafStates));
    const declared = explorations[0]?.declaredLeafStates ?? [];
    expect(declared.length).toBeGreaterThan(10);
    const stable = declared.filter((state) => !TRANSIENT.includes(state));
    expect([...reached].sort()).toEqual(stable.sort());
  });

  it('starts in the state the stored tokens call for', () => {
    expect(explore({}).paths.some((p) => p.state.matches('noToken'))).toBe(true);
    expect(explore({ accessToken: 'a0' }).paths.some((p) => p.state.matches('noToken'))).toBe(
      false,
    );
    expect(explore({ refreshToken: 'r0' }).paths[0]?.state.value).toEqual({
      refreshing: 'running',
    });
  });

  it.each(STARTS)(
    'on the real actor, every path from %s keeps the sign-out, token and persistence rules',
    async (_label, input) => {
      const { paths } = explore(input);
      expect(paths.length).toBeGreaterThan(10);
      for (const path of paths) {
        const steps = await replayPath(sessionMachine, path, {
          input,
          advanceTime: (ms) => vi.advanceTimersByTimeAsync(ms),
        });
        let previous: { value: unknown; context: TokensOf } = {
          value: null,
          context: { accessToken: null, refreshToken: null },
        };
        for (const step of steps) {
          const at = `after ${JSON.stringify(step.event)}`;
          const { snapshot } = step;
          const types = step.emitted.map((event) => event.type);
          const context = snapshot.context as TokensOf;
          // A signed-out session holds no token and no user; an authenticated one holds a token.
          if (snapshot.matches('signedOut'))
            expect(snapshot.context, at).toMatchObject({
              accessToken: null,
              refreshToken: null,
              user: null,
            });
          if (snapshot.hasTag('authenticated'))
            expect(context.accessToken ?? context.refreshToken, at).not.toBeNull();
          // Every way into signedOut clears tokens, query cache and selection and closes modals; nothing else does.
          const enteredSignedOut = snapshot.value === 'signedOut' && previous.value !== 'signedOut';
          expect(
            types.filter((type) => CLEAR_EFFECTS.includes(type)),
            at,
          ).toEqual(enteredSignedOut ? CLEAR_EFFECTS : []);
          // Tokens are persisted only when this tab obtained them (login, refresh), never when adopted from storage.
          const obtained = OBTAINING_EVENTS.includes(step.event.type);
          const tokensChanged =
            context.accessToken !== previous.context.accessToken ||
            context.refreshToken !== previous.context.refreshToken;
          if (types.includes('tokens.persist')) expect(obtained, at).toBe(true);
          if (obtained && tokensChanged && context.refreshToken !== null)
            expect(types, at).toContain('tokens.persist');
          previous = { value: snapshot.value, context };
        }
      }
    },
  );
});
