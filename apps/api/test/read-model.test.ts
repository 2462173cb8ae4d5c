import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index';
import {
  DASHBOARD_STATUSES,
  INBOX_STATUSES,
  isReplyLabel,
  replyNeedsAnswer,
} from '@prospecta/domain';
import { serializeSummary } from '../src/domain/serialize';
import {
  prospectsRepository,
  type ProspectsRepository,
  type SummaryScope,
} from '../src/repositories/prospects';
import { expectContract, startTestApp, type TestApp } from './helpers';

/**
 * The profile's unread answers and the dashboard/campaign lists are built by set-based SQL
 * (one query each). These tests hold them to from-scratch references computed in JS from the
 * raw tables, on the demo data plus edge cases written straight into the database.
 */

let t: TestApp;
let customer: string;
let db: Db;

beforeAll(async () => {
  t = await startTestApp({ listCache: false });
  db = t.database.db;
  customer = (await t.login('customer@example.com')).access;
});
afterAll(async () => t?.close());

/** The unread answers by the rule, from the raw tables: the last answer (event date, then id) of each prospect to handle, if unread. */
async function expectedUnread(userId: number) {
  const prospects = await db
    .selectFrom('prospects')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const messages = await db
    .selectFrom('inbox_messages as im')
    .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
    .select([
      'h.id',
      'im.prospect_id',
      'im.user_id',
      'im.read_at',
      'h.type',
      'h.content',
      'h.event_date',
      'im.label',
    ])
    .execute();
  const out = [];
  // The rule (decision 0210): the last answer of each prospect still to handle, an automatic answer never hiding a
  // human one (a prospect with automatic answers only has no responses yet shows), unread and needing an answer.
  const automatic = (m: { label: string | null }) => (m.label === 'auto_reply' ? 1 : 0);
  for (const p of prospects) {
    if (!INBOX_STATUSES.includes(p.prospecting_status as (typeof INBOX_STATUSES)[number])) continue;
    const mine = messages.filter(
      (m) =>
        m.prospect_id === p.id && m.user_id === userId && (p.has_responses || automatic(m) === 1),
    );
    mine.sort(
      (a, b) =>
        automatic(a) - automatic(b) ||
        b.event_date.getTime() - a.event_date.getTime() ||
        b.id - a.id,
    );
    const last = mine[0];
    if (!last || last.read_at !== null) continue;
    if (!replyNeedsAnswer(isReplyLabel(last.label) ? last.label : null)) continue;
    out.push({
      message_id: last.id,
      prospect_id: p.id,
      first_name: p.first_name,
      last_name: p.last_name,
      company_name: p.company_name,
      channel: last.type === 'linkedin_message' ? 'linkedin_message' : 'email',
      content: last.content,
      received_at: last.event_date.toISOString(),
      at: last.event_date.getTime(),
    });
  }
  out.sort((a, b) => b.at - a.at || b.message_id - a.message_id);
  return out.map(({ at: _at, ...rest }) => rest);
}

