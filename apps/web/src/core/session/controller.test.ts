import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { mockOperation } from '@prospecta/api-client/msw';
import { makeTokenPair } from '@prospecta/api-client/fixtures';
import { TOKEN_STORAGE_KEYS } from '@prospecta/machines';
import { createTestServer } from '../../testing/msw-node';
import { customerUser } from '../../testing/users';
import { createPreferences } from '../preferences';
import {
  createSessionController,
  type SessionController,
  type SessionControllerOptions,
} from './controller';
import { sessionViewOf } from './view';

/**
 * The session's calls as the server answers a valid stored pair: the token is good, a refresh gives a new pair,
 * a revocation succeeds. The tests that need another answer put theirs first.
 */
const sessionHandlers = () => {
  let serial = 2;
  return [
    mockOperation('post', '/api/v2/auth/token/verify', { status: 200, body: {} }),
    mockOperation('post', '/api/v2/auth/token/refresh', () => ({
      status: 200,
      body: makeTokenPair(serial++),
    })),
    mockOperation('post', '/api/v2/auth/token/revoke', { status: 204 }),
  ];
};
const server = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.use(...sessionHandlers()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const origin = 'http://localhost';
let controller: SessionController | null = null;
afterEach(() => {
  controller?.dispose();
  controller = null;
});

beforeEach(() => localStorage.clear());

function start(
  tokens: { access?: string; refresh?: string } = {},
  extra: Pick<SessionControllerOptions, 'takeEarlySession'> = {},
) {
  if (tokens.access) localStorage.setItem(TOKEN_STORAGE_KEYS.access, tokens.access);
  if (tokens.refresh) localStorage.setItem(TOKEN_STORAGE_KEYS.refresh, tokens.refresh);
  const queryClient = new QueryClient();
  const preferences = createPreferences(localStorage);
  const onCloseModals = vi.fn();
  controller = createSessionController({
    config: { apiBaseUrl: origin, userServiceBaseUrl: origin },
    storage: localStorage,
    locks: null,
    events: window,
    clearQueryCache: () => queryClient.clear(),
    preferences,
    onCloseModals,
    onReload: () => undefined,
    storageSettleMs: 0,
    ...extra,
  });
  return { controller, queryClient, preferences, onCloseModals };
}

const view = () => sessionViewOf(controller!.actor.getSnapshot());

function otherTabWrites(access: string | null, refresh: string | null) {
  for (const [key, value] of [
    [TOKEN_STORAGE_KEYS.access, access],
    [TOKEN_STORAGE_KEYS.refresh, refresh],
  ] as const) {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key }));
  }
}

