/**
 * The sending engine's planner: what is due and when (decisions 0160, 0161). One pass, every minute and at once
 * after a launch or a resume, goes over the launched campaigns and for each:
 *
 * 1. gives every prospect without one its sequence (first step, due at the first sending slot), in one statement;
 * 2. starts a scheduled campaign when its first sending slot has come (the engine's `start` move);
 * 3. turns the LinkedIn steps that are due into tasks for the customer, and moves their sequences on;
 * 4. plans the e-mail steps due within the horizon on the campaign's mailboxes: inside the sending window, under the
 *    daily cap, in rotation, spaced by a random interval, at most once per prospect and step; each send is handed
 *    to the deliverer as a job due at its time;
 * 5. completes a running campaign whose sequences are all done or stopped, with no send in flight.
 *
 * After each send the deliverer calls `advanceSequence`. `finishCampaignSequences` and `withdrawPlannedSends` are
 * what finishing and pausing a campaign do to its sequences and planned sends, in the move's transaction.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  CAMPAIGN_STATUSES,
  addDays,
  instantOf,
  isActiveStatus,
  isCampaignStatus,
  isTaskStep,
  nextSendingSlot,
  nextStatus,
  prospectValues,
  renderTemplate,
  renderedText,
  wallTimeOf,
  type CampaignStatus,
  type SendingWindow,
  type SendState,
  WAITING_SEND_STATES,
} from '@prospecta/domain';
import type { LandingPage, WorkflowStepType } from '@prospecta/domain/contract';
import { inTransaction, type Db } from '../db/index';
import type { CampaignsTable } from '../db/types';
import { campaignEventsRepository } from '../repositories/campaign-events';
import { LANDING_PAGE_COLUMNS } from '../repositories/campaign-definitions';

/** E-mail steps due up to this far ahead are planned now (decision 0161). */
export const PLAN_HORIZON_SECONDS = 600;
/** Due LinkedIn steps turned into tasks per transaction. */
const TASK_BATCH = 1000;
/**
 * Tasks made per campaign and pass: a LinkedIn-first campaign of 100,000 prospects makes its tasks over a few
 * minutes' passes (each task keeps its due time), so that no pass holds the database for minutes.
 */
export const TASKS_PER_PASS = 20_000;
/** Rows per statement when many sequences move at once. */
const UPDATE_BATCH = 1000;

/** A send the planner made, for the deliverer's job. */
export interface PlannedSend {
  id: number;
  campaignId: number;
  prospectId: number;
  stepId: number;
  emailAccountId: number;
  messageId: string;
  dueAt: Date;
}

/** Hands planned sends to the deliverer, in the planning transaction (so a rolled back plan leaves no job). */
export type EnqueueDeliveries = (trx: Db, sends: readonly PlannedSend[]) => Promise<void>;

/**
 * Tests only (SENDING_TEST_DAY, development and CI): a day of a step's delay lasts `daySeconds`, a mailbox's spacing
 * shrinks in the same proportion, and the sending window is always open. An end-to-end test then runs a whole
 * sequence in a minute; the daily cap still counts real days.
 */
export interface TestTiming {
  daySeconds: number;
}

/** How a campaign's time passes for the engine: its sending slots, and when a delay of days ends. */
interface Calendar {
  /** The first sending slot at or after `at`; null: the window has none. */
  slot(at: Date): Date | null;
  /** When a step `days` after `from` is due. */
  after(from: Date, days: number): Date;
  /** What a spacing in seconds is multiplied by. */
  spacingScale: number;
}

function calendarOf(window: SendingWindow, test?: TestTiming): Calendar {
  if (test)
    return {
      slot: (at) => at,
      after: (from, days) => new Date(from.getTime() + days * test.daySeconds * 1000),
      spacingScale: test.daySeconds / 86_400,
    };
  return {
    slot: (at) => nextSendingSlot(at, window),
    after: (from, days) => dueAfter(from, days, window),
    spacingScale: 1,
  };
}

export interface PlanOptions {
  /** The clock (tests fix it). */
  now?: Date;
  /** Shortened days, spacing and an open window (SENDING_TEST_DAY); absent: the campaign's own. */
  test?: TestTiming;
  horizonSeconds?: number;
  /** A number in [0, 1): the spacing between two sends of a mailbox (tests fix it). */
  random?: () => number;
  /** Tasks made per campaign and pass (TASKS_PER_PASS; tests lower it). */
  tasksPerPass?: number;
  enqueue: EnqueueDeliveries;
}

