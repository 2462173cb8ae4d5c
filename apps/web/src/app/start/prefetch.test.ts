import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys, type ApiClients } from '@prospecta/api-client';
import { earlyDataFor, prefetchEarlyData } from './prefetch';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

function storage(values: { token?: string; selectedUser?: { id: number; name: string } }) {
  return { get: ((key: string) => (values as Record<string, unknown>)[key] ?? null) as never };
}

const customerToken = jwt({ sub: '7', staff: false });
const staffToken = jwt({ sub: '1', staff: true });

describe('the first screen’s data, known from storage', () => {
  it('names the data of the URL’s screen', () => {
    const prefs = storage({ token: customerToken });
    expect(earlyDataFor('/users/7/dashboard', prefs)).toEqual(['dashboard:7']);
    expect(earlyDataFor('/users/7/inbox', prefs)).toEqual(['inbox:7']);
    expect(earlyDataFor('/users/7/campaigns', prefs)).toEqual(['campaigns:7']);
    expect(earlyDataFor('/users/7/campaigns/42', prefs)).toEqual(['campaign:42']);
    expect(earlyDataFor('/users/7/user/profile', prefs)).toEqual([]);
    expect(earlyDataFor('/users/abc/dashboard', prefs)).toEqual([]);
  });

  it('at / takes the selected user, else a customer’s own dashboard from the token; staff without a selection get nothing', () => {
    expect(
      earlyDataFor(
        '/',
        storage({ token: staffToken, selectedUser: { id: 9, name: 'Julien Moreau' } }),
      ),
    ).toEqual(['dashboard:9']);
    expect(earlyDataFor('/', storage({ token: customerToken }))).toEqual(['dashboard:7']);
    expect(earlyDataFor('/', storage({ token: staffToken }))).toEqual([]);
    expect(earlyDataFor('/', storage({ token: 'not-a-jwt' }))).toEqual([]);
  });

  it('asks for a customer’s own data at another user’s address, where the app sends them (never a call refused with 403)', () => {
    const prefs = storage({ token: customerToken });
    expect(earlyDataFor('/users/8/dashboard', prefs)).toEqual(['dashboard:7']);
    expect(earlyDataFor('/users/8/inbox', prefs)).toEqual(['inbox:7']);
    expect(earlyDataFor('/users/8/campaigns', prefs)).toEqual(['campaigns:7']);
    // Staff may view any user.
    expect(earlyDataFor('/users/8/dashboard', storage({ token: staffToken }))).toEqual([
      'dashboard:8',
    ]);
  });

  it('starts nothing without a token', () => {
    expect(earlyDataFor('/users/7/dashboard', storage({}))).toEqual([]);
  });

  it('puts the request in flight under the key the screen reads', async () => {
    const GET = vi.fn(async () => ({
      data: { prospects: [] },
      error: undefined,
      response: new Response('{}'),
    }));
    const clients = { api: { GET }, users: { GET } } as unknown as ApiClients;
    const queryClient = new QueryClient();
    prefetchEarlyData(
      queryClient,
      clients,
      '/users/7/dashboard',
      storage({ token: customerToken }),
    );
    expect(GET).toHaveBeenCalledWith(
      '/api/v1/users/{id}/dashboard',
      expect.objectContaining({ params: { path: { id: 7 } } }),
    );
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.dashboard.ofUser(7))).toEqual({ prospects: [] }),
    );
  });

  it('takes over the answer of the early script, and makes the call itself when that one failed', async () => {
    const GET = vi.fn(async () => ({
      data: { prospects: [{ id: 2 }] },
      error: undefined,
      response: new Response('{}'),
    }));
    const clients = { api: { GET }, users: { GET } } as unknown as ApiClients;
    const holder = globalThis as Record<symbol, unknown>;
    const key = Symbol.for('prospecta.earlyRequests');
    try {
      holder[key] = {
        config: null,
        data: new Map([['dashboard:7', Promise.resolve({ prospects: [{ id: 1 }] })]]),
      };
      const early = new QueryClient();
      prefetchEarlyData(early, clients, '/users/7/dashboard', storage({ token: customerToken }));
      await vi.waitFor(() =>
        expect(early.getQueryData(queryKeys.dashboard.ofUser(7))).toEqual({
          prospects: [{ id: 1 }],
        }),
      );
      expect(GET).not.toHaveBeenCalled();

      holder[key] = { config: null, data: new Map([['dashboard:7', Promise.resolve(null)]]) };
      const failed = new QueryClient();
      prefetchEarlyData(failed, clients, '/users/7/dashboard', storage({ token: customerToken }));
      await vi.waitFor(() =>
        expect(failed.getQueryData(queryKeys.dashboard.ofUser(7))).toEqual({
          prospects: [{ id: 2 }],
        }),
      );
      expect(GET).toHaveBeenCalledTimes(1);
    } finally {
      delete holder[key];
    }
  });
});
