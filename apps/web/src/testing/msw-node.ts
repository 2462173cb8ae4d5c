/// <reference types="node" />
import { setupServer } from 'msw/node';
import { canUserSet } from '@prospecta/domain';
import { createScenarioHandlers } from '@prospecta/api-client/msw';
import { createScenario } from '@prospecta/api-client/fixtures';

/** An MSW server over the api-client's stateful fixture scenario, for unit tests in jsdom. */
export function createTestServer() {
  const scenario = createScenarioHandlers(createScenario(), { canUserSet });
  return { server: setupServer(...scenario.handlers), state: scenario.state };
}
