import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthSeam, TokenPairLike } from './auth';
import { createApiClients, requestTokenRefresh, type ApiClients } from './clients';
import { APP_VERSION } from '@prospecta/domain';
import { mockOperation } from './msw/typed';

const BASE = 'http://prospecta.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

interface FakeSession {
  access: string | null;
  refresh: string | null;
}

function setup(session: FakeSession, onReload = vi.fn()) {
  const auth = {
    getAccessToken: () => session.access,
    getRefreshToken: () => session.refresh,
    // `clients` is defined below; refresh only runs after a request, once it exists.
    refresh: vi.fn((refreshToken: string) => requestTokenRefresh(clients.api, refreshToken)),
    onTokens: vi.fn((tokens: TokenPairLike) => {
      session.access = tokens.access;
      session.refresh = tokens.refresh;
    }),
    onRefreshFailed: vi.fn((_error: Error) => {
      session.access = null;
      session.refresh = null;
    }),
    onSessionExpired: vi.fn(() => {
      session.access = null;
    }),
  } satisfies AuthSeam;
  const clients: ApiClients = createApiClients({
    config: { apiBaseUrl: BASE, userServiceBaseUrl: `${BASE}/users-base` },
    auth,
    onReload,
  });
  return { clients, auth, onReload };
}

/** Dashboard and comment handlers that only accept `Bearer fresh-access`, recording what they saw. */
function protectedHandlers(seen: Array<{ path: string; auth: string | null; body?: string }>) {
  return [
    mockOperation('get', '/api/v1/users/{id}/dashboard', ({ request }) => {
      const authorization = request.headers.get('Authorization');
      seen.push({ path: new URL(request.url).pathname, auth: authorization });
      if (authorization !== 'Bearer fresh-access')
        return { status: 401, body: { detail: 'Token expired.' } };
      return { status: 200, body: { prospects: [] } };
    }),
    mockOperation('post', '/api/v1/prospects/{id}/comment', async ({ request, params, json }) => {
      const authorization = request.headers.get('Authorization');
      const body = await json();
      seen.push({
        path: new URL(request.url).pathname,
        auth: authorization,
        body: body.content ?? '',
      });
      if (authorization !== 'Bearer fresh-access')
        return { status: 401, body: { detail: 'Token expired.' } };
      return {
        status: 201,
        body: {
          id: 1,
          prospect_id: Number(params.id),
          content: body.content ?? '',
          activity: null,
          created_at: '2026-03-02T09:00:00.000Z',
          author: { id: 2, full_name: 'Élodie Lefèvre' },
        },
      };
    }),
  ];
}

function fire(clients: ApiClients, count = 50) {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? clients.api.GET('/api/v1/users/{id}/dashboard', { params: { path: { id: 2 } } })
      : clients.api.POST('/api/v1/prospects/{id}/comment', {
          params: { path: { id: 1000 + i } },
          body: { content: `Commentaire n°${i} — été`, activity: null },
        }),
  );
}

