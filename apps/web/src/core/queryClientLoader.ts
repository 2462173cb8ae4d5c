import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query client, created when the signed-in area first needs it: TanStack Query's code then
 * downloads with that area's, never on the sign-in page, whose forms make plain calls (features/auth).
 */
export interface QueryClientLoader {
  /** The client, once created. */
  current(): QueryClient | null;
  /** Creates the client on the first call (its code loads then); after that the same promise, or a new try after a failure. */
  load(): Promise<QueryClient>;
}

export function createQueryClientLoader(create: () => Promise<QueryClient>): QueryClientLoader {
  let client: QueryClient | null = null;
  let loading: Promise<QueryClient> | null = null;
  return {
    current: () => client,
    load: () =>
      (loading ??= create().then(
        (created) => {
          client = created;
          return created;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
  };
}
