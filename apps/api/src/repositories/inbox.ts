import { sql } from 'kysely';
import {
  IN_PROGRESS_STATUSES,
  INBOX_FILTER_LABELS,
  INBOX_STATUSES,
  isReplyLabel,
  REPLY_LABELS_NEEDING_ANSWER,
  type AnswerChannel,
  type InboxFilter,
  type ReplyLabel,
  type ReplyLabelOrigin,
} from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import { campaignEventsRepository, REPLY_ENTRY_KEY } from './campaign-events';
import { mailboxRepliesRepository } from './mailbox-replies';
import type { CommentWithAuthorRow } from './prospects';

export type { AnswerChannel } from '@prospecta/domain';

/** An answer of the inbox: the inbound history entry (its id is the message id), its read state and label. */
export interface InboxItemRow {
  id: number;
  prospect_id: number;
  read_at: Date | null;
  type: string;
  content: string;
  event_date: Date;
  /** The current label (packages/domain REPLY_LABELS), null when imported without one. */
  label: string | null;
  /** When a user set the label; null: the classifier's suggestion. */
  label_set_at: Date | null;
  /** The classifier's facts kept in the entry's data (text from JSON). */
  label_confidence: string | null;
  referral: string | null;
  /** When the user last answered it from the inbox; null: not answered. */
  answered_at: Date | null;
}

/** An unread answer with the name and company of its prospect (the profile's list). */
export interface UnreadInboxItemRow extends Pick<
  InboxItemRow,
  'id' | 'prospect_id' | 'type' | 'content' | 'event_date'
> {
  first_name: string;
  last_name: string;
  company_name: string;
}

/** How many items each inbox filter lists, and how many of those that need an answer are unread. */
export type InboxCounts = Record<InboxFilter, number> & { unread: number };

/** A comment on one of the user's prospects, with its author and prospect (the recent-comments list). */
export interface RecentCommentRow extends CommentWithAuthorRow {
  prospect_first_name: string;
  prospect_last_name: string;
  company_name: string;
}

/** The outcome of a label change: the label before and after, and whether anything changed. */
export interface LabelChange {
  prospectId: number;
  from: ReplyLabel | null;
  to: ReplyLabel;
  changed: boolean;
  /** Who set the label now in place: the classifier, or a user. */
  origin: ReplyLabelOrigin;
}

export interface NewAnswer {
  prospectId: number;
  userId: number;
  content: string;
  channel: AnswerChannel;
  receivedAt: Date;
  /** null: unread. */
  readAt?: Date | null;
  /** Facts kept beside the text, e.g. an imported mail's subject, Message-ID and HTML (history_entries.data). */
  data?: Record<string, unknown> | null;
  /** The reply classifier's label; an `auto_reply` shows in the inbox without making the prospect one that answered. */
  label?: ReplyLabel | null;
}

const AUTO_REPLY: ReplyLabel = 'auto_reply';
const UNSUBSCRIBE: ReplyLabel = 'unsubscribe';

/**
 * An answer labelled `unsubscribe` by a user unsubscribes its prospect as the link does (decision 0250): the
 * `unsubscribed` event of its campaign (its sequence stops, its address is suppressed, naming the answer), or, for a
 * prospect of no campaign, the suppression alone.
 */
async function unsubscribeByLabel(trx: Db, prospectId: number, messageId: number, at: Date) {
  const context = await mailboxRepliesRepository(trx).replyContext(prospectId);
  if (context) {
    await campaignEventsRepository(trx).record([
      {
        type: 'unsubscribed',
        campaignId: context.campaignId,
        prospectId,
        stepId: context.stepId,
        sendId: context.sendId,
        data: { source: 'reply_label', [REPLY_ENTRY_KEY]: messageId },
        at,
      },
    ]);
    return;
  }
  await sql`insert into suppressions (user_id, email, reason, reply_entry_id)
    select user_id, lower(email), 'unsubscribed', ${messageId}::int from prospects
    where id = ${prospectId} and email is not null and email <> ''
    on conflict (user_id, email) do nothing`.execute(trx);
}

/**
 * An answer labelled otherwise than `unsubscribe` lifts the suppression its label made, and only that one (decision
 * 0250): a link, a bounce or an import stays. When another answer from the same address is still labelled
 * `unsubscribe`, the suppression stays, now naming it. The sequence is not restarted.
 */
