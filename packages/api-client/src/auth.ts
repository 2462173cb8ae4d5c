import type { Middleware } from 'openapi-fetch';
import { APP_VERSION, APP_VERSION_HEADER, PUBLIC_PATHS } from '@prospecta/domain';

export interface TokenPairLike {
  access: string;
  refresh: string;
}

/**
 * The seam between the HTTP client and the session (owned by the session machine in @prospecta/machines).
 * The client keeps no session state of its own: it asks for tokens and reports what happened.
 */
export interface AuthSeam {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** Exchanges a refresh token for a new pair; rejects when the server does not answer 200. */
  refresh(refreshToken: string): Promise<TokenPairLike>;
  /** A refresh succeeded: store the new pair (getAccessToken must return the new access token afterwards). */
  onTokens(tokens: TokenPairLike): void;
  /** The refresh failed: clear the session. Called once per failed refresh. */
  onRefreshFailed(error: Error): void;
  /** A 401 arrived and there is no refresh token: log out. Called once per expired access token. */
  onSessionExpired(): void;
}

export const FAILED_TO_REFRESH_TOKEN = 'Failed to refresh token';
export const SESSION_EXPIRED = 'Session expired';

/** Raised (as the rejection of every waiting call) when the session cannot be recovered after a 401. */
export class SessionError extends Error {
  readonly reason: 'refresh_failed' | 'session_expired';
  constructor(reason: 'refresh_failed' | 'session_expired', options?: { cause?: unknown }) {
    super(reason === 'refresh_failed' ? FAILED_TO_REFRESH_TOKEN : SESSION_EXPIRED, options);
    this.name = 'SessionError';
    this.reason = reason;
  }
}

export interface AuthMiddlewareOptions {
  auth: AuthSeam;
  /** Called when the server answers 418 (app version rejected). Default: reload the page. */
  onReload?: () => void;
  /** The fetch used to replay requests after a refresh. Default: the global fetch at call time. */
  fetch?: typeof fetch;
  /** The clock that tells an access token's expiry has passed. Default: Date.now. */
  now?: () => number;
}

/** An access token this close to its expiry is refreshed before it is sent: it would expire on the way. */
export const EXPIRY_MARGIN_MS = 5_000;

/**
 * When a JWT access token expires (ms since the epoch), read from its `exp` claim; null when it has none or is not a
 * JWT. A hint only, never trusted: the server checks every call.
 */
export function accessTokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(
      atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

function defaultReload(): void {
  if (typeof globalThis.location !== 'undefined') globalThis.location.reload();
}

interface Recovery {
  /** The access token the failed requests were sent with (null: sent without one). */
  sentWith: string | null;
  error: SessionError;
}

/**
 * The auth middleware shared by both clients:
 * - every call gets `X-App-Version`; non-public calls get `Authorization: Bearer <access>` when a token exists;
 * - a call about to leave with an access token whose `exp` has passed (a reload after a while) refreshes it first,
 *   and a call made while a refresh runs waits for it: the server sees no call the app knows it will refuse;
 * - a 401 triggers one refresh at a time (single flight); every request that got a 401 meanwhile waits for it
 *   and is replayed once with the new access token, from a clone of the request taken before its first send;
 * - a failed refresh rejects every waiting request with 'Failed to refresh token' and calls onRefreshFailed once;
 * - without a refresh token the request rejects with 'Session expired' and onSessionExpired is called once;
 * - a 418 calls onReload (once per middleware: the page is going away).
 * All state lives in this closure: one middleware per createApiClients call, no module globals.
 */
export function createAuthMiddleware(options: AuthMiddlewareOptions): Middleware {
  const { auth } = options;
  const onReload = options.onReload ?? defaultReload;
  const replayFetch: typeof fetch =
    options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;

  /** Per request id: a pristine clone (body included) and the access token it was sent with. */
  const sent = new Map<string, { clone: Request; token: string | null }>();
  let inflight: Promise<string> | null = null;
  let lastFailure: Recovery | null = null;
  let reloadRequested = false;

  function withAuth(request: Request, token: string | null): Request {
    const headers = new Headers(request.headers);
    headers.set(APP_VERSION_HEADER, APP_VERSION);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    else headers.delete('Authorization');
    return new Request(request, { headers });
  }

  function handle418(response: Response): void {
    if (response.status === 418 && !reloadRequested) {
      reloadRequested = true;
      onReload();
    }
  }

  function refreshOnce(sentWith: string | null): Promise<string> {
    if (inflight) return inflight;
    const refreshToken = auth.getRefreshToken();
    if (!refreshToken) {
      const error = new SessionError('session_expired');
      lastFailure = { sentWith, error };
      auth.onSessionExpired();
      return Promise.reject(error);
    }
    inflight = (async () => {
      try {
        let tokens: TokenPairLike;
        try {
          tokens = await auth.refresh(refreshToken);
        } catch (cause) {
          const error = new SessionError('refresh_failed', { cause });
          lastFailure = { sentWith, error };
          auth.onRefreshFailed(error);
          throw error;
        }
        lastFailure = null;
        auth.onTokens(tokens);
        return tokens.access;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  }

  return {
    async onRequest({ request, schemaPath, id }) {
      if (PUBLIC_PATHS.has(schemaPath)) return withAuth(request, null);
      let token = auth.getAccessToken();
      if (inflight) {
        // A refresh is running: this token is the one it replaces.
        token = await inflight;
      } else if (token && auth.getRefreshToken()) {
        const expiry = accessTokenExpiry(token);
        if (expiry !== null && expiry <= now() + EXPIRY_MARGIN_MS) token = await refreshOnce(token);
      }
      const prepared = withAuth(request, token);
      // Clone before the first send: fetch consumes the body, the replay needs it intact.
      sent.set(id, { clone: prepared.clone(), token });
      return prepared;
    },

    async onResponse({ response, schemaPath, id }) {
      const record = sent.get(id);
      sent.delete(id);
      handle418(response);
      if (response.status !== 401 || !record || PUBLIC_PATHS.has(schemaPath)) return response;

      const current = auth.getAccessToken();
      let token: string;
      if (current && current !== record.token) {
        // Someone refreshed after this request left: replay with the newer token, no new refresh.
        token = current;
      } else if (!inflight && lastFailure && lastFailure.sentWith === record.token) {
        // The recovery for this very token already failed: same answer, no second logout.
        throw lastFailure.error;
      } else {
        token = await refreshOnce(record.token);
      }
      const replayed = await replayFetch(withAuth(record.clone, token));
      handle418(replayed);
      return replayed;
    },

    onError({ id }) {
      sent.delete(id);
    },
  };
}
