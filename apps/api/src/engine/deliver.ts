/**
 * The deliverer: one planned e-mail (a `sends` row) handed to its mailbox's SMTP server, once, and its outcome
 * recorded (decision 0164).
 *
 * 1. Taken with one conditional update, committed before any SMTP: `scheduled`/`deferred` → `sending` (sending_at
 *    now, one more attempt), only while its campaign runs and its mailbox is not paused. Not taken: another instance
 *    has it, or it is no longer due (cancelled, campaign paused, mailbox paused): nothing is sent. Outside the
 *    campaign's sending hours (a job that ran late, the server's clock set forward, a retry whose backoff ended at
 *    night) it is not taken either: it waits for the next sending slot, with its job added for then.
 * 2. Composed (compose.ts) and sent (transport.ts); a prospect whose address went on the suppression list since the
 *    send was planned is not sent to: the send is cancelled and the sequence stops (`suppressed`).
 * 3. Its outcome written in one transaction with its event (campaignEvents.record):
 *    - accepted: `sent`, the mailbox's consecutive errors back to 0, the prospect's sequence moves on;
 *    - a temporary refusal, a timeout, a dropped connection or another error: `deferred`, due again after an
 *      exponential backoff (a new job in the same transaction), `failed` after MAX attempts (the sequence moves on);
 *      each counts as a consecutive error of the mailbox, paused `too_many_errors` at MAX_CONSECUTIVE_SEND_ERRORS;
 *    - a permanent refusal (5xx): `failed` and `bounced` (which stops the sequence and suppresses the address); the
 *      mailbox paused `bounce_rate` when its last sends bounced too often;
 *    - credentials refused: the mailbox paused `credentials_refused`, the send back to `scheduled` (not the
 *      prospect's failure).
 * 4. `recoverSends`: a send left `sending` longer than the deliver job may run (its instance died between the
 *    taking and the outcome) becomes `unknown` with `outcome_unknown`, and is never sent again; the sequence moves on.
 */
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  CAMPAIGN_LANGUAGES,
  MAX_CONSECUTIVE_SEND_ERRORS,
  nextSendingSlot,
  type SendingWindow,
  type MailboxPauseReason,
  WAITING_SEND_STATES,
  DELIVERED_SEND_STATES,
} from '@prospecta/domain';
import type { CampaignLanguage } from '@prospecta/domain/contract';
import type { UpdateObject } from 'kysely';
import type { DatabaseSchema } from '../db/types';
import { inTransaction, type Db } from '../db/index';
import { campaignEventsRepository } from '../repositories/campaign-events';
import { LANDING_PAGE_COLUMNS } from '../repositories/campaign-definitions';
import { mailboxRepliesRepository } from '../repositories/mailbox-replies';
import { sendsRepository } from '../repositories/sends';
import { composeMail, type ComposedMail } from './compose';
import type { LinkSigner } from './links';
import type { TestTiming } from './plan';
import { sendThroughMailbox, type SendResult, type TransportDeps } from './transport';

/** The planner's part the deliverer calls (engine/plan.ts): a send of the prospect is over, plan its next step. */
export interface SequencePlanner {
  /** In the outcome's transaction: the prospect's in-flight send ended at `at` (sent, failed, or unknown). */
  advanceSequence(trx: Db, prospectId: number, at: Date): Promise<void>;
}

export interface RetryPolicy {
  /** The wait after the first temporary failure; doubled after each next one. */
  baseSeconds: number;
  maxSeconds: number;
  /** Attempts in all: the last temporary failure fails the send. */
  maxAttempts: number;
}

/** 10 min, 20 min, 40 min, 80 min, then failed: about 2 h 30 for a greylisting or an overloaded server to pass. */
export const SEND_RETRY: RetryPolicy = { baseSeconds: 600, maxSeconds: 4 * 3600, maxAttempts: 5 };

/**
 * Seconds an attempt of `sends.deliver` may run (its job's expiry): the SMTP timeouts (10 s to connect, 10 s for the
 * greeting, 20 s of silence at most per step) and a token renewal fit well within. A send still `sending` after it is
 * recovered as `unknown`.
 */
export const DELIVER_EXPIRY_SECONDS = 180;