async function liftLabelSuppression(trx: Db, userId: number, messageId: number) {
  const lifted = await trx
    .deleteFrom('suppressions')
    .where('user_id', '=', userId)
    .where('reply_entry_id', '=', messageId)
    .returning('email')
    .executeTakeFirst();
  if (!lifted) return;
  const other = await trx
    .selectFrom('inbox_messages as im')
    .innerJoin('prospects as p', 'p.id', 'im.prospect_id')
    .select('im.history_entry_id')
    .where('im.user_id', '=', userId)
    .where('im.label', '=', UNSUBSCRIBE)
    .where('im.history_entry_id', '<>', messageId)
    .where(sql<string>`lower(p.email)`, '=', lifted.email)
    .orderBy('im.history_entry_id', 'desc')
    .executeTakeFirst();
  if (other)
    await trx
      .insertInto('suppressions')
      .values({
        user_id: userId,
        email: lifted.email,
        reason: 'unsubscribed',
        reply_entry_id: other.history_entry_id,
      })
      .execute();
}

/**
 * The last inbound answer of every prospect still to handle (one per prospect), as a sub-query: the inbox lists
 * them all, the profile and the unread count only the unread ones that need an answer. An automatic answer never
 * hides a human one: the prospect's answers that are not `auto_reply` come first, whatever their date. A prospect
 * whose only answers are automatic has no responses (has_responses false) and still shows, by them. Served by
 * inbox_messages (user_id, prospect_id) (migration 0004).
 */
function lastAnswers(db: Db, userId: number) {
  return db
    .selectFrom('inbox_messages as im')
    .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
    .innerJoin('prospects as p', 'p.id', 'im.prospect_id')
    .distinctOn('im.prospect_id')
    .select([
      'h.id',
      'im.prospect_id',
      'im.read_at',
      'h.type',
      'h.content',
      'h.event_date',
      'im.label',
      'im.label_set_at',
      'im.answered_at',
      sql<string | null>`h.data->>'label_confidence'`.as('label_confidence'),
      sql<string | null>`h.data->>'referral'`.as('referral'),
    ])
    .where('im.user_id', '=', userId)
    .where('p.user_id', '=', userId)
    .where((eb) => eb.or([eb('p.has_responses', '=', true), eb('im.label', '=', AUTO_REPLY)]))
    .where('p.prospecting_status', 'in', INBOX_STATUSES)
    .orderBy('im.prospect_id')
    .orderBy(sql`coalesce(im.label, '') = ${AUTO_REPLY}`)
    .orderBy('h.event_date', 'desc')
    .orderBy('h.id', 'desc');
}

/** The SQL condition of a filter on the sub-query's `m.label` (true for `all`). */
function filterCondition(filter: InboxFilter) {
  if (filter === 'needs_answer')
    return sql<boolean>`(m.label is null or m.label in (${sql.join(REPLY_LABELS_NEEDING_ANSWER)}))`;
  const labels = INBOX_FILTER_LABELS[filter];
  return labels === null ? sql<boolean>`true` : sql<boolean>`m.label in (${sql.join(labels)})`;
}

const newestFirst = <T extends { id: number; event_date: Date }>(rows: T[]) =>
  rows.sort((a, b) => b.event_date.getTime() - a.event_date.getTime() || b.id - a.id);

/**
 * Records inbound answers of prospects: an inbound history entry, its inbox message (unread unless readAt is given),
 * has_responses and the prospect's last event, in one transaction (the caller's when `db` is one). Used by the load
 * seed, the mailbox watch and the development-only answer route. Answers the created history entry ids, in the
 * order given.
 */
export async function addAnswers(db: Db, answers: readonly NewAnswer[]): Promise<number[]> {
  if (answers.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const ids: number[] = [];
    for (let i = 0; i < answers.length; i += 1000) {
      const chunk = answers.slice(i, i + 1000);
      const rows = await trx
        .insertInto('history_entries')
        .values(
          chunk.map((a) => ({
            prospect_id: a.prospectId,
            type: a.channel,
            content: a.content,
            direction: 'inbound',
            from_status: null,
            to_status: null,
            data: a.data ? JSON.stringify(a.data) : null,
            event_date: a.receivedAt,
          })),
        )
        .returning('id')
        .execute();
      const chunkIds = rows.map((r) => r.id);
      ids.push(...chunkIds);
      await trx
        .insertInto('inbox_messages')
        .values(
          chunk.map((a, j) => ({
            history_entry_id: chunkIds[j] as number,
            prospect_id: a.prospectId,
            user_id: a.userId,
            read_at: a.readAt ?? null,
            label: a.label ?? null,
          })),
        )
        .execute();
      // An automatic answer is not a response (the campaign's answerers, nurture-all): only its date counts.
      const responses = chunkIds.filter((_, j) => chunk[j]?.label !== AUTO_REPLY);
      await sql`update prospects p set has_responses = p.has_responses or h.responded,
          event_date = greatest(coalesce(p.event_date, h.last), h.last),
          updated_at = greatest(p.updated_at, h.last)
        from (select prospect_id, max(event_date) as last,
                bool_or(id in (${sql.join(responses.length ? responses : [0])})) as responded
              from history_entries
              where id in (${sql.join(chunkIds)}) group by prospect_id) h
        where h.prospect_id = p.id`.execute(trx);
    }
    return ids;
  });
}

