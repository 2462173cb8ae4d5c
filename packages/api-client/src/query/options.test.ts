import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClients } from '../clients';
import { typedHttp } from '../msw/typed';
import { LIST_CATCH_UP_MS, dashboardQueryOptions } from './options';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const clients = createApiClients({
  config: { apiBaseUrl: 'http://prospecta.test', userServiceBaseUrl: 'http://prospecta.test' },
  auth: {
    getAccessToken: () => 'access-token-1',
    getRefreshToken: () => 'refresh-token-1',
    refresh: async () => ({ access: 'access-token-2', refresh: 'refresh-token-2' }),
    onTokens: () => undefined,
    onRefreshFailed: () => undefined,
    onSessionExpired: () => undefined,
  },
});

describe('list queries', () => {
  it('ask again shortly for a list served as the previous version during its rebuild, and stop once it is current', async () => {
    const states = ['previous', 'previous', 'current'];
    let calls = 0;
    server.use(
      typedHttp.get('/api/v1/users/{id}/dashboard', () => {
        const state = states[Math.min(calls, states.length - 1)]!;
        calls += 1;
        return { status: 200, body: { prospects: [] }, headers: { 'list-state': state } };
      }),
    );
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, dashboardQueryOptions(clients, 2));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(calls).toBe(3), { timeout: 10 * LIST_CATCH_UP_MS });
      // Current: not asked again.
      await new Promise((resolve) => setTimeout(resolve, 3 * LIST_CATCH_UP_MS));
      expect(calls).toBe(3);
    } finally {
      unsubscribe();
      queryClient.clear();
    }
  });
});
