import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LockManagerLike, StorageLike } from './crossTabRefresher';
import { TOKEN_STORAGE_KEYS, createCrossTabRefresher, readStoredTokens } from './crossTabRefresher';
import { sessionMachine } from './sessionMachine';
import { SESSION_CHECK_INTERVAL_MS } from '@prospecta/domain';
import type { SessionUser, TokenPair } from './sessionMachine';

const USER: SessionUser = { id: 3, is_staff: true };

/** Two tabs: one shared storage and lock, one auth server with rotating refresh tokens. */
function createBrowser() {
  const items = new Map<string, string>([[TOKEN_STORAGE_KEYS.refresh, 'r1']]);
  const storage: StorageLike = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
  let tail: Promise<unknown> = Promise.resolve();
  const lock: LockManagerLike = {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback, callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
  let valid = 'r1';
  let n = 1;
  const spent: string[] = [];
  const refreshCall = async (refresh: string): Promise<TokenPair> => {
    spent.push(refresh);
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (refresh !== valid) throw new Error('Failed to refresh token');
    n += 1;
    valid = `r${n}`;
    return { access: `a${n}`, refresh: valid };
  };
  return { storage, lock, refreshCall, spent, items };
}

function openTab(browser: ReturnType<typeof createBrowser>) {
  const refresher = createCrossTabRefresher({
    lock: browser.lock,
    storage: browser.storage,
    refreshCall: browser.refreshCall,
  });
  const machine = sessionMachine.provide({
    actors: {
      verifyToken: fromPromise(async (): Promise<unknown> => ({})),
      refreshToken: fromPromise(async ({ input }) => refresher(input.refresh)),
      fetchProfile: fromPromise(async () => USER),
      revokeToken: fromPromise(async (): Promise<unknown> => undefined),
    },
  });
  const stored = readStoredTokens(browser.storage);
  const actor = createActor(machine, {
    input: { accessToken: stored.access, refreshToken: stored.refresh },
  });
  actor.on('tokens.persist', ({ access, refresh }) => {
    browser.storage.setItem(TOKEN_STORAGE_KEYS.access, access);
    browser.storage.setItem(TOKEN_STORAGE_KEYS.refresh, refresh);
  });
  return actor.start();
}

describe('two tabs with the session machine and the cross-tab refresher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opening two tabs with only a refresh token stored spends it once; both tabs end with the same tokens', async () => {
    const browser = createBrowser();
    const tabA = openTab(browser);
    const tabB = openTab(browser);
    expect(tabA.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(tabB.getSnapshot().hasTag('refreshing')).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(browser.spent).toEqual(['r1']);
    for (const tab of [tabA, tabB]) {
      expect(tab.getSnapshot().hasTag('authenticated')).toBe(true);
      expect(tab.getSnapshot().context).toMatchObject({
        accessToken: 'a2',
        refreshToken: 'r2',
        user: USER,
      });
    }
    expect(readStoredTokens(browser.storage)).toEqual({ access: 'a2', refresh: 'r2' });
  });

  it('the periodic checks of both tabs keep working on the rotated tokens', async () => {
    const browser = createBrowser();
    const tabA = openTab(browser);
    const tabB = openTab(browser);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2);
    expect(browser.spent).toEqual(['r1']);
    expect(tabA.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(tabB.getSnapshot().hasTag('authenticated')).toBe(true);
  });
});