export interface DeliverDeps extends TransportDeps {
  /** The server's public address (the links). */
  publicUrl: string;
  signer: LinkSigner;
  sequence: SequencePlanner;
  /** Adds the send's next attempt, in the outcome's transaction, `afterSeconds` from now. */
  retryLater(trx: Db, sendId: number, afterSeconds: number): Promise<void>;
  retry?: RetryPolicy;
  log?: { warn(object: object, message: string): void };
  /** The clock the sending hours are read on (tests fix it). */
  now?: () => Date;
  /** Tests' shortened days (SENDING_TEST_DAY, engine/plan.ts TestTiming): the sending window is always open. */
  test?: TestTiming;
}

export type DeliverOutcome =
  | 'not_taken'
  | 'sent'
  | 'deferred'
  | 'failed'
  | 'bounced'
  | 'credentials_refused'
  | 'suppressed'
  | 'outside_hours'
  | 'lost';

/** The wait before attempt `attempts + 1`. */
export function retryDelaySeconds(attempts: number, policy: RetryPolicy = SEND_RETRY): number {
  return Math.min(policy.baseSeconds * 2 ** Math.max(0, attempts - 1), policy.maxSeconds);
}

interface TakenSend {
  id: number;
  campaign_id: number;
  step_id: number;
  prospect_id: number;
  email_account_id: number;
  message_id: string;
  attempts: number;
  /** The prospect's address is on its customer's suppression list. */
  suppressed: boolean;
}

/**
 * The conditional update that takes a send (committed on its own, before any SMTP), with whether its prospect's
 * address is suppressed; null when not taken.
 */
export async function takeSend(db: Db, sendId: number, at = new Date()): Promise<TakenSend | null> {
  const row = await db
    .updateTable('sends')
    .set({
      state: 'sending',
      sending_at: at,
      attempts: sql`attempts + 1`,
      updated_at: at,
    })
    .where('id', '=', sendId)
    .where('state', 'in', WAITING_SEND_STATES)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('campaigns')
          .select(sql.lit(1).as('one'))
          .whereRef('campaigns.id', '=', 'sends.campaign_id')
          .where('campaigns.status', '=', 'running'),
      ),
    )
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('email_accounts')
          .select(sql.lit(1).as('one'))
          .whereRef('email_accounts.id', '=', 'sends.email_account_id')
          .where('email_accounts.sending_paused_at', 'is', null),
      ),
    )
    .returning([
      'id',
      'campaign_id',
      'step_id',
      'prospect_id',
      'email_account_id',
      'message_id',
      'attempts',
      // Whether the prospect's address went on its customer's suppression list (unsubscribed, bounced elsewhere),
      // read as the send is taken.
      ({ exists, selectFrom }) =>
        exists(
          selectFrom('prospects')
            .innerJoin('suppressions', (join) =>
              join
                .onRef('suppressions.user_id', '=', 'prospects.user_id')
                .on('suppressions.email', '=', sql<string>`lower(prospects.email)`),
            )
            .select(sql.lit(1).as('one'))
            .whereRef('prospects.id', '=', 'sends.prospect_id'),
        ).as('suppressed'),
    ])
    .executeTakeFirst();
  if (!row || row.email_account_id === null) return null;
  const { suppressed, ...taken } = row;
  return {
    ...taken,
    id: Number(row.id),
    email_account_id: row.email_account_id,
    suppressed: suppressed === true,
  };
}

const languageOf = (value: string): CampaignLanguage =>
  (CAMPAIGN_LANGUAGES as readonly string[]).includes(value) ? (value as CampaignLanguage) : 'fr';

/**
 * Everything a send is made of, read in one statement before it is taken: its campaign's sending window and status,
 * its step, its prospect, the campaign's landing pages, and the prospect's earlier mails of the campaign (its
 * thread); with its mailbox (the whole account, for the transport) read beside it. Undefined when the send is gone.
 */
