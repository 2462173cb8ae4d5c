import { sql } from 'kysely';
import {
  EVENT_FIGURES,
  FIGURE_OF_EVENT,
  STATUS_NAMES_EN,
  STOP_REASON_OF_EVENT,
  type CampaignEventType,
  type EventFigure,
  type HistoryEventCode,
  type SequenceStopReason,
  WAITING_SEND_STATES,
} from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';

/** One thing that happened to a prospect of a campaign (see CAMPAIGN_EVENT_TYPES). */
export interface CampaignEvent {
  type: CampaignEventType;
  campaignId: number;
  prospectId: number;
  /** The step it belongs to (a reply: the last step sent before it); null when none. */
  stepId: number | null;
  sendId?: number | null;
  emailAccountId?: number | null;
  /** Kept with the event (an SMTP answer, a link's key, a reply's Message-ID…). */
  data?: Record<string, unknown> | null;
  at?: Date;
}

/** The campaign's and the steps' counter columns of each figure. */
const COLUMN_OF_FIGURE = {
  contacted: 'contacted',
  opened: 'contacts_opened',
  clicked: 'contacts_clicked',
  answered: 'contacts_answered',
} as const satisfies Record<EventFigure, string>;

/**
 * The key of an `unsubscribed` event's data naming the answer whose `unsubscribe` label made it (the mailbox watch's
 * classifier or a user's relabelling; decision 0250).
 */
export const REPLY_ENTRY_KEY = 'reply_entry_id';

/** Events that move nothing written per statement. */
const RECORD_BATCH = 1000;

/** The campaign's figure of the whole campaign (not of one step) in event_marks. */
const CAMPAIGN_MARK = 0;

/** "Email 2", or "Email" when the step is unknown. */
function emailOf(step: number | null, word: string): string {
  return step === null ? word : `${word} ${step}`;
}

/**
 * The events the prospect's history shows, as an `event` entry with its code (the app writes the sentence) and an
 * English record of it (the entry's content).
 */
const HISTORY_OF_EVENT = {
  opened: { code: 'email_opened', record: (step) => `${emailOf(step, 'Email')} opened` },
  clicked: { code: 'link_clicked', record: (step) => `Link clicked in ${emailOf(step, 'email')}` },
  bounced: { code: 'email_bounced', record: (step) => `${emailOf(step, 'Email')} bounced` },
  unsubscribed: {
    code: 'unsubscribed',
    record: (_step, campaign) =>
      campaign === null ? 'Unsubscribed' : `Unsubscribed from campaign "${campaign}"`,
  },
} as const satisfies Partial<
  Record<
    CampaignEventType,
    {
      code: HistoryEventCode;
      record: (step: number | null, campaign: string | null) => string;
    }
  >
>;
type HistoryEventType = keyof typeof HISTORY_OF_EVENT;

function isHistoryEventType(type: CampaignEventType): type is HistoryEventType {
  return Object.hasOwn(HISTORY_OF_EVENT, type);
}

/** An event that moves no figure, history, status, sequence or suppression: only its row is written. */
function movesNothing(type: CampaignEventType): boolean {
  return (
    type !== 'sent' &&
    type !== 'bounced' &&
    type !== 'unsubscribed' &&
    !FIGURE_OF_EVENT[type] &&
    !STOP_REASON_OF_EVENT[type] &&
    !isHistoryEventType(type)
  );
}

/** The event types that put a prospect in each figure, as SQL values (from the domain's FIGURE_OF_EVENT). */
function figureOfEventValues() {
  const pairs = Object.entries(FIGURE_OF_EVENT) as [CampaignEventType, EventFigure][];
  return sql.join(pairs.map(([type, figure]) => sql`(${type}, ${figure})`));
}

/**
 * The campaign events aggregate: every event of a prospect in a campaign, and what it moves, in the event's
 * transaction: the campaign's and its steps' figures (distinct prospects, through `event_marks`), the prospect's
 * first contact (pending → ongoing, with its history entry), the end of its sequence (a reply when the campaign
 * stops on replies, a bounce, an unsubscribe: its planned sends cancelled), and the customer's suppression list
 * (a bounce, an unsubscribe); and the prospect's history entry of an open, a click, a bounce or an unsubscribe.
 */
