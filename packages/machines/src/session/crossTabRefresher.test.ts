import { describe, expect, it } from 'vitest';
import type { TokenPair } from './sessionMachine';
import type { LockManagerLike, StorageLike } from './crossTabRefresher';
import {
  SessionClosedElsewhereError,
  TOKEN_STORAGE_KEYS,
  createCrossTabRefresher,
} from './crossTabRefresher';

/** One storage and one lock shared by every simulated tab, like localStorage and navigator.locks. */
function createBrowser(initial: { access: string; refresh: string } | null) {
  const items = new Map<string, string>();
  if (initial) {
    items.set(TOKEN_STORAGE_KEYS.access, initial.access);
    items.set(TOKEN_STORAGE_KEYS.refresh, initial.refresh);
  }
  const storage: StorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
  const queues = new Map<string, Promise<unknown>>();
  const requested: string[] = [];
  const lock: LockManagerLike = {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requested.push(name);
      const previous = queues.get(name) ?? Promise.resolve();
      const run = previous.then(callback, callback);
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
  return { storage, lock, items, requested };
}

/** A fake auth server with rotating refresh tokens: a spent token is refused. */
function createServer() {
  let counter = 1;
  let valid = 'r1';
  const spent: string[] = [];
  const refreshCall = async (refresh: string): Promise<TokenPair> => {
    spent.push(refresh);
    await Promise.resolve();
    if (refresh !== valid) throw new Error('Failed to refresh token');
    counter += 1;
    valid = `r${counter}`;
    return { access: `a${counter}`, refresh: valid };
  };
  return { refreshCall, spent };
}

describe('createCrossTabRefresher', () => {
  it('two tabs refreshing at once spend the refresh token only once; the second adopts the result', async () => {
    const browser = createBrowser({ access: 'a1', refresh: 'r1' });
    const server = createServer();
    const tabA = createCrossTabRefresher({
      lock: browser.lock,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });
    const tabB = createCrossTabRefresher({
      lock: browser.lock,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });

    const [a, b] = await Promise.all([tabA('r1'), tabB('r1')]);

    expect(server.spent).toEqual(['r1']);
    expect(a).toEqual({ access: 'a2', refresh: 'r2', source: 'refreshed' });
    expect(b).toEqual({ access: 'a2', refresh: 'r2', source: 'adopted' });
    expect(browser.items.get(TOKEN_STORAGE_KEYS.refresh)).toBe('r2');
    expect(browser.requested).toEqual(['prospecta.token-refresh', 'prospecta.token-refresh']);
  });

  it('without the lock the same scenario would spend the token twice (the test can fail)', async () => {
    const browser = createBrowser({ access: 'a1', refresh: 'r1' });
    const server = createServer();
    const noLock: LockManagerLike = { request: (_name, callback) => callback() };
    const tabA = createCrossTabRefresher({
      lock: noLock,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });
    const tabB = createCrossTabRefresher({
      lock: noLock,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });
    const results = await Promise.allSettled([tabA('r1'), tabB('r1')]);
    expect(server.spent).toEqual(['r1', 'r1']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
  });

  it('a later refresh after adoption spends the newest token', async () => {
    const browser = createBrowser({ access: 'a1', refresh: 'r1' });
    const server = createServer();
    const tab = createCrossTabRefresher({
      lock: browser.lock,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });
    const first = await tab('r1');
    const second = await tab(first.refresh);
    expect(server.spent).toEqual(['r1', 'r2']);
    expect(second).toEqual({ access: 'a3', refresh: 'r3', source: 'refreshed' });
  });

  it('refuses when another tab removed the tokens (signed out)', async () => {
    const browser = createBrowser(null);
    const server = createServer();
    const tab = createCrossTabRefresher({
      lock: browser.lock,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });
    await expect(tab('r1')).rejects.toBeInstanceOf(SessionClosedElsewhereError);
    expect(server.spent).toEqual([]);
  });

  it('spends the stored refresh token when another tab left a newer one without an access token', async () => {
    const browser = createBrowser(null);
    browser.items.set(TOKEN_STORAGE_KEYS.refresh, 'r1');
    const server = createServer();
    const tab = createCrossTabRefresher({
      lock: browser.lock,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });
    await expect(tab('r0')).resolves.toEqual({ access: 'a2', refresh: 'r2', source: 'refreshed' });
    expect(server.spent).toEqual(['r1']);
  });

  it('a failed refresh leaves the storage alone and lets the next caller in', async () => {
    const browser = createBrowser({ access: 'a1', refresh: 'r1' });
    let fail = true;
    const refreshCall = async (): Promise<TokenPair> => {
      if (fail) throw new Error('Failed to refresh token');
      return { access: 'a2', refresh: 'r2' };
    };
    const tab = createCrossTabRefresher({
      lock: browser.lock,
      storage: browser.storage,
      refreshCall,
    });
    await expect(tab('r1')).rejects.toThrow('Failed to refresh token');
    expect(browser.items.get(TOKEN_STORAGE_KEYS.refresh)).toBe('r1');
    fail = false;
    await expect(tab('r1')).resolves.toMatchObject({ source: 'refreshed' });
  });

  it('serialises the calls of one tab when no Web Locks API exists (lock: null)', async () => {
    const browser = createBrowser({ access: 'a1', refresh: 'r1' });
    const server = createServer();
    const tab = createCrossTabRefresher({
      lock: null,
      storage: browser.storage,
      refreshCall: server.refreshCall,
    });
    const results = await Promise.all([tab('r1'), tab('r1'), tab('r1')]);
    expect(server.spent).toEqual(['r1']);
    expect(results.map((r) => r.source)).toEqual(['refreshed', 'adopted', 'adopted']);
  });

  it('rejects an empty refresh token with a clear error', async () => {
    const browser = createBrowser({ access: 'a1', refresh: 'r1' });
    const tab = createCrossTabRefresher({
      lock: browser.lock,
      storage: browser.storage,
      refreshCall: createServer().refreshCall,
    });
    await expect(tab('')).rejects.toThrow('needs a non-empty refresh token');
  });
});
