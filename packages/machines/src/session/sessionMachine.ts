/**
 * The session lifecycle (§4 Session): no token, checking, authenticated (verified
 * every 5 minutes), refreshing ('Refreshing session...'), signing out, signed out.
 *
 * Every network call is an injected actor (verifyToken, refreshToken, fetchProfile,
 * revokeToken) and every browser side effect is a named action whose default
 * implementation emits an event (persistTokens → 'tokens.persist', ...). The app
 * either provides the actions with `sessionMachine.provide({ actions })` or listens
 * with `actor.on(type, handler)`.
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { SESSION_CHECK_INTERVAL_MS } from '@prospecta/domain';

/** Sign-out never waits longer than this for the revoke call. */
export const SIGN_OUT_REVOKE_TIMEOUT_MS = 5000;

/** The fields the session itself relies on; the app stores its full user object. */
export interface SessionUser {
  id: number;
  is_staff: boolean;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

/** Why the session ended: lets the app choose its message ('Session expired', 'Failed to refresh token'). */
export type SessionEndReason =
  'signedOut' | 'signedOutElsewhere' | 'expired' | 'checkFailed' | 'refreshFailed';

export interface SessionContext {
  accessToken: string | null;
  refreshToken: string | null;
  user: SessionUser | null;
  endReason: SessionEndReason | null;
  /** Message of the last failed call (refresh, profile), for logs and the UI. */
  error: string | null;
}

export interface SessionInput {
  accessToken?: string | null;
  refreshToken?: string | null;
  user?: SessionUser | null;
}

export type SessionEvent =
  | { type: 'session.loggedIn'; access: string; refresh: string; user: SessionUser }
  /** The api-client middleware (or another caller) obtained new tokens. */
  | { type: 'session.tokensRefreshed'; access: string; refresh: string }
  /** The api-client middleware started a refresh on a 401: show 'Refreshing session...'. */
  | { type: 'session.refreshStarted' }
  | { type: 'session.refreshFailed'; error?: string }
  /** 401 without a refresh token: the client logs out with 'Session expired'. */
  | { type: 'session.expired' }
  | { type: 'session.signOut' }
  /** Another tab changed the stored tokens (the 'storage' event). */
  | { type: 'storage.tokensChanged'; access: string | null; refresh: string | null }
  | { type: 'profile.retry' };

export type SessionEmitted =
  | { type: 'tokens.persist'; access: string; refresh: string }
  | { type: 'tokens.clear' }
  | { type: 'queryCache.clear' }
  | { type: 'selection.clear' }
  | { type: 'modals.close' };

export interface VerifyTokenInput {
  token: string;
}
export interface RefreshTokenInput {
  refresh: string;
}
export interface FetchProfileInput {
  accessToken: string;
}
export interface RevokeTokenInput {
  refresh: string;
}

function missingActor(name: string): never {
  throw new Error(
    `sessionMachine: the "${name}" actor was not provided (use sessionMachine.provide({ actors }))`,
  );
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'detail' in error && typeof error.detail === 'string') {
    return error.detail;
  }
  return 'Unknown error';
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
    tags: {} as 'pending' | 'anonymous' | 'authenticated' | 'refreshing' | 'signingOut',
  },
  actors: {
    /** POST /api/v2/auth/token/verify; rejects when the token is not valid. */
    verifyToken: fromPromise<unknown, VerifyTokenInput>(async () => missingActor('verifyToken')),
    /** POST /api/v2/auth/token/refresh (through createCrossTabRefresher in the app). */
    refreshToken: fromPromise<TokenPair, RefreshTokenInput>(async () =>
      missingActor('refreshToken'),
    ),
    /** GET /api/users/user. */
    fetchProfile: fromPromise<SessionUser, FetchProfileInput>(async () =>
      missingActor('fetchProfile'),
    ),
    /** POST /api/v2/auth/token/revoke; its outcome does not block the sign-out. */
    revokeToken: fromPromise<unknown, RevokeTokenInput>(async () => missingActor('revokeToken')),
  },
  delays: {
    verifyInterval: SESSION_CHECK_INTERVAL_MS,
    revokeTimeout: SIGN_OUT_REVOKE_TIMEOUT_MS,
  },
  guards: {
    hasAccessToken: ({ context }) => context.accessToken !== null,
    hasRefreshToken: ({ context }) => context.refreshToken !== null,
    hasUser: ({ context }) => context.user !== null,
    storageCleared: ({ event }) => {
      assertEvent(event, 'storage.tokensChanged');
      return event.access === null && event.refresh === null;
    },
    storageHasAccess: ({ event }) => {
      assertEvent(event, 'storage.tokensChanged');
      return event.access !== null;
    },
    storageHasOnlyRefresh: ({ event }) => {
      assertEvent(event, 'storage.tokensChanged');
      return event.access === null && event.refresh !== null;
    },
  },
  actions: {
    storeLogin: assign(({ event }) => {
      assertEvent(event, 'session.loggedIn');
      return {
        accessToken: event.access,
        refreshToken: event.refresh,
        user: event.user,
        endReason: null,
        error: null,
      };
    }),
    storeTokens: assign((_, tokens: TokenPair) => ({
      accessToken: tokens.access,
      refreshToken: tokens.refresh,
      endReason: null,
      error: null,
    })),
    adoptStoredTokens: assign(({ event }) => {
      assertEvent(event, 'storage.tokensChanged');
      return {
        accessToken: event.access,
        refreshToken: event.refresh,
        endReason: null,
        error: null,
      };
    }),
    storeUser: assign((_, user: SessionUser) => ({ user })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    clearSession: assign((_, params: { reason: SessionEndReason }) => ({
      accessToken: null,
      refreshToken: null,
      user: null,
      endReason: params.reason,
    })),
    persistTokens: emit(({ context }) => ({
      type: 'tokens.persist' as const,
      access: context.accessToken ?? '',
      refresh: context.refreshToken ?? '',
    })),
    clearPersistedTokens: emit({ type: 'tokens.clear' as const }),
    clearQueryCache: emit({ type: 'queryCache.clear' as const }),
    clearSelection: emit({ type: 'selection.clear' as const }),
    closeModals: emit({ type: 'modals.close' as const }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    accessToken: input?.accessToken ?? null,
    refreshToken: input?.refreshToken ?? null,
    user: input?.user ?? null,
    endReason: null,
    error: null,
  }),
  initial: 'boot',
  states: {
    /** Decides from the stored tokens (input): access → check it, refresh only → refresh, none → no token. */
    boot: {
      tags: 'pending',
      always: [
        { guard: 'hasAccessToken', target: 'checking' },
        { guard: 'hasRefreshToken', target: 'refreshing' },
        { target: 'noToken' },
      ],
    },
    noToken: {
      tags: 'anonymous',
      on: {
        'session.loggedIn': { target: 'authenticated', actions: ['storeLogin', 'persistTokens'] },
        'storage.tokensChanged': [
          { guard: 'storageHasAccess', target: 'checking', actions: 'adoptStoredTokens' },
          { guard: 'storageHasOnlyRefresh', target: 'refreshing', actions: 'adoptStoredTokens' },
        ],
      },
    },
    /** First verification of a stored access token (start-up, or tokens adopted from another tab). */
    checking: {
      tags: 'pending',
      invoke: {
        id: 'verifyToken',
        src: 'verifyToken',
        input: ({ context }) => ({ token: context.accessToken ?? '' }),
        onDone: { target: 'authenticated' },
        onError: [
          { guard: 'hasRefreshToken', target: 'refreshing' },
          {
            target: 'signedOut',
            actions: [
              { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
              { type: 'clearSession', params: { reason: 'checkFailed' } },
            ],
          },
        ],
      },
      on: {
        'storage.tokensChanged': [
          {
            guard: 'storageCleared',
            target: '#session.signedOut',
            actions: [{ type: 'clearSession', params: { reason: 'signedOutElsewhere' } }],
          },
          {
            guard: 'storageHasAccess',
            target: 'checking',
            reenter: true,
            actions: 'adoptStoredTokens',
          },
          { guard: 'storageHasOnlyRefresh', target: 'refreshing', actions: 'adoptStoredTokens' },
        ],
        'session.expired': {
          target: 'signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'expired' } }],
        },
        // The api-client middleware may refresh while the first check runs.
        'session.refreshStarted': { target: '#session.refreshing.external' },
        'session.tokensRefreshed': {
          target: 'authenticated',
          actions: [
            {
              type: 'storeTokens',
              params: ({ event }) => ({ access: event.access, refresh: event.refresh }),
            },
            'persistTokens',
          ],
        },
        'session.refreshFailed': {
          target: 'signedOut',
          actions: [
            {
              type: 'storeError',
              params: ({ event }) => ({ error: event.error ?? 'Failed to refresh token' }),
            },
            { type: 'clearSession', params: { reason: 'refreshFailed' } },
          ],
        },
      },
    },
    authenticated: {
      tags: 'authenticated',
      type: 'parallel',
      on: {
        'session.tokensRefreshed': {
          actions: [
            {
              type: 'storeTokens',
              params: ({ event }) => ({ access: event.access, refresh: event.refresh }),
            },
            'persistTokens',
          ],
        },
        'session.refreshStarted': { target: '#session.refreshing.external' },
        'session.refreshFailed': {
          target: 'signedOut',
          actions: [
            {
              type: 'storeError',
              params: ({ event }) => ({ error: event.error ?? 'Failed to refresh token' }),
            },
            { type: 'clearSession', params: { reason: 'refreshFailed' } },
          ],
        },
        'session.expired': {
          target: 'signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'expired' } }],
        },
        'session.signOut': { target: 'signingOut' },
        'storage.tokensChanged': [
          {
            guard: 'storageCleared',
            target: '#session.signedOut',
            actions: [{ type: 'clearSession', params: { reason: 'signedOutElsewhere' } }],
          },
          { guard: 'storageHasAccess', actions: 'adoptStoredTokens' },
          { guard: 'storageHasOnlyRefresh', target: 'refreshing', actions: 'adoptStoredTokens' },
        ],
      },
      states: {
        /** Verifies the access token every 5 minutes; without one, refreshes. */
        verification: {
          initial: 'idle',
          states: {
            idle: {
              after: {
                verifyInterval: [
                  { guard: 'hasAccessToken', target: 'verifying' },
                  { target: '#session.refreshing' },
                ],
              },
            },
            verifying: {
              invoke: {
                id: 'verifyToken',
                src: 'verifyToken',
                input: ({ context }) => ({ token: context.accessToken ?? '' }),
                onDone: { target: 'idle' },
                onError: [
                  { guard: 'hasRefreshToken', target: '#session.refreshing' },
                  {
                    target: '#session.signedOut',
                    actions: [
                      { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                      { type: 'clearSession', params: { reason: 'checkFailed' } },
                    ],
                  },
                ],
              },
            },
          },
        },
        /** §4: the profile is fetched once a token exists and no user is loaded. */
        profile: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'hasUser', target: 'loaded' }, { target: 'loading' }],
            },
            loading: {
              invoke: {
                id: 'fetchProfile',
                src: 'fetchProfile',
                input: ({ context }) => ({ accessToken: context.accessToken ?? '' }),
                onDone: {
                  target: 'loaded',
                  actions: { type: 'storeUser', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            loaded: {},
            failed: {
              on: { 'profile.retry': { target: 'loading' } },
            },
          },
        },
      },
    },
    refreshing: {
      tags: 'refreshing',
      initial: 'running',
      on: {
        // New tokens from another tab while refreshing: the cross-tab refresher adopts them.
        'storage.tokensChanged': {
          guard: 'storageCleared',
          target: '#session.signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'signedOutElsewhere' } }],
        },
        'session.expired': {
          target: 'signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'expired' } }],
        },
        'session.refreshFailed': {
          target: 'signedOut',
          actions: [
            {
              type: 'storeError',
              params: ({ event }) => ({ error: event.error ?? 'Failed to refresh token' }),
            },
            { type: 'clearSession', params: { reason: 'refreshFailed' } },
          ],
        },
        'session.tokensRefreshed': {
          target: 'authenticated',
          actions: [
            {
              type: 'storeTokens',
              params: ({ event }) => ({ access: event.access, refresh: event.refresh }),
            },
            'persistTokens',
          ],
        },
      },
      states: {
        /** The machine spends the refresh token itself (start-up, periodic check, failed check). */
        running: {
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ refresh: context.refreshToken ?? '' }),
            onDone: {
              target: '#session.authenticated',
              actions: [
                { type: 'storeTokens', params: ({ event }) => event.output },
                'persistTokens',
              ],
            },
            onError: {
              target: '#session.signedOut',
              actions: [
                { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                { type: 'clearSession', params: { reason: 'refreshFailed' } },
              ],
            },
          },
        },
        /** The api-client middleware is refreshing (401): wait for its outcome events. */
        external: {},
      },
    },
    signingOut: {
      tags: 'signingOut',
      on: {
        'storage.tokensChanged': {
          guard: 'storageCleared',
          target: '#session.signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'signedOutElsewhere' } }],
        },
      },
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ refresh: context.refreshToken ?? '' }),
        onDone: {
          target: 'signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'signedOut' } }],
        },
        onError: {
          target: 'signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'signedOut' } }],
        },
      },
      after: {
        revokeTimeout: {
          target: 'signedOut',
          actions: [{ type: 'clearSession', params: { reason: 'signedOut' } }],
        },
      },
    },
    /** The session was cleared: tokens removed, cache and selection cleared, modals closed. */
    signedOut: {
      tags: 'anonymous',
      entry: ['clearPersistedTokens', 'clearQueryCache', 'clearSelection', 'closeModals'],
      on: {
        'session.loggedIn': { target: 'authenticated', actions: ['storeLogin', 'persistTokens'] },
        'storage.tokensChanged': [
          { guard: 'storageHasAccess', target: 'checking', actions: 'adoptStoredTokens' },
          { guard: 'storageHasOnlyRefresh', target: 'refreshing', actions: 'adoptStoredTokens' },
        ],
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