describe('auth middleware: 401 and refresh', () => {
  it('with an expired access token, parallel calls wait for one refresh and none leaves with the expired token', async () => {
    const claims = btoa(JSON.stringify({ sub: '2', exp: Math.floor(Date.now() / 1000) - 60 }));
    const expired = `e30.${claims.replace(/=+$/, '')}.signature`;
    const seen: Array<{ path: string; auth: string | null; body?: string }> = [];
    let refreshCalls = 0;
    server.use(
      ...protectedHandlers(seen),
      mockOperation('post', '/api/v2/auth/token/refresh', async () => {
        refreshCalls += 1;
        await delay(30);
        return { status: 200, body: { access: 'fresh-access', refresh: 'refresh-2' } };
      }),
    );
    const { clients, auth } = setup({ access: expired, refresh: 'refresh-1' });

    const first = await Promise.all(fire(clients, 4));
    // A call made after the refresh uses the new token directly.
    const later = await Promise.all(fire(clients, 2));

    expect(refreshCalls).toBe(1);
    expect(auth.onTokens).toHaveBeenCalledTimes(1);
    expect([...first, ...later].every((r) => r.response.ok)).toBe(true);
    expect(seen).toHaveLength(6);
    expect(seen.every((s) => s.auth === 'Bearer fresh-access')).toBe(true);
  });

  it('a call made while a refresh runs waits for it instead of leaving with the old token', async () => {
    const seen: Array<{ path: string; auth: string | null; body?: string }> = [];
    let refreshStarted = () => undefined as void;
    const started = new Promise<void>((resolve) => (refreshStarted = resolve));
    server.use(
      ...protectedHandlers(seen),
      mockOperation('post', '/api/v2/auth/token/refresh', async () => {
        refreshStarted();
        await delay(50);
        return { status: 200, body: { access: 'fresh-access', refresh: 'refresh-2' } };
      }),
    );
    const { clients } = setup({ access: 'stale-access', refresh: 'refresh-1' });

    const firstCall = fire(clients, 1)[0]!;
    // Sent once the first call's 401 has started the refresh.
    await started;
    const duringRefresh = await fire(clients, 1)[0]!;
    await firstCall;

    expect(duringRefresh.response.ok).toBe(true);
    expect(seen.filter((s) => s.auth === 'Bearer stale-access')).toHaveLength(1);
  });

  it('refreshes once for 50 concurrent 401s and replays each request once with the new token and its body', async () => {
    const seen: Array<{ path: string; auth: string | null; body?: string }> = [];
    let refreshCalls = 0;
    server.use(
      ...protectedHandlers(seen),
      mockOperation('post', '/api/v2/auth/token/refresh', async ({ json }) => {
        refreshCalls += 1;
        expect((await json()).refresh).toBe('refresh-1');
        await delay(30);
        return { status: 200, body: { access: 'fresh-access', refresh: 'refresh-2' } };
      }),
    );
    const { clients, auth } = setup({ access: 'stale-access', refresh: 'refresh-1' });

    const results = await Promise.all(fire(clients));

    expect(refreshCalls).toBe(1);
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(auth.onTokens).toHaveBeenCalledTimes(1);
    expect(auth.onTokens).toHaveBeenCalledWith({ access: 'fresh-access', refresh: 'refresh-2' });
    expect(results.every((r) => r.response.ok)).toBe(true);
    expect(seen.filter((s) => s.auth === 'Bearer stale-access')).toHaveLength(50);
    const replays = seen.filter((s) => s.auth === 'Bearer fresh-access');
    expect(replays).toHaveLength(50);
    // Each POST was replayed with its own, intact body.
    const replayedBodies = replays.filter((s) => s.body !== undefined).map((s) => s.body);
    const expectedBodies = Array.from({ length: 50 }, (_, i) => i)
      .filter((i) => i % 2 === 1)
      .map((i) => `Commentaire n°${i} — été`);
    expect(replayedBodies.sort()).toEqual(expectedBodies.sort());
    for (const [i, result] of results.entries()) {
      if (i % 2 === 1)
        expect(result.data).toMatchObject({
          content: `Commentaire n°${i} — été`,
          prospect_id: 1000 + i,
        });
    }
    expect(auth.onRefreshFailed).not.toHaveBeenCalled();
    expect(auth.onSessionExpired).not.toHaveBeenCalled();
  });

  it('rejects all 50 with "Failed to refresh token" and logs out once when the refresh fails', async () => {
    const seen: Array<{ path: string; auth: string | null; body?: string }> = [];
    let refreshCalls = 0;
    server.use(
      ...protectedHandlers(seen),
      mockOperation('post', '/api/v2/auth/token/refresh', async () => {
        refreshCalls += 1;
        await delay(30);
        return { status: 401, body: { detail: 'Token is invalid or expired.' } };
      }),
    );
    const { clients, auth } = setup({ access: 'stale-access', refresh: 'refresh-1' });

    const settled = await Promise.allSettled(fire(clients));

    expect(refreshCalls).toBe(1);
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    for (const s of settled) {
      if (s.status === 'rejected')
        expect((s.reason as Error).message).toBe('Failed to refresh token');
    }
    expect(auth.onRefreshFailed).toHaveBeenCalledTimes(1);
    expect((auth.onRefreshFailed.mock.calls[0]?.[0] as Error).message).toBe(
      'Failed to refresh token',
    );
    expect(auth.onSessionExpired).not.toHaveBeenCalled();
    expect(auth.onTokens).not.toHaveBeenCalled();
    expect(seen.filter((s) => s.auth === 'Bearer fresh-access')).toHaveLength(0);
  });

  it('logs out with "Session expired" (once) when there is no refresh token, without calling refresh', async () => {
    const seen: Array<{ path: string; auth: string | null; body?: string }> = [];
    server.use(...protectedHandlers(seen));
    const { clients, auth } = setup({ access: 'stale-access', refresh: null });

    const settled = await Promise.allSettled(fire(clients, 5));

    for (const s of settled) {
      expect(s.status).toBe('rejected');
      if (s.status === 'rejected') expect((s.reason as Error).message).toBe('Session expired');
    }
    expect(auth.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(auth.refresh).not.toHaveBeenCalled();
    expect(auth.onRefreshFailed).not.toHaveBeenCalled();
  });

  it('replays with a token refreshed meanwhile instead of refreshing again', async () => {
    const seen: Array<{ path: string; auth: string | null; body?: string }> = [];
    server.use(...protectedHandlers(seen));
    const session: FakeSession = { access: 'stale-access', refresh: 'refresh-1' };
    const { clients, auth } = setup(session);
    server.use(
      mockOperation('get', '/api/v1/users/{id}/dashboard', ({ request }) => {
        seen.push({ path: 'dashboard', auth: request.headers.get('Authorization') });
        if (request.headers.get('Authorization') === 'Bearer stale-access') {
          // Another tab refreshed while this request was in flight.
          session.access = 'fresh-access';
          return { status: 401, body: { detail: 'Token expired.' } };
        }
        return { status: 200, body: { prospects: [] } };
      }),
    );

    const result = await clients.api.GET('/api/v1/users/{id}/dashboard', {
      params: { path: { id: 2 } },
    });

    expect(result.response.status).toBe(200);
    expect(auth.refresh).not.toHaveBeenCalled();
    expect(seen.map((s) => s.auth)).toEqual(['Bearer stale-access', 'Bearer fresh-access']);
  });

  it('does not try to refresh when sign-in itself answers 401, and sends no bearer there', async () => {
    let authorization: string | null = 'unset';
    server.use(
      mockOperation('post', '/api/v2/auth/token/get', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return { status: 401, body: { detail: 'Invalid credentials.' } };
      }),
    );
    const { clients, auth } = setup({ access: 'stale-access', refresh: 'refresh-1' });

    const result = await clients.api.POST('/api/v2/auth/token/get', {
      body: { email: 'customer@example.com', password: 'nope' },
    });

    expect(result.response.status).toBe(401);
    expect(result.error).toEqual({ detail: 'Invalid credentials.' });
    expect(authorization).toBeNull();
    expect(auth.refresh).not.toHaveBeenCalled();
    expect(auth.onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('auth middleware: 418 and headers', () => {
  it('calls the reload hook on 418', async () => {
    server.use(
      mockOperation('get', '/api/users/user', {
        status: 418,
        body: { detail: 'Please reload: version 2.3.5 is required.' },
      }),
    );
    const { clients, onReload } = setup({ access: 'a', refresh: 'r' });

    const result = await clients.users.GET('/api/users/user');

    expect(result.response.status).toBe(418);
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('does not call the reload hook for other answers', async () => {
    server.use(
      mockOperation('get', '/api/v1/users/{id}/dashboard', {
        status: 200,
        body: { prospects: [] },
      }),
    );
    const { clients, onReload } = setup({ access: 'a', refresh: 'r' });
    await clients.api.GET('/api/v1/users/{id}/dashboard', { params: { path: { id: 2 } } });
    expect(onReload).not.toHaveBeenCalled();
  });

  it('sends X-App-Version on every call and the bearer token on every authenticated call, on both bases', async () => {
    const requests: Request[] = [];
    server.events.on('request:start', ({ request }) => {
      requests.push(request.clone());
    });
    server.use(http.all(`${BASE}/*`, () => HttpResponse.json({ detail: 'ok' }, { status: 404 })));
    const { clients } = setup({ access: 'the-access', refresh: 'the-refresh' });

    await clients.api.GET('/api/v1/users/{id}/dashboard', { params: { path: { id: 2 } } });
    await clients.api.PUT('/api/v1/prospects/{id}/status', {
      params: { path: { id: 1 } },
      body: { prospecting_status: 'lost' },
    });
    await clients.api.DELETE('/api/v1/prospects/tags/{id}', { params: { path: { id: 3 } } });
    await clients.users.GET('/api/users/user');
    await clients.users.POST('/api/users/user/change-password', {
      body: { current_password: 'a', new_password: 'b', confirm_new_password: 'b' },
    });
    await clients.api.POST('/api/v2/auth/token/get', {
      body: { email: 'a@example.com', password: 'x' },
    });
    await clients.users.POST('/api/user/reset-password', { body: { email: 'a@example.com' } });
    server.events.removeAllListeners();

    expect(requests).toHaveLength(7);
    for (const request of requests) expect(request.headers.get('X-App-Version')).toBe(APP_VERSION);
    const byPath = (fragment: string) =>
      requests.find((r) => new URL(r.url).pathname.endsWith(fragment));
    for (const path of [
      '/dashboard',
      '/status',
      '/tags/3',
      '/api/users/user',
      '/change-password',
    ]) {
      expect(byPath(path)?.headers.get('Authorization')).toBe('Bearer the-access');
    }
    for (const path of ['/auth/token/get', '/reset-password']) {
      expect(byPath(path)?.headers.get('Authorization')).toBeNull();
    }
    expect(new URL(byPath('/api/users/user')?.url ?? '').origin + '/users-base').toBe(
      `${BASE}/users-base`,
    );
    expect(byPath('/api/users/user')?.url).toBe(`${BASE}/users-base/api/users/user`);
  });
});