async function answer(
  prospectId: number,
  userId: number,
  eventDate: Date,
  readAt: Date | null,
  content: string,
) {
  const h = await db
    .insertInto('history_entries')
    .values({
      prospect_id: prospectId,
      type: 'email',
      content,
      direction: 'inbound',
      event_date: eventDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('inbox_messages')
    .values({ history_entry_id: h.id, prospect_id: prospectId, user_id: userId, read_at: readAt })
    .execute();
  await db
    .updateTable('prospects')
    .set({ has_responses: true })
    .where('id', '=', prospectId)
    .execute();
  return h.id;
}

async function profile() {
  const res = await t.call('GET', '/api/users/user?include=unread_messages', { token: customer });
  expectContract('getCurrentUser', res, 200);
  return res.json() as { unread_messages_since: unknown[]; unread_messages_count: number };
}

describe('profile: unread answers', () => {
  it('counts them without listing them, unless asked with include=unread_messages', async () => {
    const expected = await expectedUnread(t.facts.customerId);
    expect(expected.length).toBeGreaterThan(0);
    const plain = await t.call('GET', '/api/users/user', { token: customer });
    expectContract('getCurrentUser', plain, 200);
    expect(plain.json()).not.toHaveProperty('unread_messages_since');
    expect(plain.json().unread_messages_count).toBe(expected.length);

    const staff = (await t.login('staff@example.com')).access;
    const viewed = await t.call('GET', `/api/users/${t.facts.customerId}/profile`, {
      token: staff,
    });
    expectContract('getUserProfile', viewed, 200);
    expect(viewed.json()).not.toHaveProperty('unread_messages_since');
    expect(viewed.json().unread_messages_count).toBe(expected.length);
    const viewedList = await t.call(
      'GET',
      `/api/users/${t.facts.customerId}/profile?include=unread_messages`,
      { token: staff },
    );
    expectContract('getUserProfile', viewedList, 200);
    expect(viewedList.json().unread_messages_since).toEqual(expected);

    expectContract(
      'getCurrentUser',
      await t.call('GET', '/api/users/user?include=everything', { token: customer }),
      400,
    );
  });

  it('matches the rule on the demo data', async () => {
    const body = await profile();
    const expected = await expectedUnread(t.facts.customerId);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.unread_messages_since).toEqual(expected);
    expect(body.unread_messages_count).toBe(expected.length);
  });

  it('keeps only the last answer of each prospect, skips closed prospects and other customers', async () => {
    const mine = await db
      .selectFrom('prospects')
      .select(['id', 'prospecting_status'])
      .where('user_id', '=', t.facts.customerId)
      .where('prospecting_status', 'in', ['to_call', 'ongoing'])
      .orderBy('id')
      .limit(4)
      .execute();
    const closed = await db
      .selectFrom('prospects')
      .select('id')
      .where('user_id', '=', t.facts.customerId)
      .where('prospecting_status', '=', 'lost')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const theirs = await db
      .selectFrom('prospects')
      .select('id')
      .where('user_id', '=', t.facts.otherCustomerId)
      .where('prospecting_status', '=', 'to_call')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [a, b, c, d] = mine;
    if (!a || !b || !c || !d) throw new Error('the demo data lacks prospects to handle');
    const future = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    // a: an unread answer superseded by a later read one → not unread.
    await answer(a.id, t.facts.customerId, future(10), null, 'older, unread');
    await answer(a.id, t.facts.customerId, future(20), future(21), 'newer, read');
    // b: a read answer then a later unread one → the later one.
    await answer(b.id, t.facts.customerId, future(30), future(31), 'older, read');
    const bLast = await answer(b.id, t.facts.customerId, future(40), null, 'newer, unread');
    // c: two unread answers at the same instant → the higher id.
    const at = future(50);
    await answer(c.id, t.facts.customerId, at, null, 'same instant, first');
    const cLast = await answer(c.id, t.facts.customerId, at, null, 'same instant, second');
    // d: the newest answer of all, unread → first in the list.
    const dLast = await answer(d.id, t.facts.customerId, future(60), null, 'newest');
    // A lost prospect and another customer's prospect with unread answers → not listed.
    const closedMsg = await answer(closed.id, t.facts.customerId, future(70), null, 'closed');
    const theirMsg = await answer(
      theirs.id,
      t.facts.otherCustomerId,
      future(80),
      null,
      'not yours',
    );

    const body = (await profile()) as {
      unread_messages_since: { message_id: number; prospect_id: number; content: string }[];
      unread_messages_count: number;
    };
    const expected = await expectedUnread(t.facts.customerId);
    expect(body.unread_messages_since).toEqual(expected);
    expect(body.unread_messages_count).toBe(expected.length);

    const list = body.unread_messages_since;
    expect(list.slice(0, 3).map((m) => m.message_id)).toEqual([dLast, cLast, bLast]);
    expect(list.some((m) => m.prospect_id === a.id)).toBe(false);
    expect(list.filter((m) => m.prospect_id === c.id)).toHaveLength(1);
    expect(list.some((m) => m.message_id === closedMsg || m.message_id === theirMsg)).toBe(false);

    // Marking the newest read answers the new count, which the profile repeats.
    const read = await t.call(
      'POST',
      `/api/v1/users/${t.facts.customerId}/inbox-messages/${dLast}/read`,
      { token: customer },
    );
    expectContract('markInboxMessageRead', read, 200);
    expect(read.json().unread_messages_count).toBe(expected.length - 1);
    const after = await profile();
    expect(after.unread_messages_count).toBe(expected.length - 1);
    expect(after.unread_messages_since).toEqual(await expectedUnread(t.facts.customerId));
  });
});

describe('dashboard and campaign lists built by the database', () => {
  const prospectSummariesJson = (
    scope: Parameters<ProspectsRepository['summariesJson']>[0],
    staff = false,
  ) => prospectsRepository(db).summariesJson(scope, { staff });
  /** The reference: the same list row by row (summaries, shaped in Node). */
  const summaries = async (scope: SummaryScope, staff = false) =>
    (await prospectsRepository(db).summaries(scope)).map((row) => serializeSummary(row, staff));

  it('equal the row-by-row summaries for every customer dashboard', async () => {
    for (const userId of [t.facts.customerId, t.facts.otherCustomerId]) {
      const fromSql = JSON.parse(
        await prospectSummariesJson({ userId, statuses: DASHBOARD_STATUSES }),
      );
      const reference = await summaries({ userId, statuses: DASHBOARD_STATUSES });
      expect(reference.length).toBeGreaterThan(0);
      expect(reference.some((p) => p.tags.length > 1)).toBe(true);
      expect(reference.some((p) => p.last_comment !== null)).toBe(true);
      expect(fromSql).toEqual(reference);
    }
  });

  it('equal the row-by-row summaries for every campaign', async () => {
    const campaigns = await db.selectFrom('campaigns').select('id').execute();
    expect(campaigns.length).toBeGreaterThan(1);
    for (const c of campaigns) {
      for (const staff of [false, true]) {
        const fromSql = JSON.parse(await prospectSummariesJson({ campaignId: c.id }, staff));
        expect(fromSql).toEqual(await summaries({ campaignId: c.id }, staff));
      }
    }
  });

  it('answer an empty list for a user without prospects', async () => {
    expect(
      await prospectSummariesJson({ userId: t.facts.staffId, statuses: DASHBOARD_STATUSES }),
    ).toBe('[]');
  });
});
