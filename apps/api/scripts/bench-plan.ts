/**
 * `pnpm --filter @prospecta/api bench:plan`: what the sending engine's planner (src/engine/plan.ts) costs on a
 * campaign of BENCH_PROSPECTS prospects (default 100,000), on PostgreSQL (a schema of its own, dropped after) and on
 * the embedded database (in memory). Target: a pass over a 100,000-prospect campaign in ≤ 30 s.
 *
 * 1. E-mail first: the first pass (a sequence for every prospect, one statement, and the first sends on 5 mailboxes),
 *    a pass a minute later (the steady state: nothing new but the mailboxes' next places), and a pass after 10 % more
 *    prospects came in (an import after the launch).
 * 2. LinkedIn first: the passes that turn every prospect's first step into a task with its event (the worst case:
 *    no mailbox cap limits tasks; TASKS_PER_PASS does), each pass and the whole.
 *
 * Env: BENCH_PROSPECTS (default 100000), BENCH_DB (postgres, pglite or both; default both), BENCH_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test). Prints wall milliseconds of each pass, what it did, and the load
 * average before and after.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { dropSchema, openDatabase, type Database, type Db } from '../src/db/index';
import { planCampaign, type PlanReport } from '../src/engine/plan';

const count = Number(process.env.BENCH_PROSPECTS ?? 100_000);
const which = process.env.BENCH_DB ?? 'both';
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Tuesday 10 March 2026, 10:00 in Paris: inside the campaign's hours. */
const NOW = new Date('2026-03-10T09:00:00Z');

const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

async function fixture(db: Db, firstStep: 'email' | 'linkedin_invitation'): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password_hash: 'none',
      first_name: 'Bench',
      last_name: 'Planner',
      flags: JSON.stringify([]),
      created_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: user.id,
      name: 'Planner benchmark',
      status: 'running',
      is_active: true,
      created_at: NOW,
      updated_at: NOW,
      time_zone: 'Europe/Paris',
      sending_days: JSON.stringify([1, 2, 3, 4, 5]),
      sending_start: '09:00',
      sending_end: '17:00',
      daily_cap: 200,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const steps: [string, number][] = [
    [firstStep, 0],
    ['email', 3],
    ['email', 4],
  ];
  await db
    .insertInto('campaign_steps')
    .values(
      steps.map(([type, delay], i) => ({
        campaign_id: campaign.id,
        position: i + 1,
        name: `Step ${i + 1}`,
        workflow_step_type: type,
        subject: 'Hello {{first_name}}',
        body: 'Bonjour {{first_name|à vous}}, {{company}}',
        delay_days: delay,
      })),
    )
    .execute();
  for (let i = 0; i < 5; i += 1) {
    const account = await db
      .insertInto('email_accounts')
      .values({
        user_id: user.id,
        name: `Sender ${i}`,
        email: `sender${i}@bench.example.com`,
        account_type: 'SMTP',
        is_valid: true,
        created_on: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('campaign_mailboxes')
      .values({ campaign_id: campaign.id, email_account_id: account.id })
      .execute();
  }
  await addProspects(db, campaign.id, user.id, 0, count);
  return campaign.id;
}

async function addProspects(db: Db, campaignId: number, userId: number, from: number, n: number) {
  await sql`insert into prospects (campaign_id, user_id, title, first_name, last_name, company_name, email,
      prospecting_status, created_at, updated_at)
    select ${campaignId}, ${userId}, 'undefined', 'First' || i, 'Last' || i, 'Company ' || (i % 5000),
      'p' || i || '@prospects.example.org', 'pending', ${NOW}, ${NOW}
    from generate_series(${from}::int, ${from + n - 1}::int) as i`.execute(db);
  await sql`analyze prospects`.execute(db);
}

async function pass(db: Db, campaignId: number, now: Date, label: string) {
  let handed = 0;
  const started = performance.now();
  const report: PlanReport = await planCampaign(db, campaignId, {
    now,
    random: Math.random,
    enqueue: async (_trx, sends) => {
      handed += sends.length;
    },
  });
  const ms = performance.now() - started;
  console.log(
    `  ${label.padEnd(34)} ${ms.toFixed(0).padStart(7)} ms  sequences +${report.sequencesCreated}, ` +
      `sends ${report.sends} (handed ${handed}), tasks ${report.tasks}`,
  );
  return report.tasks;
}

async function run(database: Database, name: string) {
  const { db } = database;
  console.log(`${name}: ${count.toLocaleString('en')} prospects (${load()})`);
  const email = await fixture(db, 'email');
  await pass(db, email, NOW, 'e-mail first: first pass');
  await pass(db, email, new Date(NOW.getTime() + 60_000), 'e-mail first: a minute later');
  const owner = await db
    .selectFrom('campaigns')
    .select('user_id')
    .where('id', '=', email)
    .executeTakeFirstOrThrow();
  await addProspects(db, email, owner.user_id, count, Math.ceil(count / 10));
  await pass(db, email, new Date(NOW.getTime() + 120_000), 'e-mail first: after +10 % imported');
  const linkedin = await fixture(db, 'linkedin_invitation');
  const started = performance.now();
  let passes = 0;
  let tasks = 0;
  do {
    passes += 1;
    tasks = await pass(db, linkedin, NOW, `LinkedIn first: pass ${passes} (tasks)`);
  } while (tasks > 0);
  console.log(
    `  LinkedIn first: every task in ${passes} passes: ${(performance.now() - started).toFixed(0)} ms`,
  );
  console.log(`  (${load()})`);
}

if (which === 'postgres' || which === 'both') {
  const schema = `bench_plan_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase({ kind: 'postgres', url, schema, poolSize: 4 });
  try {
    await run(database, 'PostgreSQL');
  } finally {
    await database.close();
    await dropSchema(url, schema);
  }
}
if (which === 'pglite' || which === 'both') {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await run(database, 'PGlite (in memory)');
  } finally {
    await database.close();
  }
}
