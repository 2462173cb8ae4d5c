/// <reference types="node" />
import { setupServer } from 'msw/node';
import { fixtureHandlers } from '@prospecta/api-client/msw';

/**
 * An MSW server answering the fixture scenario's reads, for unit tests in jsdom. A test that changes something adds
 * the answer it expects with `server.use(mockOperation(…))`.
 */
export function createTestServer() {
  return setupServer(...fixtureHandlers());
}
