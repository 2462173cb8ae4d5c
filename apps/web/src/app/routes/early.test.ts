import { describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@prospecta/domain';
import { TOKEN_STORAGE_KEYS } from '@prospecta/machines';
import { createPreferences } from '../../core/preferences';
import { createMemoryStorage } from '../../testing/memory-storage';
import { earlyApiPath, startEarlyRequests, takeEarlyConfig, takeEarlyData } from './early';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

const NOW = Date.parse('2026-11-25T10:00:00Z');
const valid = jwt({ sub: '7', staff: false, exp: NOW / 1000 + 900 });

/** A page scope: its path, its storage, and a fetch that answers /config.json and records the other calls. */
function page(pathname: string, stored: Record<string, string>, config: unknown = { apiBaseUrl: '' }) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(config);
    calls.push({ url, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    return url.includes('/999/') ? new Response('{}', { status: 403 }) : Response.json({ prospects: [{ id: 1 }] });
  });
  const localStorage = createMemoryStorage(stored);
  return { scope: { location: { pathname }, localStorage, fetch: fetch as unknown as typeof globalThis.fetch }, calls, fetch, localStorage };
}

describe('the early requests of index.html’s first script (issue 16)', () => {
  it('asks for /config.json, then the screen’s call with the stored token and the app version', async () => {
    const { scope, calls } = page('/users/7/dashboard', { [TOKEN_STORAGE_KEYS.access]: valid }, { apiBaseUrl: 'https://api.example.com/' });
    const { config: started } = startEarlyRequests(scope, NOW);
    expect(await takeEarlyData('dashboard:7', scope)).toEqual({ prospects: [{ id: 1 }] });
    expect(calls).toEqual([
      { url: 'https://api.example.com/api/v1/users/7/dashboard', headers: expect.objectContaining({ authorization: `Bearer ${valid}`, 'x-app-version': APP_VERSION }) },
    ]);
    // Taken once: a later refetch goes through the app's clients.
    expect(takeEarlyData('dashboard:7', scope)).toBeNull();
    // The app reads the configuration from the same answer, once.
    const config = takeEarlyConfig(scope);
    expect(config).toBe(started);
    expect(await (await config!).json()).toEqual({ apiBaseUrl: 'https://api.example.com/' });
    expect(takeEarlyConfig(scope)).toBeNull();
  });

  it('reads the selection the app stored, for staff at /', async () => {
    const { scope, localStorage, calls } = page('/', {});
    const preferences = createPreferences(localStorage);
    preferences.set('token', jwt({ sub: '1', staff: true, exp: NOW / 1000 + 900 }));
    preferences.set('selectedUser', { id: 9, name: 'Julien Moreau' });
    startEarlyRequests(scope, NOW);
    await takeEarlyData('dashboard:9', scope);
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/users/9/dashboard']);
  });

  it('makes only the configuration call without a token, with an expiring token, or where the screen has no early data', async () => {
    for (const [pathname, stored] of [
      ['/users/7/dashboard', {}],
      ['/users/7/dashboard', { [TOKEN_STORAGE_KEYS.access]: jwt({ sub: '7', exp: NOW / 1000 + 2 }) }],
      ['/users/7/user/profile', { [TOKEN_STORAGE_KEYS.access]: valid }],
      ['/login', { [TOKEN_STORAGE_KEYS.access]: valid }],
    ] as const) {
      const { scope, fetch } = page(pathname, stored);
      const requests = startEarlyRequests(scope, NOW);
      expect(requests.data.size, pathname).toBe(0);
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(takeEarlyData('dashboard:7', scope)).toBeNull();
    }
  });

  it('gives null for a refused call or an unreachable server, never an error', async () => {
    const refused = page('/users/999/dashboard', { [TOKEN_STORAGE_KEYS.access]: valid });
    startEarlyRequests(refused.scope, NOW);
    expect(await takeEarlyData('dashboard:999', refused.scope)).toBeNull();

    const offline = page('/users/7/campaigns/42', { [TOKEN_STORAGE_KEYS.access]: valid });
    offline.fetch.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    startEarlyRequests(offline.scope, NOW);
    expect(await takeEarlyData('campaign:42', offline.scope)).toBeNull();
    await expect(takeEarlyConfig(offline.scope)).rejects.toThrow('Failed to fetch');
  });

  it('names the call of each kind of early data', () => {
    expect(earlyApiPath('dashboard:3')).toBe('/api/v1/users/3/dashboard');
    expect(earlyApiPath('inbox:3')).toBe('/api/v1/users/3/inbox-messages');
    expect(earlyApiPath('campaigns:3')).toBe('/api/v1/users/3/campaigns');
    expect(earlyApiPath('campaign:42')).toBe('/api/v2/campaigns/42');
  });
});
