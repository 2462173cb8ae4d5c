import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION } from '@prospecta/domain';
import { TOKEN_STORAGE_KEYS } from '@prospecta/machines';
import { createPreferences } from '../../core/preferences';
import { createMemoryStorage } from '../../testing/memory-storage';
import { preloadSignedInFiles, startEarlyRequests, warmLocaleData } from './early';
import { earlyApiPath } from './earlyData';
import { takeEarlyConfig, takeEarlyData, takeEarlySession } from './handoff';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}

const NOW = Date.parse('2026-11-25T10:00:00Z');
const valid = jwt({ sub: '7', staff: false, exp: NOW / 1000 + 900 });

/** A page scope: its path, its storage, and a fetch that answers /config.json and records the other calls. */
function page(
  pathname: string,
  stored: Record<string, string>,
  config: unknown = { apiBaseUrl: '' },
) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const session: { url: string; method: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return Response.json(config);
    if (/\/api\/(v2\/auth\/token\/verify|users\/user)$/.test(url)) {
      session.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      return url.endsWith('/verify')
        ? Response.json({})
        : Response.json({ id: 7, first_name: 'Claire' });
    }
    calls.push({ url, headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    return url.includes('/999/')
      ? new Response('{}', { status: 403 })
      : Response.json({ prospects: [{ id: 1 }] });
  });
  const localStorage = createMemoryStorage(stored);
  return {
    scope: {
      location: { pathname },
      localStorage,
      fetch: fetch as unknown as typeof globalThis.fetch,
    },
    calls,
    session,
    fetch,
    localStorage,
  };
}

