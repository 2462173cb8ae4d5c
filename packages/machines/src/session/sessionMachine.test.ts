import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SessionEmitted, SessionInput, SessionUser, TokenPair } from './sessionMachine';
import { SIGN_OUT_REVOKE_TIMEOUT_MS, sessionMachine } from './sessionMachine';
import { SESSION_CHECK_INTERVAL_MS } from '@prospecta/domain';
import { selectIsRefreshing, selectSessionStatus, selectUser } from './selectors';

const USER: SessionUser = { id: 7, is_staff: false };

interface Fakes {
  verify: (token: string) => Promise<unknown>;
  refresh: (refresh: string) => Promise<TokenPair>;
  profile: () => Promise<SessionUser>;
  revoke: (refresh: string) => Promise<unknown>;
}

function start(input: SessionInput, fakes: Partial<Fakes> = {}) {
  const calls = {
    verify: [] as string[],
    refresh: [] as string[],
    profile: 0,
    revoke: [] as string[],
  };
  const machine = sessionMachine.provide({
    actors: {
      verifyToken: fromPromise(async ({ input: { token } }) => {
        calls.verify.push(token);
        return (fakes.verify ?? (async () => ({})))(token);
      }),
      refreshToken: fromPromise(async ({ input: { refresh } }) => {
        calls.refresh.push(refresh);
        return (fakes.refresh ?? (async () => ({ access: 'a2', refresh: 'r2' })))(refresh);
      }),
      fetchProfile: fromPromise(async () => {
        calls.profile += 1;
        return (fakes.profile ?? (async () => USER))();
      }),
      revokeToken: fromPromise(async ({ input: { refresh } }) => {
        calls.revoke.push(refresh);
        return (fakes.revoke ?? (async () => undefined))(refresh);
      }),
    },
  });
  const actor = createActor(machine, { input });
  const emitted: SessionEmitted['type'][] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { actor, calls, emitted };
}

/** Lets resolved fake actors deliver their results. */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

const CLEAR_EFFECTS = ['tokens.clear', 'queryCache.clear', 'selection.clear', 'modals.close'];

