import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClients } from '../clients';
import { createScenario } from '../fixtures/scenario';
import { campaignBuilderHandlers } from './campaignBuilderHandlers';
import { fixtureHandlers } from './fixtureHandlers';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup() {
  const state = createScenario();
  let next = 100_000;
  server.use(...campaignBuilderHandlers(state, { next: () => next++ }), ...fixtureHandlers(state));
  const clients = createApiClients({
    config: {
      apiBaseUrl: 'http://prospecta.test',
      userServiceBaseUrl: 'http://users.prospecta.test',
    },
    auth: {
      getAccessToken: () => 'access-token-1',
      getRefreshToken: () => 'refresh-token-1',
      refresh: async () => ({ access: 'access-token-2', refresh: 'refresh-token-2' }),
      onTokens: () => undefined,
      onRefreshFailed: () => undefined,
      onSessionExpired: () => undefined,
    },
  });
  return { clients };
}

describe('campaign builder handlers', () => {
  it('create a draft with the draft sequence, refuse its launch without prospects, then delete it', async () => {
    const { clients } = setup();
    const created = await clients.api.POST('/api/v1/users/{id}/campaign-drafts', {
      params: { path: { id: 2 } },
      body: { name: 'Hiver', language: 'en' },
    });
    expect(created.response.status).toBe(201);
    const id = created.data!.id;
    expect(created.data!.steps.map((s) => s.type)).toEqual([
      'email',
      'linkedin_invitation',
      'email',
      'email',
    ]);
    const drafts = await clients.api.GET('/api/v1/users/{id}/campaign-drafts', {
      params: { path: { id: 2 } },
    });
    expect(drafts.data!.drafts.map((d) => d.id)).toContain(id);
    const launch = await clients.api.POST('/api/v1/campaigns/{id}/lifecycle', {
      params: { path: { id } },
      body: { action: 'launch' },
    });
    expect(launch.response.status).toBe(422);
    expect(launch.error).toMatchObject({ code: 'campaign_has_problems' });
    const removed = await clients.api.DELETE('/api/v1/campaigns/{id}', {
      params: { path: { id } },
    });
    expect(removed.response.status).toBe(204);
  });
});
