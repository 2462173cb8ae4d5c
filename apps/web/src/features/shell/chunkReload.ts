/**
 * A redeploy replaces the hashed route chunks: a tab opened before it fails to load its next screen ("Failed to
 * fetch dynamically imported module"). The app then reloads once by itself, which fetches the new build; a second
 * failure on the same page within a minute shows the error page instead (no reload loop).
 */
export const CHUNK_RELOAD_KEY = 'prospecta.chunk-reload';
const LOOP_WINDOW_MS = 60_000;

/** Whether an error is a failed download of a route's code (each browser says it its own way). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Whether a chunk error calls for the reload: not if this page already reloaded for one less than a minute ago. */
export function shouldReloadForChunkError(
  error: unknown,
  storage: Pick<Storage, 'getItem'>,
  page: string,
  now: number = Date.now(),
): boolean {
  if (!isChunkLoadError(error)) return false;
  try {
    const previous = JSON.parse(storage.getItem(CHUNK_RELOAD_KEY) ?? 'null') as {
      page?: string;
      at?: number;
    } | null;
    return !(
      previous?.page === page &&
      typeof previous.at === 'number' &&
      now - previous.at < LOOP_WINDOW_MS
    );
  } catch {
    return false; // no storage: never risk a loop
  }
}

/**
 * Reloads the page for a chunk error, unless it already did for this page less than a minute ago.
 * Answers whether it reloads.
 */
export function reloadOnceForChunkError(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  page: string,
  now: number = Date.now(),
): boolean {
  if (!shouldReloadForChunkError(error, storage, page, now)) return false;
  try {
    storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ page, at: now }));
  } catch {
    return false; // no storage: never risk a loop
  }
  reload();
  return true;
}