describe('sessionMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts without a session when nothing is stored', () => {
    const { actor } = start({});
    expect(actor.getSnapshot().value).toBe('noToken');
    expect(selectSessionStatus(actor.getSnapshot())).toBe('anonymous');
  });

  it('logs in: stores the tokens and user, persists the tokens, does not refetch the profile', async () => {
    const { actor, calls, emitted } = start({});
    actor.send({ type: 'session.loggedIn', access: 'a1', refresh: 'r1', user: USER });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ authenticated: { verification: 'idle', profile: 'loaded' } })).toBe(
      true,
    );
    expect(snapshot.context).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', user: USER });
    expect(emitted).toEqual(['tokens.persist']);
    expect(calls.profile).toBe(0);
  });

  it('checks a stored access token, then fetches the profile once because no user is loaded', async () => {
    const { actor, calls } = start({ accessToken: 'a1', refreshToken: 'r1' });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('pending');
    await settle();
    expect(calls.verify).toEqual(['a1']);
    expect(calls.profile).toBe(1);
    expect(selectUser(actor.getSnapshot())).toEqual(USER);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('authenticated');
  });

  it('verifies the access token every 5 minutes (named delay), not before', async () => {
    const { actor, calls } = start({ accessToken: 'a1', refreshToken: 'r1', user: USER });
    await settle();
    expect(calls.verify).toEqual(['a1']);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(calls.verify).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.verify).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(calls.verify).toHaveLength(3);
    expect(actor.getSnapshot().matches({ authenticated: { verification: 'idle' } })).toBe(true);
  });

  it('refreshes with the refresh token when only that one is stored, showing the refreshing state', async () => {
    let resolve: (t: TokenPair) => void = () => undefined;
    const { actor, calls, emitted } = start(
      { refreshToken: 'r1' },
      { refresh: () => new Promise<TokenPair>((r) => (resolve = r)) },
    );
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(calls.refresh).toEqual(['r1']);
    resolve({ access: 'a2', refresh: 'r2' });
    await settle();
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({
      accessToken: 'a2',
      refreshToken: 'r2',
      user: USER,
    });
    expect(emitted).toEqual(['tokens.persist']);
  });

  it('a failed periodic check with a refresh token refreshes; a failed refresh closes modals and clears the session', async () => {
    let valid = true;
    const { actor, emitted } = start(
      { accessToken: 'a1', refreshToken: 'r1', user: USER },
      {
        verify: async () => {
          if (!valid) throw new Error('401');
          return {};
        },
        refresh: async () => {
          throw new Error('Failed to refresh token');
        },
      },
    );
    await settle();
    valid = false;
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('signedOut');
    expect(snapshot.context).toEqual({
      accessToken: null,
      refreshToken: null,
      user: null,
      endReason: 'refreshFailed',
      error: 'Failed to refresh token',
    });
    expect(emitted).toEqual(CLEAR_EFFECTS);
  });

  it('a failed check without a refresh token clears the session', async () => {
    const { actor, emitted } = start(
      { accessToken: 'a1' },
      {
        verify: async () => {
          throw new Error('Token is invalid');
        },
      },
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.endReason).toBe('checkFailed');
    expect(actor.getSnapshot().context.error).toBe('Token is invalid');
    expect(emitted).toEqual(CLEAR_EFFECTS);
  });

  it('sign-out revokes the refresh token, then clears session, cache and selection', async () => {
    const { actor, calls, emitted } = start({ accessToken: 'a1', refreshToken: 'r1', user: USER });
    await settle();
    actor.send({ type: 'session.signOut' });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('signingOut');
    await settle();
    expect(calls.revoke).toEqual(['r1']);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.endReason).toBe('signedOut');
    expect(emitted).toEqual(CLEAR_EFFECTS);
  });

  it('sign-out does not wait forever for the revoke call', async () => {
    const { actor } = start(
      { accessToken: 'a1', refreshToken: 'r1', user: USER },
      { revoke: () => new Promise(() => undefined) },
    );
    await settle();
    actor.send({ type: 'session.signOut' });
    await vi.advanceTimersByTimeAsync(SIGN_OUT_REVOKE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('signingOut');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('another tab removing both tokens signs this tab out', async () => {
    const { actor, emitted } = start({ accessToken: 'a1', refreshToken: 'r1', user: USER });
    await settle();
    actor.send({ type: 'storage.tokensChanged', access: null, refresh: null });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.endReason).toBe('signedOutElsewhere');
    expect(emitted).toEqual(CLEAR_EFFECTS);
  });

  it('another tab writing new tokens: this tab adopts them without persisting or calling anything', async () => {
    const { actor, calls, emitted } = start({ accessToken: 'a1', refreshToken: 'r1', user: USER });
    await settle();
    actor.send({ type: 'storage.tokensChanged', access: 'a9', refresh: 'r9' });
    expect(actor.getSnapshot().context).toMatchObject({
      accessToken: 'a9',
      refreshToken: 'r9',
      user: USER,
    });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('authenticated');
    expect(calls.refresh).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it('a tab without a session adopts a login made in another tab: checks the token and loads the profile', async () => {
    const { actor, calls } = start({});
    actor.send({ type: 'storage.tokensChanged', access: 'a5', refresh: 'r5' });
    expect(actor.getSnapshot().value).toBe('checking');
    await settle();
    expect(calls.verify).toEqual(['a5']);
    expect(calls.profile).toBe(1);
    expect(selectSessionStatus(actor.getSnapshot())).toBe('authenticated');
  });

  it('follows a refresh run by the api-client middleware (refreshStarted, tokensRefreshed)', async () => {
    const { actor, calls, emitted } = start({ accessToken: 'a1', refreshToken: 'r1', user: USER });
    await settle();
    actor.send({ type: 'session.refreshStarted' });
    expect(selectIsRefreshing(actor.getSnapshot())).toBe(true);
    expect(calls.refresh).toEqual([]);
    actor.send({ type: 'session.tokensRefreshed', access: 'a2', refresh: 'r2' });
    expect(selectSessionStatus(actor.getSnapshot())).toBe('authenticated');
    expect(actor.getSnapshot().context).toMatchObject({ accessToken: 'a2', refreshToken: 'r2' });
    expect(emitted).toEqual(['tokens.persist']);
  });

  it('the middleware failing to refresh, or a 401 without refresh token, clears the session', async () => {
    const a = start({ accessToken: 'a1', refreshToken: 'r1', user: USER });
    await settle();
    a.actor.send({ type: 'session.refreshStarted' });
    a.actor.send({ type: 'session.refreshFailed', error: 'Failed to refresh token' });
    expect(a.actor.getSnapshot().value).toBe('signedOut');
    expect(a.actor.getSnapshot().context.endReason).toBe('refreshFailed');
    expect(a.emitted).toEqual(CLEAR_EFFECTS);

    const b = start({ accessToken: 'a1', user: USER });
    await settle();
    b.actor.send({ type: 'session.expired' });
    expect(b.actor.getSnapshot().context.endReason).toBe('expired');
    expect(b.emitted).toEqual(CLEAR_EFFECTS);
  });

  it('a failed profile fetch keeps the session and can be retried', async () => {
    let fail = true;
    const { actor, calls } = start(
      { accessToken: 'a1', refreshToken: 'r1' },
      {
        profile: async () => {
          if (fail) throw new Error('Network down');
          return USER;
        },
      },
    );
    await settle();
    expect(actor.getSnapshot().matches({ authenticated: { profile: 'failed' } })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Network down');
    fail = false;
    actor.send({ type: 'profile.retry' });
    await settle();
    expect(calls.profile).toBe(2);
    expect(selectUser(actor.getSnapshot())).toEqual(USER);
  });

  it('the provided actions replace the default emitted events', async () => {
    const persisted: TokenPair[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actions: {
          persistTokens: ({ context }) =>
            persisted.push({
              access: context.accessToken ?? '',
              refresh: context.refreshToken ?? '',
            }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'session.loggedIn', access: 'a1', refresh: 'r1', user: USER });
    expect(persisted).toEqual([{ access: 'a1', refresh: 'r1' }]);
  });

  it('without provided actors the machine fails with a clear message', async () => {
    const actor = createActor(sessionMachine, { input: { accessToken: 'a1' } }).start();
    await settle();
    expect(actor.getSnapshot().context.error).toMatch(/"verifyToken" actor was not provided/);
  });
});