/**
 * The inbox aggregate: the prospects' answers (inbound history entries and their per-user read state), the unread
 * answers and their count, and the recent comments on the user's prospects.
 */
export function inboxRepository(db: Db) {
  return {
    /** The last inbound answer of every prospect still to handle that `filter` lists, newest first. */
    async items(userId: number, filter: InboxFilter = 'all'): Promise<InboxItemRow[]> {
      const rows = await db
        .selectFrom(lastAnswers(db, userId).as('m'))
        .selectAll()
        .where(filterCondition(filter))
        .execute();
      return newestFirst(rows);
    },

    /** The unread ones of items() that need an answer, with the prospect's name and company, newest first. */
    async unreadItems(userId: number): Promise<UnreadInboxItemRow[]> {
      const rows = await db
        .selectFrom(lastAnswers(db, userId).as('m'))
        .innerJoin('prospects as p', 'p.id', 'm.prospect_id')
        .select([
          'm.id',
          'm.prospect_id',
          'm.type',
          'm.content',
          'm.event_date',
          'p.first_name',
          'p.last_name',
          'p.company_name',
        ])
        .where('m.read_at', 'is', null)
        .where(filterCondition('needs_answer'))
        .execute();
      return newestFirst(rows);
    },

    /** How many of items() are unread and need an answer (§2: the badge and the title), counted by the database. */
    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom(lastAnswers(db, userId).as('m'))
        .select(sql<number>`count(*)::int`.as('n'))
        .where('m.read_at', 'is', null)
        .where(filterCondition('needs_answer'))
        .executeTakeFirstOrThrow();
      return row.n;
    },

    /** How many items each filter lists, and the unread ones that need an answer, in one query. */
    async counts(userId: number): Promise<InboxCounts> {
      const needs = filterCondition('needs_answer');
      const row = await db
        .selectFrom(lastAnswers(db, userId).as('m'))
        .select([
          sql<number>`count(*) filter (where ${needs})::int`.as('needs_answer'),
          sql<number>`count(*) filter (where ${filterCondition('interested')})::int`.as(
            'interested',
          ),
          sql<number>`count(*) filter (where ${filterCondition('auto_replies')})::int`.as(
            'auto_replies',
          ),
          sql<number>`count(*)::int`.as('all'),
          sql<number>`count(*) filter (where ${needs} and m.read_at is null)::int`.as('unread'),
        ])
        .executeTakeFirstOrThrow();
      return row;
    },

    /**
     * Gives the user's answer `messageId` the label `to`, chosen by `by`, and records the change in the prospect's
     * history (an `event` entry `reply_label_changed`: who, from what, to what), in one transaction. The label the
     * answer already has changes nothing. Null when the answer is not in the user's inbox.
     */
    async setLabel(
      userId: number,
      messageId: number,
      to: ReplyLabel,
      by: { id: number; name: string },
      at = new Date(),
    ): Promise<LabelChange | null> {
      return inTransaction(db, async (trx) => {
        const current = await trx
          .selectFrom('inbox_messages')
          .select(['prospect_id', 'label', 'label_set_at'])
          .where('history_entry_id', '=', messageId)
          .where('user_id', '=', userId)
          .forUpdate()
          .executeTakeFirst();
        if (!current) return null;
        const from = isReplyLabel(current.label) ? current.label : null;
        const origin = (set: Date | null): ReplyLabelOrigin => (set ? 'user' : 'classifier');
        if (from === to)
          return {
            prospectId: current.prospect_id,
            from,
            to,
            changed: false,
            origin: origin(current.label_set_at),
          };
        await trx
          .updateTable('inbox_messages')
          .set({ label: to, label_set_at: at, label_set_by: by.id })
          .where('history_entry_id', '=', messageId)
          .execute();
        await trx
          .insertInto('history_entries')
          .values({
            prospect_id: current.prospect_id,
            type: 'event',
            content: `Label of answer ${messageId} changed from ${from ?? 'none'} to ${to} by ${by.name}`,
            direction: null,
            from_status: null,
            to_status: null,
            data: JSON.stringify({
              event: 'reply_label_changed',
              message_id: messageId,
              from,
              to,
              by: by.name,
              by_user_id: by.id,
            }),
            event_date: at,
          })
          .execute();
        await trx
          .updateTable('prospects')
          .set({ event_date: sql`greatest(coalesce(event_date, ${at}), ${at})` })
          .where('id', '=', current.prospect_id)
          .execute();
        if (to === UNSUBSCRIBE) await unsubscribeByLabel(trx, current.prospect_id, messageId, at);
        else if (from === UNSUBSCRIBE) await liftLabelSuppression(trx, userId, messageId);
        return { prospectId: current.prospect_id, from, to, changed: true, origin: 'user' };
      });
    },

    /** The current label of each prospect's last answer as the inbox shows it (the export's column), by prospect id. */
    async lastLabels(prospectIds: readonly number[]): Promise<Map<number, ReplyLabel>> {
      const labels = new Map<number, ReplyLabel>();
      for (let i = 0; i < prospectIds.length; i += 5000) {
        const chunk = prospectIds.slice(i, i + 5000);
        const rows = await db
          .selectFrom('inbox_messages as im')
          .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
          .distinctOn('im.prospect_id')
          .select(['im.prospect_id', 'im.label'])
          .where('im.prospect_id', 'in', chunk)
          .orderBy('im.prospect_id')
          // As in the inbox: an automatic answer never hides a human one.
          .orderBy(sql`coalesce(im.label, '') = ${AUTO_REPLY}`)
          .orderBy('h.event_date', 'desc')
          .orderBy('h.id', 'desc')
          .execute();
        for (const row of rows) if (isReplyLabel(row.label)) labels.set(row.prospect_id, row.label);
      }
      return labels;
    },

    /** One answer of the user's inbox (any, read or not), with its prospect and date. */
    findMessage(
      userId: number,
      messageId: number,
    ): Promise<{ history_entry_id: number; prospect_id: number; event_date: Date } | undefined> {
      return db
        .selectFrom('inbox_messages as im')
        .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
        .select(['im.history_entry_id', 'im.prospect_id', 'h.event_date'])
        .where('im.history_entry_id', '=', messageId)
        .where('im.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Marks read the prospect's answers received up to `until` (an answer and every earlier one). */
    async markReadUntil(prospectId: number, until: Date): Promise<void> {
      await db
        .updateTable('inbox_messages')
        .set({ read_at: new Date() })
        .where('prospect_id', '=', prospectId)
        .where('read_at', 'is', null)
        .where('history_entry_id', 'in', (eb) =>
          eb
            .selectFrom('history_entries')
            .select('id')
            .where('prospect_id', '=', prospectId)
            .where('event_date', '<=', until),
        )
        .execute();
    },

    /** The comments on the user's prospects (or on one of them) written since `since`, newest first. */
    recentComments(userId: number, since: Date, prospectId?: number): Promise<RecentCommentRow[]> {
      let query = db
        .selectFrom('comments as c')
        .innerJoin('prospects as p', 'p.id', 'c.prospect_id')
        .innerJoin('users as u', 'u.id', 'c.author_id')
        .select([
          'c.id',
          'c.prospect_id',
          'c.content',
          'c.activity',
          'c.created_at',
          'u.id as author_id',
          'u.first_name',
          'u.last_name',
          'p.first_name as prospect_first_name',
          'p.last_name as prospect_last_name',
          'p.company_name',
        ])
        .where('p.user_id', '=', userId)
        .where('c.created_at', '>=', since);
      if (prospectId !== undefined) query = query.where('c.prospect_id', '=', prospectId);
      return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
    },

    addAnswers: (answers: readonly NewAnswer[]) => addAnswers(db, answers),

    /**
     * The prospects of a user that could answer next: still ongoing or to call and without any answer yet,
     * oldest first (deterministic).
     */
    prospectsWithoutAnswer(userId: number, limit: number): Promise<{ id: number }[]> {
      return db
        .selectFrom('prospects')
        .select('id')
        .where('user_id', '=', userId)
        .where('has_responses', '=', false)
        .where('prospecting_status', 'in', IN_PROGRESS_STATUSES)
        .orderBy('id')
        .limit(limit)
        .execute();
    },
  };
}

export type InboxRepository = ReturnType<typeof inboxRepository>;
