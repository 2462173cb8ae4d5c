import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import {
  ApiError,
  createApiClients,
  requestTokenRefresh,
  unwrap,
  type ApiClients,
  type AuthSeam,
  type User,
} from '@prospecta/api-client';
import {
  createCrossTabRefresher,
  readStoredTokens,
  sessionMachine,
  TOKEN_STORAGE_KEYS,
  type FetchProfileInput,
  type LockManagerLike,
  type RefreshTokenInput,
  type RevokeTokenInput,
  type SessionUser as MachineUser,
  type TokenPair,
  type VerifyTokenInput,
} from '@prospecta/machines';
import type { RuntimeConfig } from '@prospecta/api-client';
import type { Preferences } from '../preferences';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * A session check already under way for the stored access token when the app starts (the production build's early
 * script, app/start/early.ts): whether the server accepted the token, and the profile's answer (null: failed).
 */
export interface EarlySessionCheck {
  verified: Promise<boolean>;
  profile: Promise<unknown>;
}

export interface SessionControllerOptions {
  config: Pick<RuntimeConfig, 'apiBaseUrl' | 'userServiceBaseUrl'>;
  /** localStorage in the app. */
  storage: Storage;
  /** navigator.locks in the app (null: no Web Locks, only this tab is serialised). */
  locks: LockManagerLike | null;
  /** Receives the `storage` events of other tabs (window in the app). */
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> | null;
  /** Empties the query cache (at sign-out). */
  clearQueryCache: () => void;
  preferences: Preferences;
  onReload?: () => void;
  /** A failed check or refresh (and a sign-out) closes every open modal. */
  onCloseModals?: () => void;
  fetch?: typeof fetch;
  /**
   * The early session check for the stored access token, if one was made: the first check and profile take its
   * answers instead of asking again (a failed or refused early call is made again through the clients).
   */
  takeEarlySession?: (token: string) => EarlySessionCheck | null;
  /** Delay before reading the stored tokens after a `storage` event (both keys change one after the other). */
  storageSettleMs?: number;
}

export interface SessionController {
  actor: SessionActor;
  clients: ApiClients;
  /** Stops the actor and the listeners. */
  dispose(): void;
}

/**
 * Wires the session machine (§4) to the api-client AuthSeam, the cross-tab refresher (Web Locks + localStorage)
 * and the `storage` event of other tabs. Side effects of the machine: tokens persisted or cleared in local storage,
 * query cache and selected user cleared on sign-out.
 */
export function createSessionController(options: SessionControllerOptions): SessionController {
  const { storage, clearQueryCache, preferences } = options;
  // The closures below use `clients` and `actor`, declared further down: they only run once requests do.
  const refresher = createCrossTabRefresher({
    lock: options.locks,
    storage,
    refreshCall: (refreshToken) => requestTokenRefresh(clients.api, refreshToken),
  });

  const auth: AuthSeam = {
    getAccessToken: () => actor.getSnapshot().context.accessToken,
    getRefreshToken: () => actor.getSnapshot().context.refreshToken,
    async refresh(refreshToken) {
      actor.send({ type: 'session.refreshStarted' });
      const { access, refresh } = await refresher(refreshToken);
      return { access, refresh };
    },
    onTokens: (tokens) =>
      actor.send({
        type: 'session.tokensRefreshed',
        access: tokens.access,
        refresh: tokens.refresh,
      }),
    onRefreshFailed: (error) => actor.send({ type: 'session.refreshFailed', error: error.message }),
    onSessionExpired: () => actor.send({ type: 'session.expired' }),
  };

  const clients: ApiClients = createApiClients({
    config: options.config,
    auth,
    ...(options.onReload ? { onReload: options.onReload } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const machine = sessionMachine.provide({
    actors: {
      verifyToken: fromPromise<unknown, VerifyTokenInput>(async ({ input }) => {
        const early = takeEarly('verified', input.token);
        if (early && (await early)) return true;
        const { response, error } = await clients.api.POST('/api/v2/auth/token/verify', {
          body: { token: input.token },
        });
        if (!response.ok) throw new ApiError(response.status, error);
        return true;
      }),
      refreshToken: fromPromise<TokenPair, RefreshTokenInput>(async ({ input }) => {
        const { access, refresh } = await refresher(input.refresh);
        return { access, refresh };
      }),
      fetchProfile: fromPromise<MachineUser, FetchProfileInput>(
        async ({ input }): Promise<User> => {
          const early = takeEarly('profile', input.accessToken);
          const answer = early ? await early : null;
          // The same call's body as the client's below (GET /api/users/user with this token).
          if (answer) return answer as User;
          return unwrap(await clients.users.GET('/api/users/user'));
        },
      ),
      revokeToken: fromPromise<unknown, RevokeTokenInput>(async ({ input }) => {
        const { response } = await clients.api.POST('/api/v2/auth/token/revoke', {
          body: { refresh: input.refresh },
        });
        return response.status;
      }),
    },
  });

  const stored = readStoredTokens(storage);
  // Each early answer is taken once, and only for the token it was asked with.
  const early =
    stored.access && options.takeEarlySession ? options.takeEarlySession(stored.access) : null;
  const earlyLeft = { verified: early?.verified ?? null, profile: early?.profile ?? null };
  function takeEarly<K extends keyof EarlySessionCheck>(
    kind: K,
    token: string,
  ): EarlySessionCheck[K] | null {
    const pending = earlyLeft[kind];
    earlyLeft[kind] = null;
    return pending && token === stored.access ? (pending as EarlySessionCheck[K]) : null;
  }
  const actor: SessionActor = createActor(machine, {
    input: { accessToken: stored.access, refreshToken: stored.refresh },
  });

  const subscriptions = [
    actor.on('tokens.persist', ({ access, refresh }) => {
      if (!access || !refresh) return;
      storage.setItem(TOKEN_STORAGE_KEYS.access, access);
      storage.setItem(TOKEN_STORAGE_KEYS.refresh, refresh);
    }),
    actor.on('tokens.clear', () => {
      storage.removeItem(TOKEN_STORAGE_KEYS.access);
      storage.removeItem(TOKEN_STORAGE_KEYS.refresh);
    }),
    actor.on('queryCache.clear', () => clearQueryCache()),
    actor.on('selection.clear', () => preferences.remove('selectedUser')),
    actor.on('modals.close', () => options.onCloseModals?.()),
  ];

  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key !== null && key !== TOKEN_STORAGE_KEYS.access && key !== TOKEN_STORAGE_KEYS.refresh)
      return;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => {
      const tokens = readStoredTokens(storage);
      const context = actor.getSnapshot().context;
      if (tokens.access === context.accessToken && tokens.refresh === context.refreshToken) return;
      actor.send({ type: 'storage.tokensChanged', access: tokens.access, refresh: tokens.refresh });
    }, options.storageSettleMs ?? 30);
  };
  options.events?.addEventListener('storage', onStorage);

  actor.start();

  return {
    actor,
    clients,
    dispose() {
      clearTimeout(settleTimer);
      options.events?.removeEventListener('storage', onStorage);
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      actor.stop();
    },
  };
}
