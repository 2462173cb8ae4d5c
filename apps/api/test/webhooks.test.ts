import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestApp, type TestApp } from './helpers';

/** A real receiver on a free loopback port: records each request; answers the statuses queued, then 200. */
interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const statuses: number[] = [];

let t: TestApp;
let staff: string;
let customer: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'thanks' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The receiver is on loopback: allowed here as the mail tests allow their peers (MAIL_HOST_ALLOWLIST). A failed
  // delivery is retried after 1 s instead of 10.
  t = await startTestApp({
    mailHosts: { allow: ['127.0.0.1'], extraPorts: [] },
    webhookRetryDelaySeconds: 1,
  });
  staff = (await t.login('staff@example.com')).access;
  customer = (await t.login('customer@example.com')).access;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The receiver's check of a signature, as docs/operations.md describes it. */
function verifies(secret: string, header: string | undefined, body: string): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => p.split('=') as [string, string]),
  );
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

async function create(events: string[], url = receiverUrl) {
  return t.call('POST', `/api/v1/users/${t.facts.customerId}/webhooks`, {
    token: staff,
    body: { url, events, description: 'CRM' },
  });
}

describe('outgoing webhooks', () => {
  it('are staff only: a customer gets 403', async () => {
    const list = await t.call('GET', `/api/v1/users/${t.facts.customerId}/webhooks`, {
      token: customer,
    });
    expectContract('listWebhooks', list, 403);
    const created = await t.call('POST', `/api/v1/users/${t.facts.customerId}/webhooks`, {
      token: customer,
      body: { url: receiverUrl, events: ['campaign.finished'] },
    });
    expectContract('createWebhook', created, 403);
  });

  it('refuse a private, loopback or link-local address at creation (422 url_refused)', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/x',
      'http://127.0.0.2/x',
      'https://192.168.1.1/x',
    ]) {
      const res = await create(['campaign.finished'], url);
      expectContract('createWebhook', res, 422);
      expect(res.json()).toMatchObject({ code: 'url_refused' });
      expect(res.json().detail).toMatch(/not a public address/);
    }
    const bad = await create(['campaign.finished'], 'ftp://example.com/x');
    expectContract('createWebhook', bad, 422);
    expect(bad.json().code).toBe('url_invalid');
  });

  it('sign a test event that the receiver verifies, and log the attempt', async () => {
    const res = await create(['prospect.status_changed']);
    expectContract('createWebhook', res, 201);
    const { webhook, secret } = res.json() as { webhook: { id: number }; secret: string };
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const list = await t.call('GET', `/api/v1/users/${t.facts.customerId}/webhooks`, {
      token: staff,
    });
    expectContract('listWebhooks', list, 200);
    expect(list.body).not.toContain(secret);

    received.length = 0;
    const test = await t.call('POST', `/api/v1/webhooks/${webhook.id}/test`, { token: staff });
    expectContract('sendWebhookTest', test, 202);
    const got = await waitFor(() => received[0], 10_000);
    expect(got.headers['content-type']).toBe('application/json');
    expect(verifies(secret, got.headers['prospecta-signature'] as string, got.body)).toBe(true);
    expect(verifies('whsec_other', got.headers['prospecta-signature'] as string, got.body)).toBe(
      false,
    );
    const body = JSON.parse(got.body);
    expect(body).toMatchObject({
      id: test.json().event_id,
      type: 'webhook.test',
      user_id: t.facts.customerId,
      data: { webhook_id: webhook.id },
    });

    const log = await waitFor(async () => {
      const r = await t.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`, { token: staff });
      return r.json().deliveries.length > 0 ? r : undefined;
    }, 10_000);
    expectContract('listWebhookDeliveries', log, 200);
    expect(log.json().deliveries[0]).toMatchObject({
      event: 'webhook.test',
      attempt: 1,
      outcome: 'succeeded',
      status_code: 200,
      response_snippet: 'thanks',
      error: null,
      error_code: null,
    });

    // A rotated secret signs what comes next; the old one no longer verifies.
    const rotated = await t.call('POST', `/api/v1/webhooks/${webhook.id}/secret`, { token: staff });
    expectContract('rotateWebhookSecret', rotated, 200);
    expect(rotated.json().secret).not.toBe(secret);
    const off = await t.call('PATCH', `/api/v1/webhooks/${webhook.id}`, {
      token: staff,
      body: { active: false },
    });
    expectContract('updateWebhook', off, 200);
    expect(off.json().active).toBe(false);
    const gone = await t.call('DELETE', `/api/v1/webhooks/${webhook.id}`, { token: staff });
    expectContract('deleteWebhook', gone, 204);
    const after = await t.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`, {
      token: staff,
    });
    expectContract('listWebhookDeliveries', after, 404);
  });

  it('log why an attempt got no usable answer as a code: a refused connection, a redirect', async () => {
    // A port nobody listens on: take a free one, then close it.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const firstAttempt = async (id: number) => {
      const log = await waitFor(async () => {
        const r = await t.call('GET', `/api/v1/webhooks/${id}/deliveries`, { token: staff });
        return r.json().deliveries.length > 0 ? r : undefined;
      }, 10_000);
      expectContract('listWebhookDeliveries', log, 200);
      return log.json().deliveries.at(-1);
    };

    const nobody = (await create(['campaign.finished'], `http://127.0.0.1:${port}/hooks`)).json();
    await t.call('POST', `/api/v1/webhooks/${nobody.webhook.id}/test`, { token: staff });
    expect(await firstAttempt(nobody.webhook.id)).toMatchObject({
      outcome: 'failed',
      status_code: null,
      error_code: 'connection_failed',
    });

    const moved = (await create(['campaign.finished'])).json();
    statuses.push(302);
    await t.call('POST', `/api/v1/webhooks/${moved.webhook.id}/test`, { token: staff });
    expect(await firstAttempt(moved.webhook.id)).toMatchObject({
      outcome: 'failed',
      status_code: 302,
      error_code: 'redirect',
    });
    for (const id of [nobody.webhook.id, moved.webhook.id])
      await t.call('DELETE', `/api/v1/webhooks/${id}`, { token: staff });
  });

  it('retry after a 500 answer, then succeed; both attempts in the log', async () => {
    const res = await create(['prospect.status_changed']);
    const { webhook, secret } = res.json() as { webhook: { id: number }; secret: string };
    const prospect = await t.database.db
      .selectFrom('prospects')
      .select(['id', 'prospecting_status', 'campaign_id'])
      .where('user_id', '=', t.facts.customerId)
      .where('prospecting_status', '=', 'ongoing')
      .executeTakeFirstOrThrow();
    received.length = 0;
    statuses.push(500);
    const moved = await t.call('PUT', `/api/v1/prospects/${prospect.id}/status`, {
      token: customer,
      body: { prospecting_status: 'lost' },
    });
    expect(moved.statusCode).toBe(200);
    const second = await waitFor(() => received[1], 45_000);
    expect(received[0]!.body).toBe(second.body);
    expect(verifies(secret, second.headers['prospecta-signature'] as string, second.body)).toBe(
      true,
    );
    expect(JSON.parse(second.body)).toMatchObject({
      type: 'prospect.status_changed',
      data: {
        prospect: { id: prospect.id, status: 'lost' },
        campaign: { id: prospect.campaign_id },
        from_status: 'ongoing',
        to_status: 'lost',
      },
    });
    const log = await waitFor(async () => {
      const r = await t.call('GET', `/api/v1/webhooks/${webhook.id}/deliveries`, { token: staff });
      return r.json().deliveries.length >= 2 ? r : undefined;
    }, 10_000);
    expectContract('listWebhookDeliveries', log, 200);
    const [last, first] = log.json().deliveries;
    expect(first).toMatchObject({
      attempt: 1,
      outcome: 'failed',
      status_code: 500,
      error_code: null,
    });
    expect(first.response_snippet).toBe('receiver down');
    expect(last).toMatchObject({ attempt: 2, outcome: 'succeeded', status_code: 200 });
    expect(last.event_id).toBe(first.event_id);
  }, 60_000);

  it('send campaign.finished when staff finish a campaign, only to the webhooks subscribed', async () => {
    const finished = await create(['campaign.finished']);
    expectContract('createWebhook', finished, 201);
    const campaign = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'name'])
      .where('user_id', '=', t.facts.customerId)
      .where('status', 'in', ['running', 'paused', 'scheduled'])
      .executeTakeFirstOrThrow();
    received.length = 0;
    const res = await t.call('POST', `/api/v1/campaigns/${campaign.id}/lifecycle`, {
      token: staff,
      body: { action: 'finish' },
    });
    expect(res.statusCode).toBe(200);
    const got = await waitFor(
      () => received.find((r) => r.body.includes('campaign.finished')),
      10_000,
    );
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'campaign.finished',
      user_id: t.facts.customerId,
      data: { campaign: { id: campaign.id, name: campaign.name, status: 'finished' } },
    });
    // The status-change webhooks of the earlier tests receive nothing of it.
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.filter((r) => r.body.includes('campaign.finished'))).toHaveLength(1);
  });
});
