import {
  APP_VERSION,
  APP_VERSION_HEADER,
  detectBrowserLocale,
  isLocale,
  type Locale,
} from '@prospecta/domain';
import type { paths } from '@prospecta/domain/contract';
import { TOKEN_STORAGE_KEYS } from '@prospecta/machines';
import { PREFERENCE_PREFIX } from '../../core/preferencePrefix';
import { earlyApiPath, earlyDataFor, tokenHint, type EarlyData } from './earlyData';
import { HANDOFF, type EarlyRequests, type EarlySession, type Holder } from './handoff';
import type { SignedInFiles } from './preloadMeta';

/**
 * The first screen's data, started before the app's code ("start the data early").
 *
 * The production build serves a small script of its own (`early-<hash>.js`, built from app/start/early-start.ts by
 * apps/web/vite.config.ts and placed first in index.html): as soon as the page is parsed it reads the stored session
 * (token and selected user) and starts the screen's first call with the runtime configuration the server wrote into
 * the page (else after fetching /config.json), while the browser still downloads the app. The app
 * (app/start/prefetch.ts) takes those requests over under the screen's query keys, or makes them itself where the
 * script did not run (development server, tests) or its request failed (an expired token: the app refreshes it and
 * asks again) (app/start/handoff.ts). The rules of which call a URL needs live once, for both (app/start/earlyData.ts).
 *
 * Only the script runs this module (the app imports none of it): it imports constants and small pure functions
 * (inlined by the script's own build), no router, no query client.
 */

/** The session check the app makes at start-up (core/session/controller.ts): the token's check, then the profile. */
const SESSION_PATHS = {
  verify: '/api/v2/auth/token/verify',
  profile: '/api/users/user',
} as const satisfies Record<string, keyof paths>;

/** A base URL from config.json as the app reads it (packages/api-client parseRuntimeConfig): '' is the same origin. */
function baseOf(value: unknown): string {
  return typeof value === 'string' ? value.trim().replace(/\/+$/, '') : '';
}

/** The stored session, read without the app's preference layer (its shapes are checked here by hand). */
function storedSession(storage: Pick<Storage, 'getItem'>): {
  token: string | null;
  selectedUserId: number | null;
} {
  const token = storage.getItem(TOKEN_STORAGE_KEYS.access);
  let selectedUserId: number | null = null;
  try {
    const selected = JSON.parse(storage.getItem(`${PREFERENCE_PREFIX}selectedUser`) ?? 'null') as {
      id?: unknown;
    } | null;
    selectedUserId =
      typeof selected?.id === 'number' && Number.isSafeInteger(selected.id) && selected.id > 0
        ? selected.id
        : null;
  } catch {
    selectedUserId = null;
  }
  return { token: token || null, selectedUserId };
}

type ConfigBody = { apiBaseUrl?: unknown; userServiceBaseUrl?: unknown };

/** The runtime configuration the server wrote into the page (the early script's `data-config`), when it is an object. */
function inlineConfig(text: string | undefined): ConfigBody | null {
  if (!text) return null;
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as ConfigBody)
      : null;
  } catch {
    return null;
  }
}

/**
 * Starts the first screen's call (the script of index.html calls it once), with the runtime configuration the server
 * wrote into the page (`inline`, the script's `data-config`), else after asking for /config.json. A call whose token
 * has expired is not made (the app refreshes the token first); nothing is thrown: a failure leaves the call to the app.
 */