export function campaignEventsRepository(db: Db) {
  /**
   * Adds the prospect to `figure` of the step and of the campaign when not yet in them, and bumps the counters of
   * the marks added, in one statement.
   */
  async function mark(
    trx: Db,
    event: CampaignEvent,
    figure: EventFigure,
    at: Date,
  ): Promise<boolean> {
    const steps = event.stepId === null ? [CAMPAIGN_MARK] : [CAMPAIGN_MARK, event.stepId];
    const column = COLUMN_OF_FIGURE[figure];
    const bumped = { [column]: sql`${sql.ref(column)} + 1` };
    const added = await trx
      .with('added', (db) =>
        db
          .insertInto('event_marks')
          .values(
            steps.map((step_id) => ({
              prospect_id: event.prospectId,
              step_id,
              figure,
              campaign_id: event.campaignId,
              first_at: at,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .returning('step_id'),
      )
      .with('campaign', (db) =>
        db
          .updateTable('campaigns')
          .set(bumped)
          .where('id', '=', event.campaignId)
          .where(sql<boolean>`exists (select 1 from added where step_id = ${CAMPAIGN_MARK})`)
          .returning('id'),
      )
      .with('step', (db) =>
        db
          .updateTable('campaign_steps')
          .set(bumped)
          .where(sql<boolean>`id in (select step_id from added where step_id <> ${CAMPAIGN_MARK})`)
          .returning('id'),
      )
      .selectFrom('added')
      .select('step_id')
      .execute();
    const own = event.stepId ?? CAMPAIGN_MARK;
    return added.some((row) => row.step_id === own);
  }

  /**
   * The event's entry in the prospect's history (data `{event, step, campaign}`: the step's number, the campaign's
   * name). Opens and clicks write one the first time of their step only (image proxies open a mail many times);
   * a bounce and an unsubscribe one per campaign.
   */
  async function historyEntry(trx: Db, event: CampaignEvent, type: HistoryEventType, at: Date) {
    if (type === 'bounced' || type === 'unsubscribed') {
      const seen = await trx
        .selectFrom('campaign_events')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('campaign_id', '=', event.campaignId)
        .where('prospect_id', '=', event.prospectId)
        .where('type', '=', type)
        .executeTakeFirstOrThrow();
      if (seen.n > 1) return;
    }
    const campaign = await trx
      .selectFrom('campaigns')
      .select('name')
      .where('id', '=', event.campaignId)
      .executeTakeFirst();
    const step =
      event.stepId === null
        ? undefined
        : await trx
            .selectFrom('campaign_steps')
            .select('position')
            .where('id', '=', event.stepId)
            .executeTakeFirst();
    const { code, record } = HISTORY_OF_EVENT[type];
    const position = step?.position ?? null;
    const name = campaign?.name ?? null;
    await trx
      .insertInto('history_entries')
      .values({
        prospect_id: event.prospectId,
        type: 'event',
        content: record(position, name),
        direction: null,
        from_status: null,
        to_status: null,
        event_date: at,
        data: JSON.stringify({ event: code, step: position, campaign: name }),
      })
      .execute();
  }

  /** The first send moves a pending prospect to ongoing, with the status change in its history (one statement). */
  async function firstContact(trx: Db, prospectId: number, at: Date) {
    await trx
      .with('moved', (db) =>
        db
          .updateTable('prospects')
          .set({ prospecting_status: 'ongoing', updated_at: at, event_date: at })
          .where('id', '=', prospectId)
          .where('prospecting_status', '=', 'pending')
          .returning('id'),
      )
      .insertInto('history_entries')
      .columns([
        'prospect_id',
        'type',
        'content',
        'direction',
        'from_status',
        'to_status',
        'event_date',
      ])
      .expression((eb) =>
        eb
          .selectFrom('moved')
          .select([
            'moved.id',
            sql<string>`${'status_change'}::text`.as('type'),
            sql<string>`${`Status changed from ${STATUS_NAMES_EN.pending} to ${STATUS_NAMES_EN.ongoing}.`}::text`.as(
              'content',
            ),
            sql<null>`null::text`.as('direction'),
            sql<string>`${'pending'}::text`.as('from_status'),
            sql<string>`${'ongoing'}::text`.as('to_status'),
            sql<Date>`${at}::timestamptz`.as('event_date'),
          ]),
      )
      .execute();
  }

  /** Stops the prospect's sequence (once: the first reason stays) and cancels its planned sends. */
  async function stop(trx: Db, prospectId: number, reason: SequenceStopReason, at: Date) {
    await trx
      .updateTable('prospect_sequences')
      .set({ stopped_reason: reason, stopped_at: at, next_due_at: null, updated_at: at })
      .where('prospect_id', '=', prospectId)
      .where('stopped_reason', 'is', null)
      .execute();
    await trx
      .updateTable('sends')
      .set({ state: 'cancelled', updated_at: at })
      .where('prospect_id', '=', prospectId)
      .where('state', 'in', WAITING_SEND_STATES)
      .execute();
  }

  /**
   * Puts the prospect's address on its customer's suppression list. An unsubscribe that an answer's `unsubscribe`
   * label made (`replyEntryId`, decision 0250) names that answer, so that another label lifts it; any other reason
   * (a link, a bounce) on an address already listed by a label makes the row permanent (no answer named).
   */
  async function suppress(
    trx: Db,
    prospectId: number,
    reason: 'unsubscribed' | 'bounced',
    replyEntryId: number | null,
  ) {
    const onConflict =
      replyEntryId === null
        ? sql`do update set reply_entry_id = null where suppressions.reply_entry_id is not null`
        : sql`do nothing`;
    await sql`insert into suppressions (user_id, email, reason, reply_entry_id)
      select user_id, lower(email), ${reason}, ${replyEntryId}::int from prospects
      where id = ${prospectId} and email is not null and email <> ''
      on conflict (user_id, email) ${onConflict}`.execute(trx);
  }

  return {
    /** Records the events, each with everything it moves, in one transaction (the caller's when it has one). */
    async record(events: readonly CampaignEvent[]): Promise<void> {
      if (events.length === 0) return;
      await inTransaction(db, async (trx) => {
        // Events that move nothing (a planner's thousands of tasks) are written a thousand per statement; the others
        // one by one, each followed by what it moves, in the events' order (a move may read the events before it).
        const insert = (batch: { event: CampaignEvent; at: Date }[]) =>
          trx
            .insertInto('campaign_events')
            .values(
              batch.map(({ event, at }) => ({
                campaign_id: event.campaignId,
                prospect_id: event.prospectId,
                step_id: event.stepId,
                send_id: event.sendId ?? null,
                email_account_id: event.emailAccountId ?? null,
                type: event.type,
                data: event.data ? JSON.stringify(event.data) : null,
                occurred_at: at,
              })),
            )
            .execute();
        let plain: { event: CampaignEvent; at: Date }[] = [];
        const flush = async () => {
          if (plain.length > 0) await insert(plain);
          plain = [];
        };
        for (const event of events) {
          const at = event.at ?? new Date();
          if (movesNothing(event.type)) {
            plain.push({ event, at });
            if (plain.length >= RECORD_BATCH) await flush();
            continue;
          }
          await flush();
          await insert([{ event, at }]);
          const figure = FIGURE_OF_EVENT[event.type];
          const first = figure ? await mark(trx, event, figure, at) : true;
          if (isHistoryEventType(event.type) && first)
            await historyEntry(trx, event, event.type, at);
          if (event.type === 'sent') await firstContact(trx, event.prospectId, at);
          const reason = STOP_REASON_OF_EVENT[event.type];
          if (reason) {
            const stops =
              reason !== 'replied' ||
              (
                await trx
                  .selectFrom('campaigns')
                  .select('stop_on_reply')
                  .where('id', '=', event.campaignId)
                  .executeTakeFirst()
              )?.stop_on_reply !== false;
            if (stops) await stop(trx, event.prospectId, reason, at);
          }
          if (event.type === 'bounced' || event.type === 'unsubscribed') {
            const replyEntryId = event.data?.[REPLY_ENTRY_KEY];
            await suppress(
              trx,
              event.prospectId,
              event.type,
              event.type === 'unsubscribed' && typeof replyEntryId === 'number'
                ? replyEntryId
                : null,
            );
          }
        }
        await flush();
      });
    },

    /** Stops a prospect's sequence for a reason no event carries (suppressed, campaign finished). */
    stopSequence(prospectId: number, reason: SequenceStopReason, at = new Date()) {
      return inTransaction(db, (trx) => stop(trx, prospectId, reason, at));
    },

    /**
     * The campaign refresh: every figure recomputed from the events (the marks rebuilt, the counters recounted), the
     * audience recounted from the prospects, and the time stamped; in one transaction.
     */
    async recount(campaignId: number, at = new Date()): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.deleteFrom('event_marks').where('campaign_id', '=', campaignId).execute();
        await sql`insert into event_marks (prospect_id, step_id, figure, campaign_id, first_at)
          select e.prospect_id, s.step_id, f.figure, e.campaign_id, min(e.occurred_at)
          from campaign_events e
          join (values ${figureOfEventValues()}) as f(type, figure) on f.type = e.type
          cross join lateral (values (0), (e.step_id)) as s(step_id)
          where e.campaign_id = ${campaignId} and e.prospect_id is not null and s.step_id is not null
          group by e.prospect_id, s.step_id, f.figure, e.campaign_id`.execute(trx);
        const counts = (figure: EventFigure, step: ReturnType<typeof sql.ref>) =>
          sql<number>`(select count(*)::int from event_marks m
            where m.campaign_id = ${campaignId} and m.step_id = ${step} and m.figure = ${figure})`;
        const zero = sql.lit(CAMPAIGN_MARK) as unknown as ReturnType<typeof sql.ref>;
        await trx
          .updateTable('campaign_steps')
          .set(
            Object.fromEntries(
              EVENT_FIGURES.map((figure) => [
                COLUMN_OF_FIGURE[figure],
                counts(figure, sql.ref('campaign_steps.id')),
              ]),
            ),
          )
          .where('campaign_id', '=', campaignId)
          .execute();
        await trx
          .updateTable('campaigns')
          .set({
            ...Object.fromEntries(
              EVENT_FIGURES.map((figure) => [COLUMN_OF_FIGURE[figure], counts(figure, zero)]),
            ),
            audience: sql<number>`(select count(*)::int from prospects where campaign_id = ${campaignId})`,
            last_sync_at: at,
          })
          .where('id', '=', campaignId)
          .execute();
      });
    },

    /** The prospects behind one figure of a campaign or of one of its steps (ids, first time each got in). */
    async prospectsOf(
      campaignId: number,
      figure: EventFigure,
      stepId: number | null,
      limit?: number,
    ): Promise<{ prospectId: number; at: Date }[]> {
      let query = db
        .selectFrom('event_marks')
        .select(['prospect_id', 'first_at'])
        .where('campaign_id', '=', campaignId)
        .where('step_id', '=', stepId ?? CAMPAIGN_MARK)
        .where('figure', '=', figure)
        .orderBy('first_at')
        .orderBy('prospect_id');
      if (limit !== undefined) query = query.limit(limit);
      const rows = await query.execute();
      return rows.map((r) => ({ prospectId: r.prospect_id, at: new Date(r.first_at) }));
    },

    /** How many prospects a figure of the campaign (stepId null) or of one step counts, from its marks. */
    async countOf(campaignId: number, figure: EventFigure, stepId: number | null): Promise<number> {
      const row = await db
        .selectFrom('event_marks')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('campaign_id', '=', campaignId)
        .where('step_id', '=', stepId ?? CAMPAIGN_MARK)
        .where('figure', '=', figure)
        .executeTakeFirstOrThrow();
      return row.n;
    },
  };
}

export type CampaignEventsRepository = ReturnType<typeof campaignEventsRepository>;
