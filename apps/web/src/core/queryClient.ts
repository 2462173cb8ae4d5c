import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@prospecta/api-client';

/** Attempts after the first for an error that may pass (network, 5xx, 408, 429). */
const MAX_RETRIES = 2;

/**
 * Whether a failed query is tried again: an answer the server gave on purpose (4xx: missing,
 * forbidden, invalid) is final and shows at once; a network failure, a timeout, 429 or a 5xx may pass, twice.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  )
    return false;
  return failures < MAX_RETRIES;
}

/** The app's one query client: data fresh for 30 s, the retry rule above. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: shouldRetry } },
  });
}
