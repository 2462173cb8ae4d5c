import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestApp, startTestAppBeside, type TestApp } from './helpers';

let t: TestApp;
let customer: string;
let staff: string;
let campaignId: number;
let prospectId: number;

beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
  staff = (await t.login('staff@example.com')).access;
  const prospect = await t.database.db
    .selectFrom('prospects')
    .innerJoin('campaigns', 'campaigns.id', 'prospects.campaign_id')
    .where('campaigns.user_id', '=', t.facts.customerId)
    .where('prospects.score', 'is not', null)
    .where('prospects.prospecting_status', '=', 'ongoing')
    .select(['prospects.id', 'prospects.campaign_id'])
    .executeTakeFirstOrThrow();
  prospectId = prospect.id;
  campaignId = prospect.campaign_id;
});
afterAll(async () => t?.close());

type Item = Record<string, unknown>;
const scored = (items: Item[]) => items.filter((p) => 'score' in p).length;

describe('staff-only data (the prospects’ scores)', () => {
  it('never reaches a customer in the campaign detail, dashboard, prospect or inbox answers', async () => {
    const campaign = await t.call('GET', `/api/v2/campaigns/${campaignId}`, { token: customer });
    expectContract('getCampaign', campaign, 200);
    const dashboard = await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard`, {
      token: customer,
    });
    expectContract('getDashboard', dashboard, 200);
    const prospect = await t.call('GET', `/api/v2/prospects/${prospectId}`, { token: customer });
    const inbox = await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
      token: customer,
    });
    const lists = [
      campaign.json().prospects as Item[],
      dashboard.json().prospects as Item[],
      (inbox.json().items as { prospect: Item }[]).map((i) => i.prospect),
    ];
    expect(lists[0]!.length).toBeGreaterThan(0);
    expect(lists[1]!.length).toBeGreaterThan(0);
    for (const list of lists) expect(scored(list)).toBe(0);
    expect(prospect.statusCode).toBe(200);
    expect(prospect.json()).not.toHaveProperty('score');
    expect(campaign.body).not.toContain('"score"');
    expect(dashboard.body).not.toContain('"score"');
  });

  it('reaches staff, with lists cached and tagged apart from the customer’s', async () => {
    const customerCampaign = await t.call('GET', `/api/v2/campaigns/${campaignId}`, {
      token: customer,
    });
    const campaign = await t.call('GET', `/api/v2/campaigns/${campaignId}`, { token: staff });
    expectContract('getCampaign', campaign, 200);
    const dashboard = await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard`, {
      token: staff,
    });
    expectContract('getDashboard', dashboard, 200);
    const prospect = await t.call('GET', `/api/v2/prospects/${prospectId}`, { token: staff });
    for (const list of [campaign.json().prospects, dashboard.json().prospects] as Item[][])
      expect(scored(list)).toBe(list.length);
    expect(prospect.json()).toHaveProperty('score');
    expect(typeof prospect.json().score).toBe('number');

    // A customer's ETag never brings back staff's copy (nor the reverse), and the cache after staff's read still
    // answers the customer without scores.
    expect(campaign.headers.etag).not.toBe(customerCampaign.headers.etag);
    const again = await t.call('GET', `/api/v2/campaigns/${campaignId}`, {
      token: customer,
      headers: { 'if-none-match': String(campaign.headers.etag) },
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toContain('"score"');
    const customerDashboard = await t.call('GET', `/api/v1/users/${t.facts.customerId}/dashboard`, {
      token: customer,
      headers: { 'if-none-match': String(dashboard.headers.etag) },
    });
    expect(customerDashboard.statusCode).toBe(200);
    expect(customerDashboard.body).not.toContain('"score"');
  });
});

describe('deleting a comment', () => {
  const comment = async (token: string, content: string) => {
    const res = await t.call('POST', `/api/v1/prospects/${prospectId}/comment`, {
      token,
      body: { content },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const remove = (token: string, id: number) =>
    t.call('DELETE', `/api/v1/prospects/${prospectId}/comment/${id}`, { token });

  it('is refused to a customer on a staff member’s comment of their own prospect', async () => {
    const staffComment = await comment(staff, 'Appel préparé par l’équipe.');
    const refused = await remove(customer, staffComment);
    expectContract('deleteComment', refused, 403);
    expect(refused.json()).toMatchObject({ code: 'comment_not_yours' });
    const still = await t.call('GET', `/api/v2/prospects/${prospectId}`, { token: customer });
    expect(still.json().comments.map((c: { id: number }) => c.id)).toContain(staffComment);
    // Staff may delete it.
    expectContract('deleteComment', await remove(staff, staffComment), 204);
  });

  it('is allowed to the author, and to staff on a customer’s comment', async () => {
    expectContract('deleteComment', await remove(customer, await comment(customer, 'À moi.')), 204);
    expectContract(
      'deleteComment',
      await remove(staff, await comment(customer, 'Du client.')),
      204,
    );
  });
});

describe('development operations outside development and CI', () => {
  it('are not routed in production or staging, whatever DEV_OUTBOX says', async () => {
    for (const environment of ['production', 'staging'] as const) {
      const deployed = await startTestAppBeside(t, { environment, devOutbox: true });
      try {
        const outbox = await deployed.call('GET', '/api/dev/outbox');
        expect(outbox.statusCode).toBe(404);
        const answer = await deployed.call('POST', '/api/dev/inbox-answers', {
          body: { email: 'customer@example.com' },
        });
        expect(answer.statusCode).toBe(404);
        // Not routed at all: even a body the contract refuses gets 404, not the contract's 400.
        expect(
          (await deployed.call('POST', '/api/dev/inbox-answers', { body: {} })).statusCode,
        ).toBe(404);
      } finally {
        await deployed.close();
      }
    }
    // In CI (the tests' environment) they exist.
    expect((await t.call('POST', '/api/dev/inbox-answers', { body: {} })).statusCode).not.toBe(404);
  }, 90_000);
});