export function startEarlyRequests(
  scope: Holder & {
    location: Pick<Location, 'pathname'>;
    localStorage: Pick<Storage, 'getItem'>;
    fetch: typeof fetch;
  },
  now = Date.now(),
  inline?: string,
): EarlyRequests {
  const session = storedSession(scope.localStorage);
  const wanted = earlyDataFor(scope.location.pathname, session);
  const hint = session.token ? tokenHint(session.token) : null;
  const usable = hint !== null && (hint.expiresAt === null || hint.expiresAt > now + 5_000);
  const written = inlineConfig(inline);
  const config = written
    ? Promise.resolve(
        new Response(inline, { status: 200, headers: { 'Content-Type': 'application/json' } }),
      )
    : scope.fetch('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
  // Unhandled rejections are the app's to see when it takes the answer over.
  config.catch(() => undefined);
  const data = new Map<EarlyData, Promise<unknown>>();
  let earlySession: EarlySession | null = null;
  if (usable && session.token) {
    const token = session.token;
    const body: Promise<ConfigBody> = written
      ? Promise.resolve(written)
      : config.then((response): Promise<ConfigBody> | ConfigBody =>
          response.ok ? response.clone().json() : {},
        );
    const bases = body
      .then((config) => ({
        api: baseOf(config.apiBaseUrl),
        users: baseOf(config.userServiceBaseUrl),
      }))
      .catch(() => ({ api: '', users: '' }));
    const headers = {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      [APP_VERSION_HEADER]: APP_VERSION,
    };
    const parsed = (
      call: (base: { api: string; users: string }) => Promise<Response>,
    ): Promise<unknown> =>
      bases
        .then(call)
        .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
        .catch(() => null);
    // The session check the app would make once its code has loaded: the token's check and the profile at once.
    earlySession = {
      token,
      verified: bases
        .then((base) =>
          scope.fetch(`${base.api}${SESSION_PATHS.verify}`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify({ token }),
          }),
        )
        .then((response) => response.ok)
        .catch(() => false),
      profile: parsed((base) => scope.fetch(`${base.users}${SESSION_PATHS.profile}`, { headers })),
    };
    for (const item of wanted) {
      data.set(
        item,
        parsed((base) => scope.fetch(`${base.api}${earlyApiPath(item)}`, { headers })),
      );
    }
  }
  const requests: EarlyRequests = { config, data, session: earlySession };
  scope[HANDOFF] = requests;
  return requests;
}

function filesOf(value: unknown): SignedInFiles | null {
  if (typeof value !== 'object' || value === null) return null;
  const { code, styles, messages } = value as Partial<Record<keyof SignedInFiles, unknown>>;
  // Paths of this site only (not `//host/…`).
  const sitePath = (item: unknown): item is string =>
    typeof item === 'string' && /^\/(?!\/)/.test(item);
  const paths = (list: unknown): string[] => (Array.isArray(list) ? list.filter(sitePath) : []);
  const byLocale: Partial<Record<Locale, string>> = {};
  if (typeof messages === 'object' && messages !== null) {
    for (const [locale, path] of Object.entries(messages))
      if (isLocale(locale) && sitePath(path)) byLocale[locale] = path;
  }
  return { code: paths(code), styles: paths(styles), messages: byLocale };
}

/**
 * With a usable stored session, starts downloading the signed-in area's code, styles and messages (the stored
 * language's, else the browser's) beside the first chunk, instead of after it has run (first cards): the
 * app imports the same URLs later and finds them fetched. `list` is the build's JSON list (the early script's
 * `data-preload`); nothing without it (development server) or with a list that does not parse.
 */
export function preloadSignedInFiles(
  doc: Pick<Document, 'createElement' | 'head'>,
  list: string | undefined,
  storage: Pick<Storage, 'getItem'>,
  languages: readonly string[],
): string[] {
  let files: SignedInFiles | null = null;
  try {
    files = filesOf(JSON.parse(list ?? 'null'));
  } catch {
    files = null;
  }
  if (!files) return [];
  let stored: string | null = null;
  try {
    stored = storage.getItem(`${PREFERENCE_PREFIX}locale`);
  } catch {
    stored = null;
  }
  const locale = stored && isLocale(stored) ? stored : detectBrowserLocale(languages);
  const messages = files.messages[locale];
  const wanted = [...files.code, ...(messages ? [messages] : []), ...files.styles];
  for (const href of wanted) {
    const link = doc.createElement('link');
    if (href.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
      // The app's stylesheet link (Vite's loader) is `crossorigin=""`: a preload in another credentials mode is not
      // reused, so the browser fetched the file twice and warned that the preload went unused.
      link.setAttribute('crossorigin', '');
    } else {
      link.rel = 'modulepreload';
    }
    link.href = href;
    doc.head.appendChild(link);
  }
  return wanted;
}

/**
 * react-intl's `createIntl` checks its locale with `Intl.NumberFormat.supportedLocalesOf` and
 * `Intl.DateTimeFormat.supportedLocalesOf` during the app's first render; the first such call in a page loads the
 * browser's list of locales (25–110 ms of the main thread on the 2-core machine). Made once here, while the
 * browser still downloads the app, it is no longer on the first screen's path; later calls cost microseconds.
 */
export function warmLocaleData(
  intl: Pick<typeof Intl, 'NumberFormat' | 'DateTimeFormat'>,
  locales: readonly string[],
): void {
  try {
    intl.NumberFormat.supportedLocalesOf([...locales]);
    intl.DateTimeFormat.supportedLocalesOf([...locales]);
  } catch {
    // A browser without Intl or with an odd language list: createIntl reports it itself later.
  }
}
