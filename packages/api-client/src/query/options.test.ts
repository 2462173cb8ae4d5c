import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { testClients, testServer } from '../testing/clients';
import { typedHttp } from '../msw/typed';
import { LIST_CATCH_UP_MS, dashboardQueryOptions } from './options';

const server = testServer();
const clients = testClients();

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