describe('the early requests of index.html’s first script', () => {
  it('asks for /config.json, then the screen’s call with the stored token and the app version', async () => {
    const { scope, calls } = page(
      '/users/7/dashboard',
      { [TOKEN_STORAGE_KEYS.access]: valid },
      { apiBaseUrl: 'https://api.example.com/' },
    );
    const { config: started } = startEarlyRequests(scope, NOW);
    expect(await takeEarlyData('dashboard:7', scope)).toEqual({ prospects: [{ id: 1 }] });
    expect(calls).toEqual([
      {
        url: 'https://api.example.com/api/v1/users/7/dashboard',
        headers: expect.objectContaining({
          authorization: `Bearer ${valid}`,
          'x-app-version': APP_VERSION,
        }),
      },
    ]);
    // Taken once: a later refetch goes through the app's clients.
    expect(takeEarlyData('dashboard:7', scope)).toBeNull();
    // The app reads the configuration from the same answer, once.
    const config = takeEarlyConfig(scope);
    expect(config).toBe(started);
    expect(await (await config!).json()).toEqual({ apiBaseUrl: 'https://api.example.com/' });
    expect(takeEarlyConfig(scope)).toBeNull();
  });

  it('with the configuration the server wrote into the page, starts the calls at once and never asks for /config.json', async () => {
    const { scope, calls, fetch } = page('/users/7/dashboard', {
      [TOKEN_STORAGE_KEYS.access]: valid,
    });
    const written = JSON.stringify({
      apiBaseUrl: 'https://api.example.com/',
      userServiceBaseUrl: '',
      environment: 'production',
    });
    startEarlyRequests(scope, NOW, written);
    // The calls leave within the script's own task, a few promise steps later (no round trip for the configuration).
    for (let step = 0; step < 5; step += 1) await Promise.resolve();
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(
      expect.arrayContaining([
        'https://api.example.com/api/v1/users/7/dashboard',
        '/api/users/user',
      ]),
    );
    expect(fetch.mock.calls.some(([url]) => String(url) === '/config.json')).toBe(false);
    expect(await takeEarlyData('dashboard:7', scope)).toEqual({ prospects: [{ id: 1 }] });
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.example.com/api/v1/users/7/dashboard',
    ]);
    // The app gets the same configuration as an answer of its own.
    expect(await (await takeEarlyConfig(scope)!).json()).toEqual(JSON.parse(written));
  });

  it('asks for /config.json when the page carries no usable configuration (a static host, an old server)', async () => {
    for (const written of [undefined, '', 'not json', '[1]', 'null']) {
      const { scope, fetch } = page('/users/7/dashboard', { [TOKEN_STORAGE_KEYS.access]: valid });
      startEarlyRequests(scope, NOW, written);
      await takeEarlyData('dashboard:7', scope);
      expect(fetch.mock.calls[0]?.[0], String(written)).toBe('/config.json');
    }
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

  it('makes only the configuration call without a token or with an expiring one', async () => {
    const storages: Record<string, string>[] = [
      {},
      { [TOKEN_STORAGE_KEYS.access]: jwt({ sub: '7', exp: NOW / 1000 + 2 }) },
    ];
    for (const stored of storages) {
      const { scope, fetch } = page('/users/7/dashboard', stored);
      const requests = startEarlyRequests(scope, NOW);
      expect(requests.data.size).toBe(0);
      expect(requests.session).toBeNull();
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(takeEarlyData('dashboard:7', scope)).toBeNull();
    }
  });

  it('checks the stored token and asks for the profile on every signed-in page, with or without early data', async () => {
    for (const pathname of ['/users/7/user/profile', '/login', '/users/7/dashboard']) {
      const { scope, session } = page(
        pathname,
        { [TOKEN_STORAGE_KEYS.access]: valid },
        { apiBaseUrl: 'https://api.example.com', userServiceBaseUrl: 'https://users.example.com/' },
      );
      const requests = startEarlyRequests(scope, NOW);
      expect(requests.data.size, pathname).toBe(pathname.endsWith('/dashboard') ? 1 : 0);
      // Another token (signed in again in another tab meanwhile): the app makes its own check.
      expect(takeEarlySession('another-token', scope)).toBeNull();
      const early = startEarlyRequests(scope, NOW) && takeEarlySession(valid, scope);
      expect(await early!.verified).toBe(true);
      expect(await early!.profile).toEqual({ id: 7, first_name: 'Claire' });
      expect(takeEarlySession(valid, scope), 'taken once').toBeNull();
      expect(session.slice(0, 2)).toEqual([
        {
          url: 'https://api.example.com/api/v2/auth/token/verify',
          method: 'POST',
          body: { token: valid },
        },
        { url: 'https://users.example.com/api/users/user', method: 'GET', body: null },
      ]);
    }
  });

  it('reports a refused check as not verified and a failed profile as null, never an error', async () => {
    const { scope, fetch } = page('/users/7/dashboard', { [TOKEN_STORAGE_KEYS.access]: valid });
    fetch.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/config.json') return Response.json({});
      if (url.endsWith('/verify')) return new Response('{}', { status: 401 });
      throw new TypeError('Failed to fetch');
    });
    startEarlyRequests(scope, NOW);
    const early = takeEarlySession(valid, scope);
    expect(await early!.verified).toBe(false);
    expect(await early!.profile).toBeNull();
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

describe('the signed-in area’s files, preloaded by the early script (first cards)', () => {
  const list = JSON.stringify({
    code: ['/assets/signed-in-a.js', '/assets/shared-b.js'],
    styles: ['/assets/signed-in-c.css'],
    messages: { fr: '/assets/messages-app-fr-d.js', en: '/assets/messages-app-en-e.js' },
  });
  const links = () =>
    [...document.head.querySelectorAll('link')].map(
      (link) =>
        `${link.rel}${link.rel === 'preload' ? `:${link.as}` : ''} ${link.getAttribute('href')}`,
    );
  afterEach(() => document.head.replaceChildren());

  it('preloads the code, the stored language’s messages and the styles', () => {
    const wanted = preloadSignedInFiles(
      document,
      list,
      createMemoryStorage({ 'prospecta.locale': 'en' }),
      ['fr-FR'],
    );
    expect(wanted).toEqual([
      '/assets/signed-in-a.js',
      '/assets/shared-b.js',
      '/assets/messages-app-en-e.js',
      '/assets/signed-in-c.css',
    ]);
    expect(links()).toEqual([
      'modulepreload /assets/signed-in-a.js',
      'modulepreload /assets/shared-b.js',
      'modulepreload /assets/messages-app-en-e.js',
      'preload:style /assets/signed-in-c.css',
    ]);
  });

  it('preloads the styles in the credentials mode the app’s stylesheet link uses (Vite’s crossorigin="")', () => {
    preloadSignedInFiles(document, list, createMemoryStorage({}), ['fr']);
    const style = document.head.querySelector<HTMLLinkElement>('link[href$=".css"]');
    expect(style?.getAttribute('crossorigin')).toBe('');
    // Module preloads are CORS requests already, as Vite's own.
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'))
      expect(link.getAttribute('crossorigin')).toBeNull();
  });

  it('takes the browser’s language when none is stored, and French when the browser’s is not offered', () => {
    expect(
      preloadSignedInFiles(document, list, createMemoryStorage({}), ['en-GB', 'fr']),
    ).toContain('/assets/messages-app-en-e.js');
    expect(
      preloadSignedInFiles(document, list, createMemoryStorage({ 'prospecta.locale': 'de' }), [
        'de-DE',
      ]),
    ).toContain('/assets/messages-app-fr-d.js');
  });

  it('preloads nothing without the build’s list, or with one that does not parse, and keeps only paths of the site', () => {
    expect(preloadSignedInFiles(document, undefined, createMemoryStorage({}), ['fr'])).toEqual([]);
    expect(preloadSignedInFiles(document, '{not json', createMemoryStorage({}), ['fr'])).toEqual(
      [],
    );
    expect(
      preloadSignedInFiles(
        document,
        JSON.stringify({
          code: ['https://evil.example/x.js', '//evil.example/y.js', '/assets/a.js', 3],
          messages: { xx: '/m.js' },
        }),
        createMemoryStorage({}),
        ['fr'],
      ),
    ).toEqual(['/assets/a.js']);
    expect(links()).toEqual(['modulepreload /assets/a.js']);
  });
});

describe('the locale data react-intl checks, loaded by the early script (first cards)', () => {
  it('asks Intl for the app’s locales once per formatter createIntl checks', () => {
    const numbers = vi.fn(() => ['fr']);
    const dates = vi.fn(() => ['fr']);
    warmLocaleData(
      {
        NumberFormat: { supportedLocalesOf: numbers },
        DateTimeFormat: { supportedLocalesOf: dates },
      } as unknown as typeof Intl,
      ['fr', 'en'],
    );
    expect(numbers).toHaveBeenCalledWith(['fr', 'en']);
    expect(dates).toHaveBeenCalledWith(['fr', 'en']);
  });

  it('never throws: createIntl reports a locale problem itself later', () => {
    const broken = {
      NumberFormat: {
        supportedLocalesOf: () => {
          throw new RangeError('Incorrect locale information provided');
        },
      },
    } as unknown as typeof Intl;
    expect(() => warmLocaleData(broken, ['fr'])).not.toThrow();
    expect(() => warmLocaleData(Intl, ['fr', 'en'])).not.toThrow();
  });
});
