import { sql } from 'kysely';
import { IN_PROGRESS_STATUSES, INBOX_STATUSES, type AnswerChannel } from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import type { CommentWithAuthorRow } from './prospects';

export type { AnswerChannel } from '@prospecta/domain';

/** An answer of the inbox: the inbound history entry (its id is the message id) and its read state. */
export interface InboxItemRow {
  id: number;
  prospect_id: number;
  read_at: Date | null;
  type: string;
  content: string;
  event_date: Date;
}

/** An unread answer with the name and company of its prospect (the profile's list). */
export interface UnreadInboxItemRow extends Omit<InboxItemRow, 'read_at'> {
  first_name: string;
  last_name: string;
  company_name: string;
}

/** A comment on one of the user's prospects, with its author and prospect (the recent-comments list). */
export interface RecentCommentRow extends CommentWithAuthorRow {
  prospect_first_name: string;
  prospect_last_name: string;
  company_name: string;
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
}

/**
 * The last inbound answer of every prospect still to handle (one per prospect), as a
 * sub-query: the inbox lists them all, the profile and the unread count only the
 * unread ones. Served by inbox_messages (user_id, prospect_id) (migration 0004).
 */
function lastAnswers(db: Db, userId: number) {
  return db
    .selectFrom('inbox_messages as im')
    .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
    .innerJoin('prospects as p', 'p.id', 'im.prospect_id')
    .distinctOn('im.prospect_id')
    .select(['h.id', 'im.prospect_id', 'im.read_at', 'h.type', 'h.content', 'h.event_date'])
    .where('im.user_id', '=', userId)
    .where('p.user_id', '=', userId)
    .where('p.has_responses', '=', true)
    .where('p.prospecting_status', 'in', INBOX_STATUSES)
    .orderBy('im.prospect_id')
    .orderBy('h.event_date', 'desc')
    .orderBy('h.id', 'desc');
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
          })),
        )
        .execute();
      await sql`update prospects p set has_responses = true,
          event_date = greatest(coalesce(p.event_date, h.last), h.last),
          updated_at = greatest(p.updated_at, h.last)
        from (select prospect_id, max(event_date) as last from history_entries
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
    /** The last inbound answer of every prospect still to handle, newest first. */
    async items(userId: number): Promise<InboxItemRow[]> {
      return newestFirst(await lastAnswers(db, userId).execute());
    },

    /** The unread ones of items(), with the prospect's name and company, newest first (one round trip). */
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
        .execute();
      return newestFirst(rows);
    },

    /** How many of items() are unread, counted by the database. */
    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom(lastAnswers(db, userId).as('m'))
        .select(sql<number>`count(*)::int`.as('n'))
        .where('m.read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.n;
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