async function readSend(db: Db, sendId: number) {
  const [row, account] = await Promise.all([
    db
      .selectFrom('sends')
      .innerJoin('campaigns', 'campaigns.id', 'sends.campaign_id')
      .innerJoin('campaign_steps', 'campaign_steps.id', 'sends.step_id')
      .innerJoin('prospects', 'prospects.id', 'sends.prospect_id')
      .select((eb) => [
        'campaigns.status',
        'campaigns.time_zone',
        'campaigns.sending_days',
        'campaigns.sending_start',
        'campaigns.sending_end',
        'campaigns.start_date',
        'campaigns.language',
        'campaigns.track_opens',
        'campaigns.track_clicks',
        'campaign_steps.subject',
        'campaign_steps.body',
        'campaign_steps.new_thread',
        'prospects.email',
        'prospects.first_name',
        'prospects.last_name',
        'prospects.company_name',
        'prospects.position',
        jsonArrayFrom(
          eb
            .selectFrom('landing_pages')
            .select(LANDING_PAGE_COLUMNS)
            .whereRef('landing_pages.campaign_id', '=', 'sends.campaign_id')
            .orderBy('landing_pages.position'),
        ).as('pages'),
        // The prospect's mails of this campaign that may have reached it: its thread.
        jsonArrayFrom(
          eb
            .selectFrom('sends as earlier')
            .innerJoin('campaign_steps as earlier_step', 'earlier_step.id', 'earlier.step_id')
            .select(['earlier.message_id', 'earlier_step.subject', 'earlier_step.new_thread'])
            .whereRef('earlier.prospect_id', '=', 'sends.prospect_id')
            .whereRef('earlier.campaign_id', '=', 'sends.campaign_id')
            .whereRef('earlier.id', '<>', 'sends.id')
            .where('earlier.state', 'in', DELIVERED_SEND_STATES)
            .orderBy('earlier_step.position'),
        ).as('previous'),
      ])
      .where('sends.id', '=', sendId)
      .executeTakeFirst(),
    db
      .selectFrom('email_accounts')
      .selectAll()
      .where('id', '=', (eb) =>
        eb.selectFrom('sends').select('email_account_id').where('sends.id', '=', sendId),
      )
      .executeTakeFirst(),
  ]);
  return row && account ? { ...row, account } : undefined;
}

type SendFacts = NonNullable<Awaited<ReturnType<typeof readSend>>>;

/** The taken send's message; null when its prospect has no address. */
function messageOf(send: TakenSend, facts: SendFacts, deps: DeliverDeps): ComposedMail | null {
  const email = facts.email?.trim() ?? '';
  if (!email) return null;
  return composeMail({
    send: { id: send.id, messageId: send.message_id },
    step: { subject: facts.subject, body: facts.body, newThread: facts.new_thread },
    campaign: {
      language: languageOf(facts.language),
      trackOpens: facts.track_opens,
      trackClicks: facts.track_clicks,
      landingPages: facts.pages,
    },
    mailbox: { name: facts.account.name, email: facts.account.email },
    prospect: {
      email,
      first_name: facts.first_name,
      last_name: facts.last_name,
      company_name: facts.company_name,
      position: facts.position,
    },
    previous: facts.previous.map((p) => ({
      messageId: p.message_id,
      subjectTemplate: p.subject,
      newThread: p.new_thread,
    })),
    links: { publicUrl: deps.publicUrl, signer: deps.signer },
  });
}

/** Pauses the mailbox for the campaigns (the first reason stays). */
async function pauseMailbox(trx: Db, accountId: number, reason: MailboxPauseReason, at: Date) {
  await trx
    .updateTable('email_accounts')
    .set({ sending_paused_at: at, sending_paused_reason: reason })
    .where('id', '=', accountId)
    .where('sending_paused_at', 'is', null)
    .execute();
}

