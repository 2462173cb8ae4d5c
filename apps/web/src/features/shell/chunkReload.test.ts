import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnceForChunkError } from './chunkReload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('a route chunk that fails to load after a redeploy', () => {
  it('recognises the browsers’ chunk errors and nothing else', () => {
    expect(
      isChunkLoadError(
        new TypeError(
          'Failed to fetch dynamically imported module: https://x/assets/DashboardPage-abc.js',
        ),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, then shows the error if the same page fails again within a minute', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const error = new TypeError('Failed to fetch dynamically imported module');
    expect(reloadOnceForChunkError(error, storage, reload, '/users/2/dashboard', 1_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? '{}')).toEqual({
      page: '/users/2/dashboard',
      at: 1_000,
    });
    expect(reloadOnceForChunkError(error, storage, reload, '/users/2/dashboard', 30_000)).toBe(
      false,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    // Another page, or the same one later, may reload again.
    expect(reloadOnceForChunkError(error, storage, reload, '/users/2/inbox', 31_000)).toBe(true);
    expect(reloadOnceForChunkError(error, storage, reload, '/users/2/inbox', 200_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('never reloads for other errors', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(new Error('boom'), memoryStorage(), reload, '/', 0)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
