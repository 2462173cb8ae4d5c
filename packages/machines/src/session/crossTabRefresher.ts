/**
 * Cross-tab refresh (§4 Session): refresh tokens rotate, so two tabs must never spend
 * the same refresh token. Every refresh runs inside one named lock shared by all tabs
 * (the Web Locks API in the browser); inside it the stored tokens are read again, and
 * if another tab already rotated them, they are adopted instead of calling refresh.
 *
 * Pure: the lock and the storage are injected (the web app passes navigator.locks and
 * localStorage; tests pass an in-memory lock and storage shared by two "tabs").
 */
import type { TokenPair } from './sessionMachine';

/** Local-storage keys of the tokens (§3 client-kept preferences, prefix 'prospecta.'). */
export const TOKEN_STORAGE_KEYS = {
  access: 'prospecta.token',
  refresh: 'prospecta.refreshToken',
} as const;

export const REFRESH_LOCK_NAME = 'prospecta.token-refresh';

/** The subset of the Web Locks API used here (navigator.locks fits). */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** The subset of the Web Storage API used here (localStorage fits). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface StoredTokens {
  access: string | null;
  refresh: string | null;
}

export interface CrossTabRefresherOptions {
  /** navigator.locks, or null when the browser has no Web Locks (then only this tab is serialised). */
  lock: LockManagerLike | null;
  storage: StorageLike;
  /** The refresh call itself (POST /api/v2/auth/token/refresh). */
  refreshCall: (refreshToken: string) => Promise<TokenPair>;
  keys?: { access: string; refresh: string };
  lockName?: string;
}

export interface RefreshOutcome extends TokenPair {
  /** 'refreshed': this tab spent the token; 'adopted': another tab already had. */
  source: 'refreshed' | 'adopted';
}

/** The stored tokens vanished (another tab signed out): there is nothing left to refresh. */
export class SessionClosedElsewhereError extends Error {
  constructor() {
    super('The session was closed in another tab.');
    this.name = 'SessionClosedElsewhereError';
  }
}

export function readStoredTokens(
  storage: StorageLike,
  keys: { access: string; refresh: string } = TOKEN_STORAGE_KEYS,
): StoredTokens {
  const access = storage.getItem(keys.access);
  const refresh = storage.getItem(keys.refresh);
  return { access: access === '' ? null : access, refresh: refresh === '' ? null : refresh };
}

/** A lock for one tab only: tasks run one after the other. */
function createLocalLock(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback, callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * Returns `refresh(refreshToken)`: call it with the refresh token this tab holds.
 * It resolves with the tokens to use from now on (refreshed here or adopted from
 * another tab) and has already stored them.
 */
export function createCrossTabRefresher(options: CrossTabRefresherOptions) {
  const { storage, refreshCall } = options;
  const keys = options.keys ?? TOKEN_STORAGE_KEYS;
  const lockName = options.lockName ?? REFRESH_LOCK_NAME;
  const lock = options.lock ?? createLocalLock();

  return function refresh(refreshToken: string): Promise<RefreshOutcome> {
    if (typeof refreshToken !== 'string' || refreshToken === '') {
      return Promise.reject(
        new TypeError('createCrossTabRefresher: refresh() needs a non-empty refresh token'),
      );
    }
    return lock.request(lockName, async (): Promise<RefreshOutcome> => {
      const stored = readStoredTokens(storage, keys);
      if (stored.refresh === null) throw new SessionClosedElsewhereError();
      if (stored.refresh !== refreshToken && stored.access !== null) {
        // Another tab rotated the tokens while we waited: ours is spent, adopt theirs.
        return { access: stored.access, refresh: stored.refresh, source: 'adopted' };
      }
      // Spend the token currently stored (ours, or a newer one without an access token).
      const tokens = await refreshCall(stored.refresh);
      storage.setItem(keys.access, tokens.access);
      storage.setItem(keys.refresh, tokens.refresh);
      return { access: tokens.access, refresh: tokens.refresh, source: 'refreshed' };
    });
  };
}
