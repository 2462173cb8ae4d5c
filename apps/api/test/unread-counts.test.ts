import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { UnreadCounts } from '../src/http/unread-counts';
import { createRepositories } from '../src/repositories/index';
import { startTestApp, type TestApp } from './helpers';

/** The profile's unread count, kept per user until their inbox or prospects change (migration 0011). */
let t: TestApp;
let customer: string;
beforeAll(async () => {
  t = await startTestApp();
  customer = (await t.login('customer@example.com')).access;
});
afterAll(async () => {
  await t?.close();
});

const counted = async () => {
  const res = await t.call('GET', '/api/users/user', { token: customer });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { unread_messages_count: number }).unread_messages_count;
};
/** The count as the database has it now (the oracle: no cache). */
const truth = (userId = t.facts.customerId) =>
  createRepositories(t.database.db).inbox.unreadCount(userId);
/** A counter around the repository's count, to see when the cache computes again. */
function computing(userId: number) {
  let calls = 0;
  return {
    compute: () => {
      calls += 1;
      return truth(userId);
    },
    calls: () => calls,
  };
}
const inboxProspect = async (userId: number) =>
  t.database.db
    .selectFrom('prospects')
    .select('id')
    .where('user_id', '=', userId)
    .where('prospecting_status', 'in', ['to_call', 'ongoing'])
    .orderBy('id')
    .executeTakeFirstOrThrow();

describe('unread counts kept under the database versions', () => {
  it('counts once while nothing changes, and again after any change to the user’s inbox or prospects', async () => {
    const db = t.database.db;
    const counts = new UnreadCounts(db);
    const { compute, calls } = computing(t.facts.customerId);
    const first = await counts.count(t.facts.customerId, compute);
    expect(first).toBe(await truth());
    expect(await counts.count(t.facts.customerId, compute)).toBe(first);
    expect(calls()).toBe(1);

    const { id: prospectId } = await inboxProspect(t.facts.customerId);
    const changes: [string, () => Promise<unknown>][] = [
      [
        'an answer received',
        () =>
          createRepositories(db).inbox.addAnswers([
            {
              prospectId,
              userId: t.facts.customerId,
              content: 'Rappelez-moi demain.',
              channel: 'email',
              receivedAt: new Date(Date.now() + 60_000),
            },
          ]),
      ],
      [
        'an answer read',
        () =>
          sql`update inbox_messages set read_at = now() where prospect_id = ${prospectId} and read_at is null`.execute(
            db,
          ),
      ],
      [
        'an answer unread again',
        () =>
          sql`update inbox_messages set read_at = null where history_entry_id = (select max(history_entry_id) from inbox_messages where prospect_id = ${prospectId})`.execute(
            db,
          ),
      ],
      [
        'the prospect closed',
        () =>
          db
            .updateTable('prospects')
            .set({ prospecting_status: 'lost' })
            .where('id', '=', prospectId)
            .execute(),
      ],
      [
        'the prospect reopened',
        () =>
          db
            .updateTable('prospects')
            .set({ prospecting_status: 'to_call' })
            .where('id', '=', prospectId)
            .execute(),
      ],
      [
        'an answer deleted',
        () =>
          sql`delete from inbox_messages where history_entry_id = (select max(history_entry_id) from inbox_messages where prospect_id = ${prospectId})`.execute(
            db,
          ),
      ],
    ];
    let expectedCalls = 1;
    for (const [name, change] of changes) {
      await change();
      expectedCalls += 1;
      expect(await counts.count(t.facts.customerId, compute), name).toBe(await truth());
      expect(calls(), name).toBe(expectedCalls);
    }
  });

  it('keeps a user’s count when another customer’s inbox changes', async () => {
    const counts = new UnreadCounts(t.database.db);
    const { compute, calls } = computing(t.facts.customerId);
    await counts.count(t.facts.customerId, compute);
    const { id: theirs } = await inboxProspect(t.facts.otherCustomerId);
    await createRepositories(t.database.db).inbox.addAnswers([
      {
        prospectId: theirs,
        userId: t.facts.otherCustomerId,
        content: 'Not yours.',
        channel: 'linkedin_message',
        receivedAt: new Date(),
      },
    ]);
    await counts.count(t.facts.customerId, compute);
    expect(calls()).toBe(1);
  });

  it('keeps at most its bound of users, dropping the least recently used', async () => {
    const counts = new UnreadCounts(t.database.db, 2);
    const customerCount = computing(t.facts.customerId);
    await counts.count(t.facts.customerId, customerCount.compute);
    await counts.count(t.facts.otherCustomerId, computing(t.facts.otherCustomerId).compute);
    await counts.count(t.facts.customerId, customerCount.compute);
    await counts.count(t.facts.staffId, computing(t.facts.staffId).compute);
    expect(counts.size).toBe(2);
    // The customer was used last before the staff member came in: still kept.
    await counts.count(t.facts.customerId, customerCount.compute);
    expect(customerCount.calls()).toBe(1);
  });

  it('answers the profile call with the current count after reads through the API', async () => {
    expect(await counted()).toBe(await truth());
    // An unread answer that counts (the count to handle leaves out automatic answers and refusals).
    const inbox = (
      await t.call(
        'GET',
        `/api/v1/users/${t.facts.customerId}/inbox-messages?filter=needs_answer`,
        { token: customer },
      )
    ).json() as {
      items: { id: number; is_read: boolean }[];
    };
    const unread = inbox.items.find((item) => !item.is_read);
    expect(unread).toBeDefined();
    const before = await counted();
    const read = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/inbox-messages/${unread!.id}/read`,
      { token: customer },
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(await counted()).toBe(before - 1);
    expect(await counted()).toBe(await truth());
  });
});
