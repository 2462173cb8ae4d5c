import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let customer: string;

beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
});
afterAll(async () => t?.close());

type Inbox = {
  unread_count: number;
  items: { id: number; is_read: boolean; content: string; prospect: { id: number } }[];
};
const inbox = async () =>
  (
    await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, { token: customer })
  ).json() as Inbox;

describe('dev inbox answers', () => {
  it('records an unread answer that shows first in the inbox, the profile and the dashboard', async () => {
    const before = await inbox();
    const res = await t.call('POST', '/api/dev/inbox-answers', {
      version: null,
      body: { email: 'Customer@Example.com', content: 'Yes, <b>call me</b> on Monday.' },
    });
    expectContract('addDevInboxAnswer', res, 201);
    const created = res.json() as { message_id: number; prospect_id: number; user_id: number };
    expect(created.user_id).toBe(t.facts.customerId);

    const after = await inbox();
    expect(after.items).toHaveLength(before.items.length + 1);
    expect(after.unread_count).toBe(before.unread_count + 1);
    expect(after.items[0]).toMatchObject({
      id: created.message_id,
      is_read: false,
      content: 'Yes, <b>call me</b> on Monday.',
    });
    expect(after.items[0]?.prospect.id).toBe(created.prospect_id);

    const me = (await t.call('GET', '/api/users/user', { token: customer })).json() as {
      unread_messages_count: number;
    };
    expect(me.unread_messages_count).toBe(after.unread_count);
    const prospect = (
      await t.call('GET', `/api/v2/prospects/${created.prospect_id}`, { token: customer })
    ).json() as {
      has_responses: boolean;
      history: { id: number; direction?: string | null }[];
    };
    expect(prospect.has_responses).toBe(true);
    expect(prospect.history.find((h) => h.id === created.message_id)?.direction).toBe('inbound');
  });

  it('adds a later answer to a prospect already in the inbox (still one item per prospect)', async () => {
    const first = (await inbox()).items[0];
    if (!first) throw new Error('empty inbox');
    const res = await t.call('POST', '/api/dev/inbox-answers', {
      version: null,
      body: {
        email: 'customer@example.com',
        prospect_id: first.prospect.id,
        channel: 'linkedin_message',
        content: 'One more thing.',
      },
    });
    expectContract('addDevInboxAnswer', res, 201);
    const after = await inbox();
    expect(after.items.filter((i) => i.prospect.id === first.prospect.id)).toHaveLength(1);
    expect(after.items[0]?.content).toBe('One more thing.');
  });

  it('refuses unknown users, foreign or handled prospects and bad bodies', async () => {
    expectContract(
      'addDevInboxAnswer',
      await t.call('POST', '/api/dev/inbox-answers', {
        version: null,
        body: { email: 'nobody@example.com', content: 'x' },
      }),
      404,
    );
    const foreign = await t.database.db
      .selectFrom('prospects')
      .select('id')
      .where('user_id', '=', t.facts.otherCustomerId)
      .executeTakeFirstOrThrow();
    expectContract(
      'addDevInboxAnswer',
      await t.call('POST', '/api/dev/inbox-answers', {
        version: null,
        body: { email: 'customer@example.com', prospect_id: foreign.id, content: 'x' },
      }),
      404,
    );
    const lost = await t.database.db
      .selectFrom('prospects')
      .select('id')
      .where('user_id', '=', t.facts.customerId)
      .where('prospecting_status', '=', 'lost')
      .executeTakeFirstOrThrow();
    expectContract(
      'addDevInboxAnswer',
      await t.call('POST', '/api/dev/inbox-answers', {
        version: null,
        body: { email: 'customer@example.com', prospect_id: lost.id, content: 'x' },
      }),
      409,
    );
    expectContract(
      'addDevInboxAnswer',
      await t.call('POST', '/api/dev/inbox-answers', {
        version: null,
        body: { email: 'customer@example.com', content: '' },
      }),
      400,
    );
  });

  it('does not exist outside development and CI', async () => {
    for (const environment of ['production', 'staging'] as const) {
      t.app.services.config.environment = environment;
      try {
        expectContract(
          'addDevInboxAnswer',
          await t.call('POST', '/api/dev/inbox-answers', {
            version: null,
            body: { email: 'customer@example.com', content: 'x' },
          }),
          404,
        );
      } finally {
        t.app.services.config.environment = 'ci';
      }
    }
  });
});