describe('session controller (§4)', () => {
  it('without tokens the session is anonymous', () => {
    start();
    expect(view()).toEqual({ status: 'anonymous', reason: null });
  });

  it('verifies a stored access token, then loads the profile', async () => {
    start({ access: 'access-token-1', refresh: 'refresh-token-1' });
    expect(view().status).toBe('checking');
    // The profile call carries the unread count, not the list (getCurrentUser without include=unread_messages).
    const { unread_messages_since: _list, ...profile } = customerUser;
    await vi.waitFor(() => expect(view()).toEqual({ status: 'authenticated', user: profile }));
  });

  it('takes the early check of the stored token instead of asking again, once and for that token only', async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
    const earlyProfile = { ...customerUser, first_name: 'Early' };
    const takeEarlySession = vi.fn((token: string) =>
      token === 'access-token-1'
        ? { verified: Promise.resolve(true), profile: Promise.resolve(earlyProfile) }
        : null,
    );
    start({ access: 'access-token-1', refresh: 'refresh-token-1' }, { takeEarlySession });
    await vi.waitFor(() => expect(view()).toEqual({ status: 'authenticated', user: earlyProfile }));
    expect(takeEarlySession).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);
    server.events.removeAllListeners();
  });

  it('asks again where the early check failed (a refused token, an unreachable server)', async () => {
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
    start(
      { access: 'access-token-1', refresh: 'refresh-token-1' },
      {
        takeEarlySession: () => ({
          verified: Promise.resolve(false),
          profile: Promise.resolve(null),
        }),
      },
    );
    const { unread_messages_since: _list, ...profile } = customerUser;
    await vi.waitFor(() => expect(view()).toEqual({ status: 'authenticated', user: profile }));
    expect(calls).toEqual(['/api/v2/auth/token/verify', '/api/users/user']);
    server.events.removeAllListeners();
  });

  it('refreshes when only a refresh token is stored, and stores the rotated pair', async () => {
    start({ refresh: 'refresh-token-7' });
    expect(view().status).toBe('refreshing');
    await vi.waitFor(() => expect(view().status).toBe('authenticated'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.access)).toMatch(/^access-token-/);
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.refresh)).not.toBe('refresh-token-7');
  });

  it('persists the tokens of a login', () => {
    start();
    controller!.actor.send({
      type: 'session.loggedIn',
      access: 'access-token-9',
      refresh: 'refresh-token-9',
      user: customerUser,
    });
    expect(view()).toEqual({ status: 'authenticated', user: customerUser });
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.access)).toBe('access-token-9');
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.refresh)).toBe('refresh-token-9');
  });

  it('signs out when another tab removes both tokens: cache, selection and modals are cleared', async () => {
    const { queryClient, preferences, onCloseModals } = start({
      access: 'access-token-1',
      refresh: 'refresh-token-1',
    });
    await vi.waitFor(() => expect(view().status).toBe('authenticated'));
    queryClient.setQueryData(['prospecta', 'anything'], 1);
    preferences.set('selectedUser', { id: 3, name: 'Oliver' });

    otherTabWrites(null, null);
    await vi.waitFor(() =>
      expect(view()).toEqual({ status: 'anonymous', reason: 'signedOutElsewhere' }),
    );
    expect(queryClient.getQueryData(['prospecta', 'anything'])).toBeUndefined();
    expect(preferences.get('selectedUser')).toBeNull();
    expect(onCloseModals).toHaveBeenCalled();
  });

  it('adopts the tokens another tab wrote', async () => {
    start({ access: 'access-token-1', refresh: 'refresh-token-1' });
    await vi.waitFor(() => expect(view().status).toBe('authenticated'));
    otherTabWrites('access-token-2', 'refresh-token-2');
    await vi.waitFor(() =>
      expect(controller!.actor.getSnapshot().context.accessToken).toBe('access-token-2'),
    );
    expect(controller!.actor.getSnapshot().context.refreshToken).toBe('refresh-token-2');
    expect(view().status).toBe('authenticated');
  });

  it('signs out: revokes the refresh token and removes both tokens', async () => {
    const revoked = vi.fn();
    server.use(
      mockOperation('post', '/api/v2/auth/token/revoke', async ({ json }) => {
        revoked((await json()).refresh);
        return { status: 204 };
      }),
    );
    start({ access: 'access-token-1', refresh: 'refresh-token-1' });
    await vi.waitFor(() => expect(view().status).toBe('authenticated'));
    controller!.actor.send({ type: 'session.signOut' });
    await vi.waitFor(() => expect(view()).toEqual({ status: 'anonymous', reason: 'signedOut' }));
    expect(revoked).toHaveBeenCalledWith('refresh-token-1');
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.access)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.refresh)).toBeNull();
  });

  it('refreshes once on a 401 and replays the request with the new access token', async () => {
    const seen: Array<string | null> = [];
    server.use(
      mockOperation('get', '/api/users/list', ({ request }) => {
        const auth = request.headers.get('Authorization');
        seen.push(auth);
        return auth === 'Bearer access-token-1'
          ? { status: 401, body: { detail: 'Token expired.' } }
          : { status: 200, body: { users: [] } };
      }),
    );
    start({ access: 'access-token-1', refresh: 'refresh-token-1' });
    await vi.waitFor(() => expect(view().status).toBe('authenticated'));
    const result = await controller!.clients.users.GET('/api/users/list');
    expect(result.response.status).toBe(200);
    expect(seen[0]).toBe('Bearer access-token-1');
    expect(seen[1]).toMatch(/^Bearer access-token-(?!1$)/);
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.access)).toBe(seen[1]?.slice('Bearer '.length));
    expect(view().status).toBe('authenticated');
  });

  it('clears the session when the refresh fails', async () => {
    server.use(
      mockOperation('post', '/api/v2/auth/token/refresh', {
        status: 401,
        body: { detail: 'Token is invalid or expired.' },
      }),
    );
    start({ refresh: 'refresh-token-1' });
    await vi.waitFor(() =>
      expect(view()).toEqual({ status: 'anonymous', reason: 'refreshFailed' }),
    );
    expect(localStorage.getItem(TOKEN_STORAGE_KEYS.refresh)).toBeNull();
  });
});
