/**
 * Test helpers, not exported from the package: the API clients of a signed-in user whose tokens never change, and an
 * MSW server for one test file (listening before its tests, its handlers forgotten after each, closed after all).
 */
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createApiClients, type ApiClients } from '../clients';

export const TEST_BASE_URL = 'http://prospecta.test';

export function testClients(): ApiClients {
  return createApiClients({
    config: { apiBaseUrl: TEST_BASE_URL, userServiceBaseUrl: TEST_BASE_URL },
    auth: {
      getAccessToken: () => 'access-token-1',
      getRefreshToken: () => 'refresh-token-1',
      refresh: async () => ({ access: 'access-token-2', refresh: 'refresh-token-2' }),
      onTokens: () => undefined,
      onRefreshFailed: () => undefined,
      onSessionExpired: () => undefined,
    },
  });
}

export function testServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
