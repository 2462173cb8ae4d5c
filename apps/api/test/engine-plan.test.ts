import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWallTime } from '@prospecta/domain';
import type { WorkflowStepType } from '@prospecta/domain/contract';
import type { Db } from '../src/db/index';
import {
  advanceSequence,
  finishCampaignSequences,
  planCampaign,
  planCampaigns,
  withdrawPlannedSends,
  type PlannedSend,
} from '../src/engine/plan';
import { deliveryJobs } from '../src/jobs/registry';
import { TEST_JOB_SETTINGS, isolatedDatabase, startTestApp } from './helpers';

/**
 * The sending engine's planner on fixed clocks: sequences for every prospect (also those imported after the
 * launch), the sending window on the campaign's wall clock (daylight-saving switches included), the daily cap of
 * each mailbox, rotation and spacing, suppressions, LinkedIn tasks, the engine's lifecycle moves, pausing and
 * finishing, and two passes at once that never plan a step twice.
 */

let database: Awaited<ReturnType<typeof isolatedDatabase>>;
let db: Db;
let userId: number;
let serial = 0;

beforeAll(async () => {
  database = await isolatedDatabase();
  db = database.db;
  userId = (
    await db
      .insertInto('users')
      .values({
        email: 'planner.customer@example.com',
        password_hash: 'not-a-hash',
        first_name: 'Plan',
        last_name: 'Ner',
        flags: JSON.stringify([]),
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => database?.dispose());

interface StepSpec {
  type?: WorkflowStepType;
  delay_days?: number;
  body?: string;
  condition?: 'none' | 'no_reply';
}

interface CampaignSpec {
  status?: string;
  steps?: StepSpec[];
  prospects?: number;
  mailboxes?: number | number[];
  dailyCap?: number;
  spacing?: [number, number];
  timeZone?: string;
  days?: number[];
  hours?: [string, string];
  startDate?: string | null;
}

/** A campaign of its own, with its steps, mailboxes (new ones, or given ids) and prospects. */
async function campaign(spec: CampaignSpec = {}) {
  serial += 1;
  const status = spec.status ?? 'running';
  const row = await db
    .insertInto('campaigns')
    .values({
      user_id: userId,
      name: `Planner ${serial}`,
      status,
      is_active: status === 'running' || status === 'scheduled',
      created_at: new Date(),
      updated_at: new Date(),
      time_zone: spec.timeZone ?? 'Europe/Paris',
      sending_days: JSON.stringify(spec.days ?? [1, 2, 3, 4, 5]),
      sending_start: spec.hours?.[0] ?? '09:00',
      sending_end: spec.hours?.[1] ?? '17:00',
      daily_cap: spec.dailyCap ?? 50,
      start_date: spec.startDate ?? null,
      spacing_min_seconds: spec.spacing?.[0] ?? 60,
      spacing_max_seconds: spec.spacing?.[1] ?? 180,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const steps = spec.steps ?? [{}, { delay_days: 3 }];
  const stepIds: number[] = [];
  for (const [i, step] of steps.entries()) {
    const inserted = await db
      .insertInto('campaign_steps')
      .values({
        campaign_id: row.id,
        position: i + 1,
        name: `Step ${i + 1}`,
        workflow_step_type: step.type ?? 'email',
        subject: 'Hello {{first_name}}',
        body: step.body ?? 'Bonjour {{first_name|à vous}}',
        delay_days: step.delay_days ?? 0,
        condition: step.condition ?? 'none',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stepIds.push(inserted.id);
  }
  const mailboxIds = Array.isArray(spec.mailboxes)
    ? spec.mailboxes
    : await mailboxes(spec.mailboxes ?? 1);
  if (mailboxIds.length > 0)
    await db
      .insertInto('campaign_mailboxes')
      .values(mailboxIds.map((id) => ({ campaign_id: row.id, email_account_id: id })))
      .execute();
  const prospectIds = await prospects(row.id, spec.prospects ?? 0);
  return { id: row.id, stepIds, mailboxIds, prospectIds };
}

async function mailboxes(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    serial += 1;
    const row = await db
      .insertInto('email_accounts')
      .values({
        user_id: userId,
        name: `Sender ${serial}`,
        email: `sender${serial}@Mail${serial}.Example.com`,
        account_type: 'SMTP',
        is_valid: true,
        created_on: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

async function prospects(campaignId: number, count: number, emails?: string[]): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .insertInto('prospects')
    .values(
      Array.from({ length: count }, (_, i) => ({
        campaign_id: campaignId,
        user_id: userId,
        title: 'undefined',
        first_name: `First${i}`,
        last_name: `Last${i}`,
        company_name: 'Acme',
        email: emails?.[i] ?? `p${campaignId}-${i}@prospects.example.org`,
        prospecting_status: 'pending',
        created_at: new Date(),
        updated_at: new Date(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The enqueue the tests observe: every send handed over, in order. */
function recorder() {
  const handed: PlannedSend[] = [];
  return {
    handed,
    enqueue: async (_trx: Db, sends: readonly PlannedSend[]) => {
      handed.push(...sends);
    },
  };
}

/** A fixed spacing: `random` 0.5 is the middle of the campaign's spacing bounds. */
const half = () => 0.5;

const sendsOf = (campaignId: number) =>
  db
    .selectFrom('sends')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('due_at')
    .orderBy('id')
    .execute();
const sequencesOf = (campaignId: number) =>
  db
    .selectFrom('prospect_sequences')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .orderBy('prospect_id')
    .execute();
const statusOf = async (campaignId: number) =>
  (
    await db
      .selectFrom('campaigns')
      .select(['status', 'is_active'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow()
  ).status;
const at = (iso: string) => new Date(iso);
const paris = (instant: Date | string) => formatWallTime(new Date(instant), 'Europe/Paris');
/** Tuesday 10 March 2026, 10:00 in Paris (CET, UTC+1). */
const TUESDAY_10H = at('2026-03-10T09:00:00Z');

describe('sequences', () => {
  it('every prospect gets one sequence at the first step, due at the first sending slot, also those imported after the launch', async () => {
    const c = await campaign({ prospects: 5, mailboxes: 0 });
    // Saturday 14 March 2026, noon in Paris: the first slot is Monday 09:00.
    const report = await planCampaign(db, c.id, {
      now: at('2026-03-14T11:00:00Z'),
      ...recorder(),
    });
    expect(report.sequencesCreated).toBe(5);
    const sequences = await sequencesOf(c.id);
    expect(sequences).toHaveLength(5);
    for (const s of sequences) {
      expect(s.next_position).toBe(1);
      expect(paris(s.next_due_at!)).toBe('2026-03-16T09:00');
    }
    const late = await prospects(c.id, 2, ['late.a@example.org', 'late.b@example.org']);
    const again = await planCampaign(db, c.id, { now: at('2026-03-15T11:00:00Z'), ...recorder() });
    expect(again.sequencesCreated).toBe(2);
    expect((await sequencesOf(c.id)).map((s) => s.prospect_id)).toEqual(
      expect.arrayContaining(late),
    );
  });
});

describe('e-mail sends', () => {
  it('rotate over the mailboxes, spaced by the campaign’s interval, under each mailbox’s daily cap, with our Message-ID', async () => {
    const c = await campaign({ prospects: 10, mailboxes: 2, dailyCap: 3, spacing: [60, 180] });
    const { handed, enqueue } = recorder();
    const report = await planCampaign(db, c.id, {
      now: TUESDAY_10H,
      horizonSeconds: 3600,
      random: half,
      enqueue,
    });
    expect(report.sends).toBe(6);
    const sends = await sendsOf(c.id);
    expect(sends).toHaveLength(6);
    expect(sends.every((s) => s.state === 'scheduled')).toBe(true);
    // Alternating mailboxes, the oldest free first; 120 s (the middle of 60–180) between two sends of one mailbox.
    expect(sends.map((s) => s.email_account_id)).toEqual([
      c.mailboxIds[0],
      c.mailboxIds[1],
      c.mailboxIds[0],
      c.mailboxIds[1],
      c.mailboxIds[0],
      c.mailboxIds[1],
    ]);
    for (const mailbox of c.mailboxIds) {
      const times = sends
        .filter((s) => s.email_account_id === mailbox)
        .map((s) => new Date(s.due_at).getTime());
      expect(times[0]).toBe(TUESDAY_10H.getTime());
      expect(times.slice(1).map((t, i) => (t - times[i]!) / 1000)).toEqual([120, 120]);
    }
    for (const s of sends) {
      const account = await db
        .selectFrom('email_accounts')
        .select('email')
        .where('id', '=', s.email_account_id!)
        .executeTakeFirstOrThrow();
      const domain = account.email.split('@')[1]!.toLowerCase();
      expect(s.message_id).toMatch(new RegExp(`^[0-9a-f]{32}@${domain.replaceAll('.', '\\.')}$`));
    }
    expect(new Set(sends.map((s) => s.message_id)).size).toBe(6);
    // Handed to the deliverer, each at its due time; in flight: no due time on its sequence.
    expect(handed.map((h) => [h.id, h.dueAt.getTime()]).sort()).toEqual(
      sends.map((s) => [Number(s.id), new Date(s.due_at).getTime()]).sort(),
    );
    const sequences = await sequencesOf(c.id);
    const inFlight = new Set(sends.map((s) => s.prospect_id));
    for (const s of sequences) expect(s.next_due_at === null).toBe(inFlight.has(s.prospect_id));
    // The caps are reached for the day: a later pass that day plans nothing more.
    const later = await planCampaign(db, c.id, {
      now: at('2026-03-10T13:00:00Z'),
      horizonSeconds: 3600,
      random: half,
      ...recorder(),
    });
    expect(later.sends).toBe(0);
    // The next day the caps start again.
    const nextDay = await planCampaign(db, c.id, {
      now: at('2026-03-11T08:00:00Z'),
      horizonSeconds: 3600,
      random: half,
      ...recorder(),
    });
    expect(nextDay.sends).toBe(4);
  });

  it('hand an overdue planned send over again once its mailbox sends again', async () => {
    const c = await campaign({ prospects: 1, mailboxes: 1 });
    await planCampaign(db, c.id, {
      now: TUESDAY_10H,
      horizonSeconds: 3600,
      random: half,
      ...recorder(),
    });
    const [send] = await sendsOf(c.id);
    expect(send?.state).toBe('scheduled');
    // Its job found the mailbox paused and left it planned; the mailbox is paused still: nothing is handed over.
    await db
      .updateTable('email_accounts')
      .set({ sending_paused_at: TUESDAY_10H, sending_paused_reason: 'too_many_errors' })
      .where('id', '=', c.mailboxIds[0]!)
      .execute();
    const paused = recorder();
    const later = at('2026-03-10T09:30:00Z');
    expect((await planCampaign(db, c.id, { now: later, ...paused })).requeued).toBe(0);
    await db
      .updateTable('email_accounts')
      .set({ sending_paused_at: null, sending_paused_reason: null })
      .where('id', '=', c.mailboxIds[0]!)
      .execute();
    const resumed = recorder();
    expect((await planCampaign(db, c.id, { now: later, ...resumed })).requeued).toBe(1);
    expect(resumed.handed.map((h) => h.id)).toEqual([Number(send!.id)]);
  });

  it('plan only what is due within the horizon, each mailbox after its last send of any campaign', async () => {
    const [shared] = await mailboxes(1);
    const other = await campaign({ prospects: 1, mailboxes: [shared!] });
    const c = await campaign({ prospects: 10, mailboxes: [shared!], spacing: [100, 100] });
    await planCampaign(db, other.id, { now: TUESDAY_10H, random: half, ...recorder() });
    // The default horizon (10 minutes) with 100 s between sends: 10:01:40, 10:03:20 … 10:10:00.
    const report = await planCampaign(db, c.id, { now: TUESDAY_10H, random: half, ...recorder() });
    expect(report.sends).toBe(6);
    const times = (await sendsOf(c.id)).map((s) => new Date(s.due_at).getTime());
    expect(times[0]).toBe(TUESDAY_10H.getTime() + 100_000);
    expect(times.at(-1)).toBe(TUESDAY_10H.getTime() + 600_000);
  });

  it('share a mailbox’s daily cap between the campaigns sending from it', async () => {
    const [shared] = await mailboxes(1);
    const first = await campaign({
      prospects: 4,
      mailboxes: [shared!],
      dailyCap: 5,
      spacing: [1, 1],
    });
    const second = await campaign({
      prospects: 4,
      mailboxes: [shared!],
      dailyCap: 5,
      spacing: [1, 1],
    });
    const options = { now: TUESDAY_10H, horizonSeconds: 3600, random: half };
    expect((await planCampaign(db, first.id, { ...options, ...recorder() })).sends).toBe(4);
    expect((await planCampaign(db, second.id, { ...options, ...recorder() })).sends).toBe(1);
  });

  it('leave out paused and invalid mailboxes', async () => {
    const c = await campaign({ prospects: 6, mailboxes: 3, spacing: [1, 1] });
    await db
      .updateTable('email_accounts')
      .set({ sending_paused_at: TUESDAY_10H, sending_paused_reason: 'bounce_rate' })
      .where('id', '=', c.mailboxIds[0]!)
      .execute();
    await db
      .updateTable('email_accounts')
      .set({ is_valid: false })
      .where('id', '=', c.mailboxIds[1]!)
      .execute();
    await planCampaign(db, c.id, { now: TUESDAY_10H, random: half, ...recorder() });
    const used = new Set((await sendsOf(c.id)).map((s) => s.email_account_id));
    expect([...used]).toEqual([c.mailboxIds[2]]);
  });

  it('plan nothing outside the sending days and hours', async () => {
    const closed = await campaign({ prospects: 3 });
    // Tuesday 18:00 and Saturday 10:00 in Paris.
    for (const now of [at('2026-03-10T17:00:00Z'), at('2026-03-14T09:00:00Z')])
      expect((await planCampaign(db, closed.id, { now, random: half, ...recorder() })).sends).toBe(
        0,
      );
    expect(await sendsOf(closed.id)).toEqual([]);
    // 16:55 with 120 s between sends: 16:55, 16:57, 16:59; 17:01 is outside the hours.
    const c = await campaign({ prospects: 5 });
    const late = await planCampaign(db, c.id, {
      now: at('2026-03-10T15:55:00Z'),
      random: half,
      ...recorder(),
    });
    expect(late.sends).toBe(3);
    expect((await sendsOf(c.id)).map((s) => paris(s.due_at))).toEqual([
      '2026-03-10T16:55',
      '2026-03-10T16:57',
      '2026-03-10T16:59',
    ]);
  });

  it('keep to the wall-clock hours across the daylight-saving switches (Europe/Paris)', async () => {
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    // Sunday 29 March 2026, 08:55 in Paris (summer time since 03:00): the first send at 09:00 summer time.
    const spring = await campaign({ prospects: 2, days: everyDay, spacing: [60, 60] });
    await planCampaign(db, spring.id, { now: at('2026-03-29T06:55:00Z'), ...recorder() });
    expect((await sendsOf(spring.id)).map((s) => new Date(s.due_at).toISOString())).toEqual([
      '2026-03-29T07:00:00.000Z',
      '2026-03-29T07:01:00.000Z',
    ]);
    // Sunday 25 October 2026, 16:58 in Paris (winter time since 03:00): 16:58 and 16:59, nothing at 17:00.
    const autumn = await campaign({ prospects: 3, days: everyDay, spacing: [60, 60] });
    await planCampaign(db, autumn.id, { now: at('2026-10-25T15:58:00Z'), ...recorder() });
    expect((await sendsOf(autumn.id)).map((s) => paris(s.due_at))).toEqual([
      '2026-10-25T16:58',
      '2026-10-25T16:59',
    ]);
    // A follow-up three days after a send on the Friday before each switch keeps its wall-clock time.
    const follow = await campaign({ prospects: 2, days: everyDay, steps: [{}, { delay_days: 3 }] });
    await planCampaign(db, follow.id, { now: at('2026-03-27T09:00:00Z'), ...recorder() });
    const [a, b] = follow.prospectIds;
    await advanceSequence(db, a!, at('2026-03-27T09:30:00Z'));
    await advanceSequence(db, b!, at('2026-10-23T14:30:00Z'));
    const sequences = await sequencesOf(follow.id);
    expect(sequences.map((s) => [s.next_position, paris(s.next_due_at!)])).toEqual([
      [2, '2026-03-30T10:30'],
      [2, '2026-10-26T16:30'],
    ]);
  });

  it('stop the sequence of a suppressed address instead of sending to it', async () => {
    const c = await campaign({ prospects: 0 });
    const [kept, suppressed] = await prospects(c.id, 2, ['kept@example.org', 'Gone@Example.org']);
    await db
      .insertInto('suppressions')
      .values({ user_id: userId, email: 'gone@example.org', reason: 'unsubscribed' })
      .execute();
    const report = await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    expect(report.suppressed).toBe(1);
    expect((await sendsOf(c.id)).map((s) => s.prospect_id)).toEqual([kept]);
    const stopped = (await sequencesOf(c.id)).find((s) => s.prospect_id === suppressed)!;
    expect(stopped.stopped_reason).toBe('suppressed');
  });

  it('pass a step for those who answered when it is for those who did not', async () => {
    const c = await campaign({
      prospects: 2,
      steps: [{ condition: 'no_reply' }, { delay_days: 2 }],
    });
    const [answered] = c.prospectIds;
    await db
      .insertInto('event_marks')
      .values({ prospect_id: answered!, step_id: 0, figure: 'answered', campaign_id: c.id })
      .execute();
    await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    expect((await sendsOf(c.id)).map((s) => s.prospect_id)).toEqual([c.prospectIds[1]]);
    const passed = (await sequencesOf(c.id)).find((s) => s.prospect_id === answered)!;
    expect([passed.next_position, paris(passed.next_due_at!)]).toEqual([2, '2026-03-12T10:00']);
  });
});

describe('after a send', () => {
  it('the sequence moves to the next step, due after its delay in a sending slot, then is done', async () => {
    const c = await campaign({ prospects: 1, steps: [{}, { delay_days: 4 }] });
    const [prospect] = c.prospectIds;
    await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    // Sent Thursday 12 March 16:30: four days later is Monday 16 March, 16:30.
    await advanceSequence(db, prospect!, at('2026-03-12T15:30:00Z'));
    let [sequence] = await sequencesOf(c.id);
    expect([sequence!.next_position, paris(sequence!.next_due_at!)]).toEqual([
      2,
      '2026-03-16T16:30',
    ]);
    // Sent Friday 20 March 16:30: the last step; the sequence is done.
    await advanceSequence(db, prospect!, at('2026-03-20T15:30:00Z'));
    [sequence] = await sequencesOf(c.id);
    expect([sequence!.next_position, sequence!.next_due_at]).toEqual([null, null]);
  });

  it('a delay that ends on a day off moves to the next sending day’s opening', async () => {
    const c = await campaign({ prospects: 1, steps: [{}, { delay_days: 1 }] });
    await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    // Sent Friday 13 March at 11:00: Saturday is off, the step is due Monday 09:00.
    await advanceSequence(db, c.prospectIds[0]!, at('2026-03-13T10:00:00Z'));
    const [sequence] = await sequencesOf(c.id);
    expect(paris(sequence!.next_due_at!)).toBe('2026-03-16T09:00');
  });
});

describe('LinkedIn steps', () => {
  it('become tasks for the customer with the template filled, and the next step counts from the task’s due date', async () => {
    const c = await campaign({
      prospects: 0,
      steps: [
        { type: 'linkedin_invitation', body: 'Bonjour {{first_name}}, de {{company|chez vous}}' },
        { delay_days: 2 },
      ],
    });
    const [prospect] = await prospects(c.id, 1, ['linked@example.org']);
    const report = await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    expect(report.tasks).toBe(1);
    expect(report.sends).toBe(0);
    const tasks = await db
      .selectFrom('tasks')
      .selectAll()
      .where('campaign_id', '=', c.id)
      .execute();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      prospect_id: prospect,
      step_id: c.stepIds[0],
      user_id: userId,
      type: 'linkedin_invitation',
      body: 'Bonjour First0, de Acme',
      state: 'open',
    });
    expect(new Date(tasks[0]!.due_at).getTime()).toBe(TUESDAY_10H.getTime());
    const events = await db
      .selectFrom('campaign_events')
      .select(['type', 'prospect_id', 'step_id'])
      .where('campaign_id', '=', c.id)
      .execute();
    expect(events).toEqual([
      { type: 'task_created', prospect_id: prospect, step_id: c.stepIds[0] },
    ]);
    const [sequence] = await sequencesOf(c.id);
    expect([sequence!.next_position, paris(sequence!.next_due_at!)]).toEqual([
      2,
      '2026-03-12T10:00',
    ]);
    // A second pass makes no second task.
    expect((await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() })).tasks).toBe(0);
  });

  it('are made a bounded number per pass, the rest at the next passes with their own due time', async () => {
    const c = await campaign({ prospects: 5, steps: [{ type: 'linkedin_message' }, {}] });
    const options = { now: TUESDAY_10H, tasksPerPass: 2, ...recorder() };
    const made = [];
    for (let i = 0; i < 4; i += 1) made.push((await planCampaign(db, c.id, options)).tasks);
    expect(made).toEqual([2, 2, 1, 0]);
    const tasks = await db
      .selectFrom('tasks')
      .select(['prospect_id', 'due_at'])
      .where('campaign_id', '=', c.id)
      .execute();
    expect(tasks.map((t) => t.prospect_id).sort()).toEqual([...c.prospectIds].sort());
    for (const t of tasks) expect(new Date(t.due_at).getTime()).toBe(TUESDAY_10H.getTime());
  });
});

describe('lifecycle', () => {
  it('a scheduled campaign starts at its first sending slot, not before', async () => {
    const c = await campaign({ status: 'scheduled', prospects: 2, startDate: '2026-03-12' });
    const before = await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    expect(before.started).toEqual([]);
    expect(await statusOf(c.id)).toBe('scheduled');
    expect(await sendsOf(c.id)).toEqual([]);
    for (const s of await sequencesOf(c.id)) expect(paris(s.next_due_at!)).toBe('2026-03-12T09:00');
    const then = await planCampaign(db, c.id, { now: at('2026-03-12T08:00:00Z'), ...recorder() });
    expect(then.started).toEqual([c.id]);
    expect(await statusOf(c.id)).toBe('running');
    expect(then.sends).toBe(2);
  });

  it('a running campaign completes once every sequence is done or stopped and no send is in flight', async () => {
    const c = await campaign({ prospects: 2, steps: [{}] });
    const [a, b] = c.prospectIds;
    await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    const sends = await sendsOf(c.id);
    expect(sends).toHaveLength(2);
    // One sent and advanced (done), one still being handed to SMTP: not complete.
    await db
      .updateTable('sends')
      .set({ state: 'sent', sent_at: TUESDAY_10H })
      .where('prospect_id', '=', a!)
      .execute();
    await advanceSequence(db, a!, TUESDAY_10H);
    await db.updateTable('sends').set({ state: 'sending' }).where('prospect_id', '=', b!).execute();
    const stopped = await db
      .updateTable('prospect_sequences')
      .set({ stopped_reason: 'replied', stopped_at: TUESDAY_10H })
      .where('prospect_id', '=', b!)
      .executeTakeFirst();
    expect(Number(stopped.numUpdatedRows)).toBe(1);
    const waiting = await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    expect(waiting.completed).toEqual([]);
    await db.updateTable('sends').set({ state: 'sent' }).where('prospect_id', '=', b!).execute();
    const done = await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    expect(done.completed).toEqual([c.id]);
    expect(await statusOf(c.id)).toBe('finished');
  });

  it('a paused campaign plans nothing; its untried sends went back to their sequences', async () => {
    const c = await campaign({ prospects: 3, spacing: [60, 60] });
    await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    const planned = await sendsOf(c.id);
    expect(planned).toHaveLength(3);
    await db.updateTable('campaigns').set({ status: 'paused' }).where('id', '=', c.id).execute();
    await withdrawPlannedSends(db, c.id);
    expect(await sendsOf(c.id)).toEqual([]);
    const sequences = await sequencesOf(c.id);
    expect(sequences.map((s) => new Date(s.next_due_at!).getTime()).sort()).toEqual(
      planned.map((s) => new Date(s.due_at).getTime()).sort(),
    );
    await prospects(c.id, 1);
    const paused = await planCampaigns(db, { now: at('2026-03-10T10:00:00Z'), ...recorder() });
    expect(paused.started).not.toContain(c.id);
    expect(await sendsOf(c.id)).toEqual([]);
    expect(await sequencesOf(c.id)).toHaveLength(3);
  });

  it('finishing stops the sequences and cancels the planned sends', async () => {
    const c = await campaign({ prospects: 2 });
    await planCampaign(db, c.id, { now: TUESDAY_10H, ...recorder() });
    await finishCampaignSequences(db, c.id, TUESDAY_10H);
    expect((await sendsOf(c.id)).map((s) => s.state)).toEqual(['cancelled', 'cancelled']);
    expect((await sequencesOf(c.id)).map((s) => s.stopped_reason)).toEqual([
      'campaign_finished',
      'campaign_finished',
    ]);
  });
});

describe('two instances planning at once', () => {
  it('never plan a step twice, nor beyond a mailbox’s cap', async () => {
    const c = await campaign({ prospects: 40, mailboxes: 3, dailyCap: 8, spacing: [30, 30] });
    const other = await database.anotherConnection();
    try {
      const first = recorder();
      const second = recorder();
      const options = { now: TUESDAY_10H, horizonSeconds: 3600, random: half };
      const reports = await Promise.all([
        planCampaigns(db, { ...options, enqueue: first.enqueue }),
        planCampaigns(other.db, { ...options, enqueue: second.enqueue }),
        planCampaign(db, c.id, { ...options, enqueue: first.enqueue }),
        planCampaign(other.db, c.id, { ...options, enqueue: second.enqueue }),
      ]);
      const sends = await sendsOf(c.id);
      expect(sends).toHaveLength(24);
      expect(reports.slice(2).reduce((n, r) => n + r.sends, 0)).toBeLessThanOrEqual(24);
      expect(new Set(sends.map((s) => s.prospect_id)).size).toBe(24);
      const handed = [...first.handed, ...second.handed].filter((h) => h.campaignId === c.id);
      expect(handed.map((h) => h.id).sort()).toEqual(sends.map((s) => Number(s.id)).sort());
      for (const mailbox of c.mailboxIds) {
        const times = sends
          .filter((s) => s.email_account_id === mailbox)
          .map((s) => new Date(s.due_at).getTime());
        expect(times).toHaveLength(8);
        for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBe(30_000);
      }
    } finally {
      await other.close();
    }
  });
});

describe('the builder’s lifecycle moves', () => {
  it('a resume adds a plan pass when the engine is on; a pause takes back the untried sends; a finish stops the sequences', async () => {
    // No worker: the pass added by the resume waits, where the test can see it.
    const t = await startTestApp({
      sendingEngine: true,
      jobs: { ...TEST_JOB_SETTINGS, worker: false },
    });
    try {
      const tdb = t.database.db;
      const staff = (await t.login('staff@example.com')).access;
      const move = (id: number, action: string) =>
        t.call('POST', `/api/v1/campaigns/${id}/lifecycle`, { token: staff, body: { action } });
      const running = await tdb
        .selectFrom('campaigns')
        .select(['id', 'user_id'])
        .where('status', '=', 'running')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const [step] = await tdb
        .selectFrom('campaign_steps')
        .select('id')
        .where('campaign_id', '=', running.id)
        .orderBy('position')
        .execute();
      // Two prospects of its own in the demo's running campaign: one with a send never tried, one retried.
      const [a, b] = await tdb
        .insertInto('prospects')
        .values(
          ['moves.a@example.org', 'moves.b@example.org'].map((email) => ({
            campaign_id: running.id,
            user_id: running.user_id,
            title: 'undefined',
            first_name: 'Moves',
            last_name: email,
            company_name: 'Acme',
            email,
            prospecting_status: 'pending',
            created_at: new Date(),
            updated_at: new Date(),
          })),
        )
        .returning('id')
        .execute();
      const ours = [a!.id, b!.id];
      const due = new Date('2030-01-07T09:00:00Z');
      await tdb
        .insertInto('prospect_sequences')
        .values(
          [a!, b!].map((p) => ({ prospect_id: p.id, campaign_id: running.id, next_position: 1 })),
        )
        .execute();
      await tdb
        .insertInto('sends')
        .values(
          [a!, b!].map((p, i) => ({
            campaign_id: running.id,
            step_id: step!.id,
            prospect_id: p.id,
            message_id: `lifecycle-${p.id}@example.com`,
            state: i === 0 ? 'scheduled' : 'deferred',
            attempts: i,
            due_at: due,
          })),
        )
        .execute();

      expect((await move(running.id, 'pause')).statusCode).toBe(200);
      const left = await tdb
        .selectFrom('sends')
        .select(['prospect_id', 'state'])
        .where('prospect_id', 'in', ours)
        .execute();
      expect(left).toEqual([{ prospect_id: b!.id, state: 'deferred' }]);
      const back = await tdb
        .selectFrom('prospect_sequences')
        .select('next_due_at')
        .where('prospect_id', '=', a!.id)
        .executeTakeFirstOrThrow();
      expect(new Date(back.next_due_at!).getTime()).toBe(due.getTime());

      const before = (await t.app.services.jobs.list('campaigns.plan')).length;
      expect((await move(running.id, 'resume')).statusCode).toBe(200);
      expect((await t.app.services.jobs.list('campaigns.plan')).length).toBe(before + 1);

      // The planner's hand-over: one deliver job per send, starting at its due time.
      const dueIn = new Date(Date.now() + 3600_000);
      await deliveryJobs(t.app.services)(tdb, [
        {
          id: 987654,
          campaignId: running.id,
          prospectId: a!.id,
          stepId: step!.id,
          emailAccountId: 0,
          messageId: 'handover@example.com',
          dueAt: dueIn,
        },
      ]);
      const [job] = await t.app.services.jobs.list('sends.deliver', {
        payload: { sendId: 987654 },
      });
      expect(job?.state).toBe('created');
      expect(Math.abs(job!.startAfter.getTime() - dueIn.getTime())).toBeLessThan(60_000);

      expect((await move(running.id, 'finish')).statusCode).toBe(200);
      const sequences = await tdb
        .selectFrom('prospect_sequences')
        .select('stopped_reason')
        .where('prospect_id', 'in', ours)
        .execute();
      expect(sequences.map((s) => s.stopped_reason)).toEqual([
        'campaign_finished',
        'campaign_finished',
      ]);
      const sends = await tdb
        .selectFrom('sends')
        .select('state')
        .where('prospect_id', 'in', ours)
        .execute();
      expect(sends.map((s) => s.state)).toEqual(['cancelled']);
    } finally {
      await t.close();
    }
  });
});

describe('shortened days for tests (SENDING_TEST_DAY)', () => {
  it('plans at once outside the window, spaces the sends in proportion and counts a day of delay as the test day', async () => {
    // 2 steps a day apart, spacing 60-180 s; Saturday noon in Paris, outside the Monday-to-Friday window.
    const c = await campaign({ prospects: 3, steps: [{}, { delay_days: 1 }] });
    const saturday = at('2026-03-14T11:00:00Z');
    const test = { daySeconds: 10 };
    const { handed, enqueue } = recorder();
    const report = await planCampaign(db, c.id, { now: saturday, random: half, enqueue, test });
    expect(report.sends).toBe(3);
    // The middle of the spacing, 120 s, shrunk by 10 s / 86,400 s: 13.9 ms between two sends (whole ms).
    expect(handed.map((s) => s.dueAt.getTime() - saturday.getTime())).toEqual([0, 13, 26]);
    // Sent: the next step is due one test day later, at any hour.
    const sentAt = at('2026-03-14T11:00:01Z');
    await advanceSequence(db, handed[0]!.prospectId, sentAt, test);
    const sequence = (await sequencesOf(c.id)).find((s) => s.prospect_id === handed[0]!.prospectId);
    expect(new Date(sequence!.next_due_at!).toISOString()).toBe('2026-03-14T11:00:11.000Z');
    // Without the setting, the same campaign waits for Monday 09:00.
    const real = await campaign({ prospects: 1, steps: [{}, { delay_days: 1 }] });
    expect((await planCampaign(db, real.id, { now: saturday, ...recorder() })).sends).toBe(0);
  });
});
