import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWebhook, makeWebhookDelivery } from '../fixtures/factories';
import { createScenario } from '../fixtures/scenario';
import { assertMatchesResponse, contractOperations } from '../testing/contract';
import { fixtureHandlers } from './fixtureHandlers';

const scenario = createScenario();
// A webhook of the customer with one attempt in its log: the scenario has none unless a story adds them.
const webhook = makeWebhook(1, { user_id: scenario.customer.id });
scenario.webhooks.push(webhook);
scenario.webhookDeliveries[webhook.id] = [makeWebhookDelivery(1)];
const server = setupServer(...fixtureHandlers(scenario));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const prospect = scenario.prospects.find((p) => p.comments.length > 0) ?? scenario.prospects[0]!;
/** A value for each path parameter the reads take. */
const PARAMS: Record<string, string> = {
  id: String(prospect.id),
};
const paramsFor = (path: string) =>
  path.startsWith('/api/v2/campaigns/') || path.startsWith('/api/v1/campaigns/')
    ? { id: String(scenario.campaigns[0]!.id), figure: 'contacted' }
    : path.includes('/users/')
      ? { id: String(scenario.customer.id) }
      : path.startsWith('/api/dev/caught-mails/')
        ? { id: String(scenario.caughtMails[0]!.id) }
        : path.startsWith('/api/v1/webhooks/')
          ? { id: String(webhook.id) }
          : PARAMS;

async function get(path: string, query = '') {
  const params = paramsFor(path);
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '0');
  const response = await fetch(`http://prospecta.test${url}${query}`);
  return { status: response.status, body: await response.json() };
}

/** The prospect imports' reads: no screen reads them through these handlers yet. */
const IMPORT_READS = [
  '/api/v1/campaigns/{id}/imports',
  '/api/v1/imports/{importId}',
  '/api/v1/imports/{importId}/report',
];

/** The live event stream: answered 204 (no live events under the test doubles), checked below. */
const LIVE_STREAM = '/api/v1/live';

describe('fixture handlers', () => {
  const reads = contractOperations().filter(
    (o) => o.method === 'get' && !o.path.endsWith('/export') && !o.path.endsWith('/sync'),
  );
  const answered = ['/api/users/user', '/api/v1/users/{id}/dashboard', '/api/v2/prospects/{id}'];

  it('answer the app’s reads (not the downloads, the refresh or the sign-in pages) with the contract’s answers', async () => {
    const unanswered: string[] = [];
    for (const { path } of reads) {
      // The sign-in pages are browser navigations, and so are the campaign mails' links (outside the app: the
      // prospects' mail clients open them); the imports' (a screen in progress) get their handlers with their stories.
      if (
        path.includes('/integrations/email/{provider}/') ||
        path.startsWith('/m/') ||
        IMPORT_READS.includes(path) ||
        path === LIVE_STREAM
      )
        continue;
      let result: { status: number; body: unknown };
      try {
        result = await get(path);
      } catch {
        unanswered.push(path);
        continue;
      }
      expect(result.status, path).toBe(200);
      expect(() => assertMatchesResponse(path, 'get', 200, result.body), path).not.toThrow();
    }
    expect(unanswered).toEqual([]);
    for (const path of answered) expect(reads.map((r) => r.path)).toContain(path);
  });

  it('give the profile its unread answers only when asked, like the server', async () => {
    const plain = await get('/api/users/user');
    const full = await get('/api/users/user', '?include=unread_messages');
    expect(plain.body).not.toHaveProperty('unread_messages_since');
    expect((full.body as { unread_messages_since: unknown[] }).unread_messages_since.length).toBe(
      scenario.customer.unread_messages_count,
    );
  });

  it('answer the live stream 204, so that the app neither connects again nor polls', async () => {
    const response = await fetch(`http://prospecta.test${LIVE_STREAM}`);
    expect(response.status).toBe(204);
  });

  it('answer 404 for a user the scenario does not have', async () => {
    const response = await fetch('http://prospecta.test/api/v1/users/999/dashboard');
    expect(response.status).toBe(404);
  });
});
