import {
  APP_VERSION,
  APP_VERSION_HEADER,
  detectBrowserLocale,
  isLocale,
  type Locale,
} from '@prospecta/domain';
import type { paths } from '@prospecta/domain/contract';
import { TOKEN_STORAGE_KEYS } from '@prospecta/machines';
import { parseUserId } from '../../core/paths';
import { PREFERENCE_PREFIX } from '../../core/preferencePrefix';
import type { EarlySessionCheck } from '../../core/session/controller';
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
 * asks again). The rules of which call a URL needs live here once, for both.
 *
 * This module imports nothing the app's first chunk would have to share with the script at run time: constants
 * only (inlined by the script's own build), no router, no query client.
 */

export type EarlyKind = 'dashboard' | 'inbox' | 'campaigns' | 'campaign';
export type EarlyData = `${EarlyKind}:${number}`;

/** The call behind each kind of early data (the same the screens' query options make). */
const API_PATHS = {
  dashboard: '/api/v1/users/{id}/dashboard',
  inbox: '/api/v1/users/{id}/inbox-messages',
  campaigns: '/api/v1/users/{id}/campaigns',
  campaign: '/api/v2/campaigns/{id}',
} as const satisfies Record<EarlyKind, keyof paths>;

/** The session check the app makes at start-up (core/session/controller.ts): the token's check, then the profile. */
const SESSION_PATHS = {
  verify: '/api/v2/auth/token/verify',
  profile: '/api/users/user',
} as const satisfies Record<string, keyof paths>;

const SCREENS: readonly { pattern: RegExp; kind: EarlyKind }[] = [
  { pattern: /^\/users\/([^/]+)\/dashboard\/?$/, kind: 'dashboard' },
  { pattern: /^\/users\/([^/]+)\/inbox\/?$/, kind: 'inbox' },
  { pattern: /^\/users\/([^/]+)\/campaigns\/?$/, kind: 'campaigns' },
  { pattern: /^\/users\/[^/]+\/campaigns\/([^/]+)\/?$/, kind: 'campaign' },
];

/** The claims of a JWT access token the app may read as a hint (never trusted: the server checks every call). */
function tokenHint(token: string): {
  userId: number | null;
  staff: boolean;
  expiresAt: number | null;
} {
  try {
    const payload = JSON.parse(
      atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as { sub?: unknown; staff?: unknown; exp?: unknown };
    return {
      userId: parseUserId(typeof payload.sub === 'string' ? payload.sub : undefined),
      staff: payload.staff === true,
      expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
    };
  } catch {
    return { userId: null, staff: false, expiresAt: null };
  }
}

/**
 * Which data the screen at `pathname` needs first, known from storage alone (token and selected user): the URL's
 * user and campaign, or for '/' the selected user's dashboard (a customer: their own, from the token). Nothing
 * without a token, nor for staff at '/' without a selection (they pick a customer first).
 */
export function earlyDataFor(
  pathname: string,
  session: { token: string | null; selectedUserId: number | null },
): EarlyData[] {
  const { token } = session;
  if (!token) return [];
  if (pathname === '/') {
    const hint = tokenHint(token);
    const userId = session.selectedUserId ?? (hint.staff ? null : hint.userId);
    return userId ? [`dashboard:${userId}`] : [];
  }
  for (const { pattern, kind } of SCREENS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const id = parseUserId(match[1]);
    return id ? [`${kind}:${id}`] : [];
  }
  return [];
}

export function parseEarlyData(item: EarlyData): { kind: EarlyKind; id: number } {
  const [kind, id] = item.split(':') as [EarlyKind, string];
  return { kind, id: Number(id) };
}

/** The path of the call behind `item`, on the API base. */
export function earlyApiPath(item: EarlyData): string {
  const { kind, id } = parseEarlyData(item);
  return API_PATHS[kind].replace('{id}', String(id));
}

/**
 * The session check made early, for the stored access token: whether the server accepted the token (null when the
 * call failed or was refused: the app checks again itself) and the profile's parsed answer (null likewise).
 */
interface EarlySession extends EarlySessionCheck {
  token: string;
}

/**
 * What the script hands to the app: /config.json's answer, each call's parsed answer (null when it failed) and the
 * session check.
 */
export interface EarlyRequests {
  config: Promise<Response> | null;
  data: Map<EarlyData, Promise<unknown>>;
  session: EarlySession | null;
}

const HANDOFF = Symbol.for('prospecta.earlyRequests');
type Holder = { [HANDOFF]?: EarlyRequests };

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

/** The runtime configuration, once: the page's, else the early /config.json answer (null where the script did not run). */
export function takeEarlyConfig(scope: object = globalThis): Promise<Response> | null {
  const requests = (scope as Holder)[HANDOFF];
  const config = requests?.config ?? null;
  if (requests) requests.config = null;
  return config;
}

/** The early answer of `item`, once: its parsed body, or null when the call failed (null too where none started). */
export function takeEarlyData(
  item: EarlyData,
  scope: object = globalThis,
): Promise<unknown> | null {
  const requests = (scope as Holder)[HANDOFF];
  const answer = requests?.data.get(item) ?? null;
  requests?.data.delete(item);
  return answer;
}

/**
 * The early session check, once, if it was made for `token` (the app's stored access token at start-up): the verify
 * call's outcome and the profile's answer. Null where the script did not run or checked another token.
 */
export function takeEarlySession(
  token: string,
  scope: object = globalThis,
): EarlySessionCheck | null {
  const requests = (scope as Holder)[HANDOFF];
  const early = requests?.session ?? null;
  if (!early || !requests) return null;
  requests.session = null;
  return early.token === token ? { verified: early.verified, profile: early.profile } : null;
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
