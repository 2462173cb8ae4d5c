import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROSPECT_STATUSES } from '@prospecta/domain';
import { SecretBox } from '../src/security/secret-box';
import { resetDemo, seedDemo, type DemoFacts } from '../src/seed/demo';
import { LOAD_USER_EMAIL, seedLoad } from '../src/seed/load';
import { isolatedDatabase, TEST_SCRYPT } from './helpers';

type Db = Awaited<ReturnType<typeof isolatedDatabase>>;
let a: Db;
let facts: DemoFacts;
const options = {
  scrypt: TEST_SCRYPT,
  secretBox: new SecretBox(randomBytes(32)),
  now: new Date('2026-11-20T09:00:00Z'),
};

beforeAll(async () => {
  a = await isolatedDatabase();
  facts = await seedDemo(a.db, options);
});
afterAll(async () => a?.dispose());

const snapshot = (db: Db) =>
  db.db
    .selectFrom('prospects')
    .select(['first_name', 'last_name', 'email', 'prospecting_status', 'has_responses', 'score'])
    .orderBy('id')
    .execute();

describe('demo seed', () => {
  it('is deterministic', async () => {
    const first = await snapshot(a);
    const facts2 = await resetDemo(a.db, options);
    expect(facts2.prospectCount).toBe(facts.prospectCount);
    expect(await snapshot(a)).toEqual(first);
  });

  it('gives the customer ~300 prospects in every status, 4+ campaigns with steps, histories, replies and comments', async () => {
    const customer = await a.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'customer@example.com')
      .executeTakeFirstOrThrow();
    const statuses = await a.db
      .selectFrom('prospects')
      .select(['prospecting_status', sql<number>`count(*)::int`.as('n')])
      .where('user_id', '=', customer.id)
      .groupBy('prospecting_status')
      .execute();
    expect(statuses.map((s) => s.prospecting_status).sort()).toEqual([...PROSPECT_STATUSES].sort());
    expect(facts.prospectCount).toBeGreaterThanOrEqual(280);
    const campaigns = await a.db
      .selectFrom('campaigns')
      .select(['id'])
      .where('user_id', '=', customer.id)
      .execute();
    expect(campaigns.length).toBeGreaterThanOrEqual(4);
    const steps = await a.db
      .selectFrom('campaign_steps')
      .select(sql<number>`count(distinct campaign_id)::int`.as('n'))
      .where(
        'campaign_id',
        'in',
        campaigns.map((c) => c.id),
      )
      .executeTakeFirstOrThrow();
    expect(steps.n).toBe(campaigns.length);
    const count = async (table: 'history_entries' | 'inbox_messages' | 'comments') =>
      (
        await a.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    expect(await count('history_entries')).toBeGreaterThan(facts.prospectCount);
    expect(await count('inbox_messages')).toBeGreaterThan(50);
    expect(await count('comments')).toBeGreaterThan(50);
    const names = await a.db
      .selectFrom('prospects')
      .select(['first_name', 'last_name'])
      .where('user_id', '=', customer.id)
      .execute();
    expect(names.some((n) => n.first_name === 'Claire' && n.last_name === 'Dubois')).toBe(true);
  });

  it('builds a load dataset for one customer', async () => {
    const load = await seedLoad(a.db, { ...options, count: 400 });
    expect(load.prospectCount).toBe(400);
    const again = await seedLoad(a.db, { ...options, count: 300 });
    const users = await a.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', LOAD_USER_EMAIL)
      .execute();
    expect(users).toEqual([{ id: again.userId }]);
    const n = await a.db
      .selectFrom('prospects')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', again.userId)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(300);
  });

  it('gives the load user the wanted number of answers to handle, some unread', async () => {
    const load = await seedLoad(a.db, { ...options, count: 400, answers: 150 });
    expect(load.answerCount).toBe(150);
    expect(load.unreadCount).toBeGreaterThan(0);
    expect(load.unreadCount).toBeLessThan(150);
    const unanswered = await a.db
      .selectFrom('inbox_messages as im')
      .innerJoin('prospects as p', 'p.id', 'im.prospect_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('p.user_id', '=', load.userId)
      .where('p.has_responses', '=', false)
      .executeTakeFirstOrThrow();
    expect(unanswered.n).toBe(0);
  });
});
