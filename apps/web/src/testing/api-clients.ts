import { createApiClients, type ApiClients } from '@prospecta/api-client';

const TEST_ACCESS_TOKEN = 'test-access-token';
const TEST_REFRESH_TOKEN = 'test-refresh-token';

/**
 * API clients for stories and unit tests: same origin (MSW handlers answer), a fixed bearer token,
 * no reload on 418 (the story would vanish).
 */
export function createTestApiClients(): ApiClients {
  const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin;
  return createApiClients({
    config: { apiBaseUrl: origin, userServiceBaseUrl: origin },
    auth: {
      getAccessToken: () => TEST_ACCESS_TOKEN,
      getRefreshToken: () => TEST_REFRESH_TOKEN,
      refresh: async () => ({ access: TEST_ACCESS_TOKEN, refresh: TEST_REFRESH_TOKEN }),
      onTokens: () => undefined,
      onRefreshFailed: () => undefined,
      onSessionExpired: () => undefined,
    },
    onReload: () => undefined,
  });
}