/** Moves a send out of `sending` (only if it still is: recovered meanwhile, it stays as it is). */
async function settle(
  trx: Db,
  send: TakenSend,
  values: UpdateObject<DatabaseSchema, 'sends'>,
): Promise<boolean> {
  const row = await trx
    .updateTable('sends')
    .set(values)
    .where('id', '=', send.id)
    .where('state', '=', 'sending')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * An accepted send: `sent` (only if it still is `sending`), and with it, in the same statement, for the first mail of
 * a thread its Message-ID on the prospect's sequence (the one replies answer). Answers whether the send was still
 * `sending`.
 */
async function settleSent(trx: Db, send: TakenSend, firstOfThread: boolean, at: Date) {
  const row = await trx
    .with('settled', (db) =>
      db
        .updateTable('sends')
        .set({ state: 'sent', sent_at: at, last_error: null, updated_at: at })
        .where('id', '=', send.id)
        .where('state', '=', 'sending')
        .returning('id'),
    )
    .with('thread', (db) =>
      db
        .updateTable('prospect_sequences')
        .set({ thread_message_id: send.message_id, updated_at: at })
        .where('prospect_id', '=', send.prospect_id)
        .where(sql<boolean>`${firstOfThread} and exists (select 1 from settled)`)
        .returning('prospect_id'),
    )
    .selectFrom('settled')
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** One more consecutive error of the mailbox; paused at MAX_CONSECUTIVE_SEND_ERRORS. */
async function countError(trx: Db, accountId: number, at: Date) {
  const row = await trx
    .updateTable('email_accounts')
    .set({ send_errors: sql`send_errors + 1` })
    .where('id', '=', accountId)
    .returning('send_errors')
    .executeTakeFirst();
  if (row && row.send_errors >= MAX_CONSECUTIVE_SEND_ERRORS)
    await pauseMailbox(trx, accountId, 'too_many_errors', at);
}

/** Writes the outcome of one SMTP transaction, in one transaction with its event. */
async function recordOutcome(
  deps: DeliverDeps,
  send: TakenSend,
  mail: ComposedMail | null,
  result: SendResult,
  at: Date,
): Promise<DeliverOutcome> {
  const policy = deps.retry ?? SEND_RETRY;
  const event = {
    campaignId: send.campaign_id,
    prospectId: send.prospect_id,
    stepId: send.step_id,
    sendId: send.id,
    emailAccountId: send.email_account_id,
    at,
  };
  return inTransaction(deps.db, async (trx): Promise<DeliverOutcome> => {
    const events = campaignEventsRepository(trx);
    switch (result.kind) {
      case 'accepted': {
        // The send's own rows first (the send, its prospect's sequence); the rows every send of the campaign or of
        // the mailbox writes (the figures, the owner's list version, the mailbox) last, so that the concurrent sends'
        // transactions wait for each other's commit only, in the order the other writers take them (no deadlock).
        if (!(await settleSent(trx, send, mail !== null && mail.inReplyTo === null, at)))
          return 'lost';
        await deps.sequence.advanceSequence(trx, send.prospect_id, at);
        await events.record([
          { ...event, type: 'sent', data: { response: result.response, attempts: send.attempts } },
        ]);
        await trx
          .updateTable('email_accounts')
          .set({ send_errors: 0, last_sent_at: at })
          .where('id', '=', send.email_account_id)
          .execute();
        return 'sent';
      }
      case 'permanent': {
        if (
          !(await settle(trx, send, { state: 'failed', last_error: result.error, updated_at: at }))
        )
          return 'lost';
        await events.record([
          {
            ...event,
            type: 'bounced',
            data: { code: result.code, response: result.error, smtp: true },
          },
        ]);
        // The same rate as the bounces the mailbox watch reads from delivery reports.
        await mailboxRepliesRepository(trx).pauseOnBounceRate(send.email_account_id, at);
        return 'bounced';
      }
      case 'credentials': {
        // The mailbox's fault, not the prospect's: the attempt is not counted, the send waits for the mailbox.
        if (
          !(await settle(trx, send, {
            state: 'scheduled',
            attempts: sql<number>`attempts - 1`,
            sending_at: null,
            last_error: result.error,
            updated_at: at,
          }))
        )
          return 'lost';
        await pauseMailbox(trx, send.email_account_id, 'credentials_refused', at);
        return 'credentials_refused';
      }
      case 'temporary':
      case 'error': {
        const final = send.attempts >= policy.maxAttempts;
        const delay = retryDelaySeconds(send.attempts, policy);
        const due = new Date(at.getTime() + delay * 1000);
        if (
          !(await settle(trx, send, {
            state: final ? 'failed' : 'deferred',
            last_error: result.error,
            ...(final ? {} : { due_at: due }),
            updated_at: at,
          }))
        )
          return 'lost';
        await events.record([
          {
            ...event,
            type: 'deferred',
            data: {
              ...(result.kind === 'temporary' ? { code: result.code } : {}),
              response: result.error,
              attempts: send.attempts,
              ...(final ? { final: true } : { retry_at: due.toISOString() }),
            },
          },
        ]);
        await countError(trx, send.email_account_id, at);
        if (final) {
          await deps.sequence.advanceSequence(trx, send.prospect_id, at);
          return 'failed';
        }
        await deps.retryLater(trx, send.id, delay);
        return 'deferred';
      }
    }
  });
}

/**
 * The next sending slot of the send's running campaign when `now` is outside its sending days and hours (read on the
 * zone's wall clock); null when it may send now, when its campaign does not run (the taking refuses it), or when its
 * window has a problem (a launch refuses those).
 */
function laterSlot(facts: SendFacts, now: Date): Date | null {
  if (facts.status !== 'running') return null;
  const days: unknown =
    typeof facts.sending_days === 'string' ? JSON.parse(facts.sending_days) : facts.sending_days;
  const slot = nextSendingSlot(now, {
    time_zone: facts.time_zone,
    sending_days: days as SendingWindow['sending_days'],
    sending_start: facts.sending_start,
    sending_end: facts.sending_end,
    start_date: facts.start_date,
  });
  return slot && slot.getTime() > now.getTime() ? slot : null;
}

/**
 * The `sends.deliver` job: reads the send, takes it, sends it, records the outcome. Its round trips to the database
 * are few (the server's cost per mail, decision 0230): one read of everything the mail is made of (and its mailbox,
 * beside it), the taking, and the outcome's transaction.
 */
export async function deliverSend(deps: DeliverDeps, sendId: number): Promise<DeliverOutcome> {
  const now = deps.now?.() ?? new Date();
  const facts = await readSend(deps.db, sendId);
  if (!facts) return 'not_taken';
  // Outside the sending hours nothing is sent: the send (still waiting) is due at the next slot, its job then.
  const later = deps.test ? null : laterSlot(facts, now);
  if (later) {
    const moved = await inTransaction(deps.db, async (trx) => {
      const row = await trx
        .updateTable('sends')
        .set({ due_at: later, updated_at: now })
        .where('id', '=', sendId)
        .where('state', 'in', WAITING_SEND_STATES)
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      await deps.retryLater(trx, sendId, Math.ceil((later.getTime() - now.getTime()) / 1000));
      return true;
    });
    return moved ? 'outside_hours' : 'not_taken';
  }
  const send = await takeSend(deps.db, sendId);
  if (!send) return 'not_taken';
  // Suppressed since it was planned (its address unsubscribed or bounced in another campaign, or a retry hours
  // later): never sent; the sequence stops.
  if (send.suppressed) {
    const at = new Date();
    const cancelled = await inTransaction(deps.db, async (trx) => {
      if (!(await settle(trx, send, { state: 'cancelled', updated_at: at }))) return false;
      await campaignEventsRepository(trx).stopSequence(send.prospect_id, 'suppressed', at);
      return true;
    });
    return cancelled ? 'suppressed' : 'lost';
  }
  const mail = messageOf(send, facts, deps);
  const result: SendResult = mail
    ? await sendThroughMailbox(deps, facts.account, mail)
    : { kind: 'permanent', code: 550, error: 'the prospect has no address' };
  const outcome = await recordOutcome(deps, send, mail, result, new Date());
  if (outcome === 'lost')
    deps.log?.warn(
      { sendId, result: result.kind },
      'sends.deliver: the send left `sending` before its outcome was written',
    );
  return outcome;
}

/**
 * The `sends.recover` job: every send left `sending` since before `olderThanSeconds` (its deliver job expired) is
 * `unknown`, with its `outcome_unknown` event, and its prospect's sequence moves on. Answers how many.
 */
export async function recoverSends(
  deps: Pick<DeliverDeps, 'db' | 'sequence'>,
  olderThanSeconds = DELIVER_EXPIRY_SECONDS,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - olderThanSeconds * 1000);
  const stuck = await deps.db
    .selectFrom('sends')
    .select('id')
    .where('state', '=', 'sending')
    .where('sending_at', '<', before)
    .orderBy('sending_at')
    .limit(1000)
    .execute();
  let recovered = 0;
  for (const { id } of stuck) {
    const done = await inTransaction(deps.db, async (trx) => {
      const send = await trx
        .updateTable('sends')
        .set({ state: 'unknown', updated_at: now })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .where('sending_at', '<', before)
        .returning([
          'id',
          'campaign_id',
          'step_id',
          'prospect_id',
          'email_account_id',
          'sending_at',
          'attempts',
        ])
        .executeTakeFirst();
      if (!send) return false;
      const at = send.sending_at ? new Date(send.sending_at) : now;
      await campaignEventsRepository(trx).record([
        {
          type: 'outcome_unknown',
          campaignId: send.campaign_id,
          prospectId: send.prospect_id,
          stepId: send.step_id,
          sendId: Number(send.id),
          emailAccountId: send.email_account_id,
          data: { sending_at: at.toISOString(), attempts: send.attempts },
          at: now,
        },
      ]);
      await sendsRepository(trx).unknownCountChanged(send.campaign_id);
      await deps.sequence.advanceSequence(trx, send.prospect_id, at);
      return true;
    });
    if (done) recovered += 1;
  }
  return recovered;
}