/** What a pass did. */
export interface PlanReport {
  campaigns: number;
  sequencesCreated: number;
  started: number[];
  completed: number[];
  tasks: number;
  sends: number;
  suppressed: number;
  /** Planned sends overdue with no job left (their mailbox was paused, then resumed): handed over again. */
  requeued: number;
}

/** A planned send this long past its due time has lost its job (the deliverer found its mailbox paused). */
const OVERDUE_SECONDS = 120;
/** At most this many overdue sends handed over again per campaign and pass. */
const REQUEUE_PER_PASS = 1000;

/**
 * Hands the campaign's overdue planned sends to the deliverer again: a send whose job found its mailbox paused stays
 * planned with no job, and goes once the mailbox sends again. A send whose job still waits is not added twice (the
 * deliverer's job is one waiting per send).
 */
async function requeueOverdueSends(
  db: Db,
  campaignId: number,
  now: Date,
  enqueue: EnqueueDeliveries,
): Promise<number> {
  const rows = await db
    .selectFrom('sends as s')
    .innerJoin('email_accounts as a', 'a.id', 's.email_account_id')
    .innerJoin('campaigns as c', 'c.id', 's.campaign_id')
    .select([
      's.id',
      's.prospect_id',
      's.step_id',
      's.email_account_id',
      's.message_id',
      's.due_at',
    ])
    .where('s.campaign_id', '=', campaignId)
    .where('c.status', '=', 'running')
    .where('s.state', 'in', WAITING_SEND_STATES)
    .where('s.due_at', '<=', new Date(now.getTime() - OVERDUE_SECONDS * 1000))
    .where('a.sending_paused_at', 'is', null)
    .where('a.is_valid', '=', true)
    .orderBy('s.due_at')
    .limit(REQUEUE_PER_PASS)
    .execute();
  if (rows.length === 0) return 0;
  await inTransaction(db, (trx) =>
    enqueue(
      trx,
      rows.map((r) => ({
        id: Number(r.id),
        campaignId,
        prospectId: r.prospect_id,
        stepId: r.step_id,
        emailAccountId: r.email_account_id!,
        messageId: r.message_id,
        dueAt: now,
      })),
    ),
  );
  return rows.length;
}

const emptyReport = (): PlanReport => ({
  campaigns: 0,
  sequencesCreated: 0,
  started: [],
  completed: [],
  tasks: 0,
  sends: 0,
  suppressed: 0,
  requeued: 0,
});

/** Sends still to go out or going out: the campaign is not complete while one exists. */
const IN_FLIGHT_STATES = [
  'scheduled',
  'deferred',
  'sending',
] as const satisfies readonly SendState[];
/** Sends that count for a mailbox's daily cap and spacing (everything but withdrawn ones and retries ahead). */
const COUNTED_STATES = [
  'scheduled',
  'sending',
  'sent',
  'unknown',
  'failed',
] as const satisfies readonly SendState[];

const ACTIVE_STATUSES = CAMPAIGN_STATUSES.filter(isActiveStatus);

interface CampaignFacts {
  id: number;
  user_id: number;
  status: CampaignStatus;
  language: 'fr' | 'en';
  daily_cap: number;
  spacing_min_seconds: number;
  spacing_max_seconds: number;
  window: SendingWindow;
  calendar: Calendar;
}

interface StepFacts {
  id: number;
  position: number;
  type: WorkflowStepType;
  body: string;
  delay_days: number;
  condition: string;
}

const parsed = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

const CAMPAIGN_FACT_COLUMNS = [
  'campaigns.id',
  'campaigns.user_id',
  'campaigns.status',
  'campaigns.language',
  'campaigns.daily_cap',
  'campaigns.spacing_min_seconds',
  'campaigns.spacing_max_seconds',
  'campaigns.time_zone',
  'campaigns.sending_days',
  'campaigns.sending_start',
  'campaigns.sending_end',
  'campaigns.start_date',
] as const;

type CampaignFactsRow = Pick<
  Selectable<CampaignsTable>,
  (typeof CAMPAIGN_FACT_COLUMNS)[number] extends `campaigns.${infer C}` ? C : never
>;

/** A campaign's row as the planner works with it; undefined when its status is unknown. */
function factsOf(row: CampaignFactsRow, test?: TestTiming): CampaignFacts | undefined {
  if (!isCampaignStatus(row.status)) return undefined;
  const window: SendingWindow = {
    time_zone: row.time_zone,
    sending_days: parsed<number[]>(row.sending_days) as SendingWindow['sending_days'],
    sending_start: row.sending_start,
    sending_end: row.sending_end,
    start_date: row.start_date,
  };
  return {
    id: row.id,
    user_id: row.user_id,
    status: row.status,
    language: row.language === 'en' ? 'en' : 'fr',
    daily_cap: row.daily_cap,
    spacing_min_seconds: Math.max(0, row.spacing_min_seconds),
    spacing_max_seconds: Math.max(row.spacing_min_seconds, row.spacing_max_seconds),
    window,
    calendar: calendarOf(window, test),
  };
}

async function campaignFacts(db: Db, campaignId: number, lock = false, test?: TestTiming) {
  let query = db.selectFrom('campaigns').select(CAMPAIGN_FACT_COLUMNS).where('id', '=', campaignId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? factsOf(row, test) : undefined;
}

const STEP_FACT_COLUMNS = [
  'campaign_steps.id',
  'campaign_steps.position',
  'campaign_steps.workflow_step_type',
  'campaign_steps.body',
  'campaign_steps.delay_days',
  'campaign_steps.condition',
] as const;

const stepFactsOf = (r: {
  id: number;
  position: number;
  workflow_step_type: string;
  body: string;
  delay_days: number;
  condition: string;
}): StepFacts => ({
  id: r.id,
  position: r.position,
  type: r.workflow_step_type as WorkflowStepType,
  body: r.body,
  delay_days: r.delay_days,
  condition: r.condition,
});

async function stepsOf(db: Db, campaignId: number): Promise<StepFacts[]> {
  const rows = await db
    .selectFrom('campaign_steps')
    .select(STEP_FACT_COLUMNS)
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(stepFactsOf);
}

/**
 * When a step `days` after `from` is due: the same wall-clock time `days` calendar days later in the campaign's
 * zone (a daylight-saving switch in between does not shift it by an hour), moved into the next sending slot.
 */
export function dueAfter(from: Date, days: number, window: SendingWindow): Date {
  let at = from;
  if (days > 0) {
    const wall = wallTimeOf(from, window.time_zone);
    at = instantOf(
      { ...addDays(wall, days), hour: wall.hour, minute: wall.minute },
      window.time_zone,
    );
    if (at.getTime() < from.getTime()) at = from;
  }
  // A window with a problem blocks the launch; should one appear later, the step waits its delay only.
  return nextSendingSlot(at, window) ?? at;
}

/** The instants a calendar day of the zone starts and ends at. */
function dayBounds(at: Date, zone: string): { key: string; start: Date; end: Date } {
  const wall = wallTimeOf(at, zone);
  const next = addDays(wall, 1);
  return {
    key: `${wall.year}-${wall.month}-${wall.day}`,
    start: instantOf(
      { year: wall.year, month: wall.month, day: wall.day, hour: 0, minute: 0 },
      zone,
    ),
    end: instantOf({ ...next, hour: 0, minute: 0 }, zone),
  };
}

/** Our Message-ID for a send from a mailbox, without the angle brackets: random, on the mailbox's domain. */
export function newMessageId(mailbox: string): string {
  const domain = mailbox.slice(mailbox.lastIndexOf('@') + 1).toLowerCase() || 'localhost';
  return `${randomBytes(16).toString('hex')}@${domain}`;
}

/**
 * Moves many sequences in a few statements: each to its next position and due time. Moves are grouped by where
 * they go (a batch of tasks due at one time moves together), each group one update by primary key.
 */
async function moveSequences(
  trx: Db,
  moves: readonly {
    prospectId: number;
    from: number;
    position: number | null;
    dueAt: Date | null;
  }[],
  at: Date,
): Promise<void> {
  const groups = new Map<
    string,
    { from: number; position: number | null; dueAt: Date | null; ids: number[] }
  >();
  for (const move of moves) {
    const key = `${move.from}:${move.position}:${move.dueAt?.getTime() ?? ''}`;
    let group = groups.get(key);
    if (!group) {
      group = { from: move.from, position: move.position, dueAt: move.dueAt, ids: [] };
      groups.set(key, group);
    }
    group.ids.push(move.prospectId);
  }
  for (const group of groups.values()) {
    for (let i = 0; i < group.ids.length; i += UPDATE_BATCH) {
      await trx
        .updateTable('prospect_sequences')
        .set({ next_position: group.position, next_due_at: group.dueAt, updated_at: at })
        .where('prospect_id', 'in', group.ids.slice(i, i + UPDATE_BATCH))
        .where('next_position', '=', group.from)
        .where('stopped_reason', 'is', null)
        .execute();
    }
  }
}

/** The step after `position` and when it is due after `from`; null position: the sequence is done. */
function following(steps: readonly StepFacts[], position: number, from: Date, calendar: Calendar) {
  const next = steps.find((s) => s.position > position);
  return next
    ? { position: next.position, dueAt: calendar.after(from, next.delay_days) }
    : { position: null, dueAt: null };
}

/**
 * `following` remembered for a batch: the prospects of a batch mostly share their due time, and the wall-clock
 * arithmetic (Intl) is what a batch of a thousand would otherwise spend its time on.
 */
function followingOnce(steps: readonly StepFacts[], calendar: Calendar) {
  const known = new Map<string, ReturnType<typeof following>>();
  return (position: number, from: Date) => {
    const key = `${position}:${from.getTime()}`;
    let next = known.get(key);
    if (!next) {
      next = following(steps, position, from, calendar);
      known.set(key, next);
    }
    return next;
  };
}

/**
 * After a step of a prospect went out (the deliverer, once the send is recorded, in its transaction): its next
 * step's position and due time (`sentAt` + the step's delay, in the next sending slot), or the sequence done.
 * A stopped sequence stays as it is.
 */
export async function advanceSequence(
  trx: Db,
  prospectId: number,
  sentAt: Date,
  test?: TestTiming,
): Promise<void> {
  // The sequence, its campaign and the campaign's steps in one statement (the deliverer's cost per mail).
  const row = await trx
    .selectFrom('prospect_sequences')
    .innerJoin('campaigns', 'campaigns.id', 'prospect_sequences.campaign_id')
    .select((eb) => [
      'prospect_sequences.next_position',
      'prospect_sequences.stopped_reason',
      ...CAMPAIGN_FACT_COLUMNS,
      jsonArrayFrom(
        eb
          .selectFrom('campaign_steps')
          .select(STEP_FACT_COLUMNS)
          .whereRef('campaign_steps.campaign_id', '=', 'campaigns.id')
          .orderBy('campaign_steps.position')
          .orderBy('campaign_steps.id'),
      ).as('steps'),
    ])
    .where('prospect_sequences.prospect_id', '=', prospectId)
    .executeTakeFirst();
  if (!row || row.stopped_reason !== null || row.next_position === null) return;
  const campaign = factsOf(row, test);
  if (!campaign) return;
  const next = following(row.steps.map(stepFactsOf), row.next_position, sentAt, campaign.calendar);
  await moveSequences(trx, [{ prospectId, from: row.next_position, ...next }], new Date());
}

/**
 * A campaign finished by staff: its running sequences stop ('campaign_finished') and its planned sends not yet
 * taken are cancelled (a send already handed to SMTP ends as it will). In the move's transaction.
 */
export async function finishCampaignSequences(trx: Db, campaignId: number, at = new Date()) {
  await trx
    .updateTable('prospect_sequences')
    .set({ stopped_reason: 'campaign_finished', stopped_at: at, next_due_at: null, updated_at: at })
    .where('campaign_id', '=', campaignId)
    .where('stopped_reason', 'is', null)
    .where('next_position', 'is not', null)
    .execute();
  await trx
    .updateTable('sends')
    .set({ state: 'cancelled', updated_at: at })
    .where('campaign_id', '=', campaignId)
    .where('state', 'in', WAITING_SEND_STATES)
    .execute();
}

/**
 * A campaign paused by staff: its planned sends never tried go back to their sequences (due when they were), so a
 * resume plans them again on the mailboxes and times of then; a send being handed to SMTP, or retried after a
 * temporary refusal, stays. In the move's transaction.
 */
export async function withdrawPlannedSends(trx: Db, campaignId: number, at = new Date()) {
  await sql`with withdrawn as (
      delete from sends where campaign_id = ${campaignId} and state = 'scheduled' and attempts = 0
      returning prospect_id, due_at
    )
    update prospect_sequences ps set next_due_at = w.due_at, updated_at = ${at}
    from withdrawn w
    where ps.prospect_id = w.prospect_id and ps.stopped_reason is null`.execute(trx);
}

/** Every prospect of the campaign without a sequence gets one: first step, due at the first sending slot. */
async function createSequences(db: Db, campaign: CampaignFacts, first: StepFacts, now: Date) {
  const dueAt = campaign.calendar.after(now, first.delay_days);
  const result = await sql`insert into prospect_sequences
      (prospect_id, campaign_id, next_position, next_due_at, updated_at)
    select p.id, p.campaign_id, ${first.position}::int, ${dueAt}::timestamptz, ${now}::timestamptz
    from prospects p
    where p.campaign_id = ${campaign.id}
      and not exists (select 1 from prospect_sequences s where s.prospect_id = p.id)
    on conflict (prospect_id) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** The due LinkedIn steps become open tasks (the step's template filled), the sequences move on. */
async function planTasks(
  db: Db,
  campaignId: number,
  steps: readonly StepFacts[],
  now: Date,
  limit: number,
  test?: TestTiming,
): Promise<number> {
  const taskSteps = steps.filter((s) => isTaskStep(s.type));
  if (taskSteps.length === 0) return 0;
  const byPosition = new Map(taskSteps.map((s) => [s.position, s]));
  const landingPages = (await db
    .selectFrom('landing_pages')
    .select(LANDING_PAGE_COLUMNS)
    .where('campaign_id', '=', campaignId)
    .orderBy('position')
    .execute()) as LandingPage[];
  let created = 0;
  for (;;) {
    const batch = await inTransaction(db, async (trx) => {
      const campaign = await campaignFacts(trx, campaignId, true, test);
      if (campaign?.status !== 'running') return 0;
      const due = await trx
        .selectFrom('prospect_sequences as ps')
        .innerJoin('prospects as p', 'p.id', 'ps.prospect_id')
        .select([
          'ps.prospect_id',
          'ps.next_position',
          'ps.next_due_at',
          'p.first_name',
          'p.last_name',
          'p.company_name',
          'p.position',
        ])
        .where('ps.campaign_id', '=', campaignId)
        .where('ps.stopped_reason', 'is', null)
        .where('ps.next_position', 'in', [...byPosition.keys()])
        .where('ps.next_due_at', '<=', now)
        // Due order alone, read off the due index (a tie broken by id would sort every due row at each batch).
        .orderBy('ps.next_due_at')
        .limit(Math.min(TASK_BATCH, limit - created))
        .execute();
      if (due.length === 0) return 0;
      const tasks = due.map((row) => {
        const step = byPosition.get(row.next_position!)!;
        const dueAt = new Date(row.next_due_at!);
        const body = renderedText(
          renderTemplate(step.body, {
            language: campaign.language,
            values: prospectValues(row),
            landingPages,
          }),
        );
        return { row, step, dueAt, body };
      });
      const inserted = await trx
        .insertInto('tasks')
        .values(
          tasks.map((t) => ({
            campaign_id: campaignId,
            step_id: t.step.id,
            prospect_id: t.row.prospect_id,
            user_id: campaign.user_id,
            type: t.step.type,
            body: t.body,
            due_at: t.dueAt,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['prospect_id', 'step_id']).doNothing())
        .returning(['id', 'prospect_id'])
        .execute();
      const taskOf = new Map(inserted.map((r) => [r.prospect_id, r.id]));
      await campaignEventsRepository(trx).record(
        tasks
          .filter((t) => taskOf.has(t.row.prospect_id))
          .map((t) => ({
            type: 'task_created' as const,
            campaignId,
            prospectId: t.row.prospect_id,
            stepId: t.step.id,
            data: { taskId: taskOf.get(t.row.prospect_id) },
            at: now,
          })),
      );
      // The next step counts from the task's due date: the engine does not wait for the customer.
      const next = followingOnce(steps, campaign.calendar);
      await moveSequences(
        trx,
        tasks.map((t) => ({
          prospectId: t.row.prospect_id,
          from: t.step.position,
          ...next(t.step.position, t.dueAt),
        })),
        now,
      );
      return inserted.length;
    });
    created += batch;
    if (batch === 0 || created >= limit) break;
  }
  return created;
}

interface MailboxState {
  id: number;
  email: string;
  /** When it may send next (the last send of any campaign plus a spacing); null: out of this pass. */
  nextFree: Date | null;
}

/**
 * The e-mail steps due within the horizon, planned on the campaign's mailboxes (decision 0161). One transaction,
 * the campaign's row and its mailboxes' rows locked, so two passes never count the same free places.
 */
async function planSends(
  db: Db,
  campaignId: number,
  steps: readonly StepFacts[],
  options: Required<Omit<PlanOptions, 'enqueue' | 'tasksPerPass' | 'test'>> &
    Pick<PlanOptions, 'enqueue' | 'test'>,
): Promise<{ sends: number; suppressed: number }> {
  const { now, random } = options;
  const horizonEnd = new Date(now.getTime() + options.horizonSeconds * 1000);
  const emailSteps = new Map(steps.filter((s) => !isTaskStep(s.type)).map((s) => [s.position, s]));
  if (emailSteps.size === 0) return { sends: 0, suppressed: 0 };
  return inTransaction(db, async (trx) => {
    const campaign = await campaignFacts(trx, campaignId, true, options.test);
    if (campaign?.status !== 'running') return { sends: 0, suppressed: 0 };
    const { window, calendar } = campaign;
    const firstSlot = calendar.slot(now);
    if (!firstSlot || firstSlot.getTime() > horizonEnd.getTime())
      return { sends: 0, suppressed: 0 };
    const accounts = await trx
      .selectFrom('campaign_mailboxes as cm')
      .innerJoin('email_accounts as ea', 'ea.id', 'cm.email_account_id')
      .select(['ea.id', 'ea.email', 'ea.last_sent_at'])
      .where('cm.campaign_id', '=', campaignId)
      .where('ea.is_valid', '=', true)
      .where('ea.sending_paused_at', 'is', null)
      .orderBy('ea.id')
      .forUpdate('ea')
      .execute();
    if (accounts.length === 0) return { sends: 0, suppressed: 0 };
    const spacing = () =>
      (campaign.spacing_min_seconds +
        random() * (campaign.spacing_max_seconds - campaign.spacing_min_seconds)) *
      1000 *
      calendar.spacingScale;
    const latest = await trx
      .selectFrom('sends')
      .select([
        'email_account_id',
        sql<Date | string>`max(coalesce(sent_at, sending_at, due_at))`.as('last_at'),
      ])
      .where(
        'email_account_id',
        'in',
        accounts.map((a) => a.id),
      )
      .where('state', 'in', COUNTED_STATES)
      .groupBy('email_account_id')
      .execute();
    const lastOf = new Map(latest.map((r) => [r.email_account_id, new Date(r.last_at)]));
    const mailboxes = new Map<number, MailboxState>(
      accounts.map((a) => {
        const times = [lastOf.get(a.id), a.last_sent_at ? new Date(a.last_sent_at) : undefined]
          .filter((d): d is Date => d !== undefined)
          .map((d) => d.getTime());
        const last = times.length ? Math.max(...times) : null;
        const nextFree = last === null ? now : new Date(Math.max(now.getTime(), last + spacing()));
        return [a.id, { id: a.id, email: a.email, nextFree }];
      }),
    );
    // The mailbox's sends on a day of the campaign's zone, all campaigns together (read once per day).
    const dayCounts = new Map<string, number>();
    async function sentOn(mailbox: number, at: Date) {
      const day = dayBounds(at, window.time_zone);
      const key = `${mailbox}:${day.key}`;
      let count = dayCounts.get(key);
      if (count === undefined) {
        const row = await trx
          .selectFrom('sends')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('email_account_id', '=', mailbox)
          .where('state', 'in', COUNTED_STATES)
          .where(sql`coalesce(sent_at, due_at)`, '>=', day.start)
          .where(sql`coalesce(sent_at, due_at)`, '<', day.end)
          .executeTakeFirstOrThrow();
        count = row.n;
        dayCounts.set(key, count);
      }
      return { key, count };
    }

    // Enough candidates for every free place within the horizon, and some to spare for skipped ones.
    const perMailbox =
      Math.ceil(
        options.horizonSeconds / Math.max(1, campaign.spacing_min_seconds * calendar.spacingScale),
      ) + 1;
    const limit = Math.min(
      5000,
      accounts.length * Math.min(perMailbox, campaign.daily_cap) * 2 + 50,
    );
    const candidates = await trx
      .selectFrom('prospect_sequences as ps')
      .innerJoin('prospects as p', 'p.id', 'ps.prospect_id')
      .select([
        'ps.prospect_id',
        'ps.next_position',
        'ps.next_due_at',
        'p.email',
        sql<boolean>`exists (select 1 from suppressions su
          where su.user_id = p.user_id and su.email = lower(p.email))`.as('suppressed'),
        sql<boolean>`exists (select 1 from event_marks m
          where m.prospect_id = ps.prospect_id and m.step_id = 0 and m.figure = 'answered')`.as(
          'replied',
        ),
        sql<number | null>`(select s.email_account_id from sends s
          where s.prospect_id = ps.prospect_id and s.campaign_id = ps.campaign_id and s.state = 'sent'
          order by s.sent_at desc limit 1)`.as('thread_mailbox'),
      ])
      .where('ps.campaign_id', '=', campaignId)
      .where('ps.stopped_reason', 'is', null)
      .where('ps.next_position', 'in', [...emailSteps.keys()])
      .where('ps.next_due_at', '<=', horizonEnd)
      // Due order alone, read off the due index (a tie broken by id would sort every due row at each pass).
      .orderBy('ps.next_due_at')
      .limit(limit)
      .execute();

    const events = campaignEventsRepository(trx);
    const next = followingOnce(steps, calendar);
    const planned: Omit<PlannedSend, 'id'>[] = [];
    const skipped: {
      prospectId: number;
      from: number;
      position: number | null;
      dueAt: Date | null;
    }[] = [];
    let suppressed = 0;
    for (const candidate of candidates) {
      const step = emailSteps.get(candidate.next_position!)!;
      const dueAt = new Date(candidate.next_due_at!);
      if (candidate.suppressed) {
        await events.stopSequence(candidate.prospect_id, 'suppressed', now);
        suppressed += 1;
        continue;
      }
      // No address to write to, or a step for those who did not answer: the step is passed.
      if (!candidate.email?.trim() || (step.condition === 'no_reply' && candidate.replied)) {
        skipped.push({
          prospectId: candidate.prospect_id,
          from: step.position,
          ...next(step.position, dueAt),
        });
        continue;
      }
      // Follow-ups leave from the mailbox of the thread while it is in rotation; otherwise any mailbox.
      const sticky =
        candidate.thread_mailbox !== null ? mailboxes.get(candidate.thread_mailbox) : undefined;
      const choices = sticky ? [sticky] : [...mailboxes.values()];
      let placed = false;
      for (;;) {
        const open = choices
          .filter((m) => m.nextFree !== null)
          .sort((a, b) => a.nextFree!.getTime() - b.nextFree!.getTime() || a.id - b.id);
        const mailbox = open[0];
        if (!mailbox) break;
        const at = calendar.slot(
          new Date(Math.max(mailbox.nextFree!.getTime(), dueAt.getTime(), now.getTime())),
        );
        if (!at || at.getTime() > horizonEnd.getTime()) {
          mailbox.nextFree = null;
          continue;
        }
        const day = await sentOn(mailbox.id, at);
        if (day.count >= campaign.daily_cap) {
          mailbox.nextFree = null;
          continue;
        }
        dayCounts.set(day.key, day.count + 1);
        mailbox.nextFree = new Date(at.getTime() + spacing());
        planned.push({
          campaignId,
          prospectId: candidate.prospect_id,
          stepId: step.id,
          emailAccountId: mailbox.id,
          messageId: newMessageId(mailbox.email),
          dueAt: at,
        });
        placed = true;
        break;
      }
      if (!placed && [...mailboxes.values()].every((m) => m.nextFree === null)) break;
    }
    await moveSequences(trx, skipped, now);
    if (planned.length === 0) return { sends: 0, suppressed };

    const inserted = await trx
      .insertInto('sends')
      .values(
        planned.map((p) => ({
          campaign_id: p.campaignId,
          step_id: p.stepId,
          prospect_id: p.prospectId,
          email_account_id: p.emailAccountId,
          message_id: p.messageId,
          state: 'scheduled',
          due_at: p.dueAt,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['prospect_id', 'step_id']).doNothing())
      .returning(['id', 'prospect_id'])
      .execute();
    const idOf = new Map(inserted.map((r) => [r.prospect_id, Number(r.id)]));
    const sends = planned
      .filter((p) => idOf.has(p.prospectId))
      .map((p) => ({ ...p, id: idOf.get(p.prospectId)! }));
    if (sends.length > 0) {
      // In flight: due again only once the deliverer has advanced the sequence.
      await trx
        .updateTable('prospect_sequences')
        .set({ next_due_at: null, updated_at: now })
        .where(
          'prospect_id',
          'in',
          sends.map((s) => s.prospectId),
        )
        .execute();
      await options.enqueue(trx, sends);
    }
    return { sends: sends.length, suppressed };
  });
}

/** Scheduled → running once the first sending slot has come (a conditional update: one pass wins). */
async function startIfDue(db: Db, campaign: CampaignFacts, now: Date): Promise<boolean> {
  const slot = campaign.calendar.slot(now);
  if (!slot || slot.getTime() > now.getTime()) return false;
  const to = nextStatus(campaign.status, 'start', 'engine', { now });
  if (!to) return false;
  const moved = await db
    .updateTable('campaigns')
    .set({ status: to, is_active: isActiveStatus(to), updated_at: now })
    .where('id', '=', campaign.id)
    .where('status', '=', campaign.status)
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/**
 * Running → finished when every prospect has a sequence, every sequence is done or stopped and no send is in
 * flight; in one conditional statement.
 */
async function completeIfDone(db: Db, campaignId: number, now: Date): Promise<boolean> {
  const to = nextStatus('running', 'complete', 'engine', { now });
  if (!to) return false;
  const moved = await db
    .updateTable('campaigns')
    .set({ status: to, is_active: isActiveStatus(to), updated_at: now })
    .where('id', '=', campaignId)
    .where('status', '=', 'running')
    .where(
      sql<boolean>`exists (select 1 from prospect_sequences s where s.campaign_id = ${campaignId})`,
    )
    .where(
      sql<boolean>`not exists (select 1 from prospect_sequences s where s.campaign_id = ${campaignId}
        and s.stopped_reason is null and s.next_position is not null)`,
    )
    .where(
      sql<boolean>`not exists (select 1 from sends s where s.campaign_id = ${campaignId}
        and s.state in (${sql.join(IN_FLIGHT_STATES)}))`,
    )
    .where(
      sql<boolean>`not exists (select 1 from prospects p where p.campaign_id = ${campaignId}
        and not exists (select 1 from prospect_sequences s where s.prospect_id = p.id))`,
    )
    .returning('id')
    .executeTakeFirst();
  return moved !== undefined;
}

/** One campaign's pass (see the module's comment); a campaign not launched, or paused, plans nothing. */
export async function planCampaign(
  db: Db,
  campaignId: number,
  options: PlanOptions,
): Promise<PlanReport> {
  const settings = {
    now: options.now ?? new Date(),
    horizonSeconds: options.horizonSeconds ?? PLAN_HORIZON_SECONDS,
    random: options.random ?? Math.random,
    tasksPerPass: options.tasksPerPass ?? TASKS_PER_PASS,
    enqueue: options.enqueue,
    test: options.test,
  };
  const { now } = settings;
  const report = emptyReport();
  const campaign = await campaignFacts(db, campaignId, false, options.test);
  if (!campaign || !isActiveStatus(campaign.status)) return report;
  report.campaigns = 1;
  const steps = await stepsOf(db, campaignId);
  const first = steps[0];
  if (!first) return report;
  report.sequencesCreated = await createSequences(db, campaign, first, now);
  if (campaign.status === 'scheduled') {
    if (!(await startIfDue(db, campaign, now))) return report;
    report.started.push(campaignId);
  }
  report.tasks = await planTasks(db, campaignId, steps, now, settings.tasksPerPass, options.test);
  const planned = await planSends(db, campaignId, steps, settings);
  report.sends = planned.sends;
  report.suppressed = planned.suppressed;
  report.requeued = await requeueOverdueSends(db, campaignId, now, options.enqueue);
  if (await completeIfDone(db, campaignId, now)) report.completed.push(campaignId);
  return report;
}

/** A pass over every launched campaign, oldest first. */
export async function planCampaigns(db: Db, options: PlanOptions): Promise<PlanReport> {
  const campaigns = await db
    .selectFrom('campaigns')
    .select('id')
    .where('status', 'in', ACTIVE_STATUSES)
    .orderBy('id')
    .execute();
  const report = emptyReport();
  for (const { id } of campaigns) {
    const one = await planCampaign(db, id, { ...options, now: options.now ?? new Date() });
    report.campaigns += one.campaigns;
    report.sequencesCreated += one.sequencesCreated;
    report.started.push(...one.started);
    report.completed.push(...one.completed);
    report.tasks += one.tasks;
    report.sends += one.sends;
    report.suppressed += one.suppressed;
    report.requeued += one.requeued;
  }
  return report;
}
