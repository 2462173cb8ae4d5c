import { sql } from 'kysely';
import type { Db } from '../db/index';
import { INBOX_STATUSES, type AnswerChannel } from '@prospecta/domain';

export type { AnswerChannel } from '@prospecta/domain';

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
 * Records inbound answers of prospects: an inbound history entry, its inbox message (unread unless readAt is given),
 * has_responses and the prospect's last event. Used by the load seed and by the development-only answer route.
 * Answers the created history entry ids, in the order given.
 */
export async function addAnswers(db: Db, answers: readonly NewAnswer[]): Promise<number[]> {
  if (answers.length === 0) return [];
  return db.transaction().execute(async (trx) => {
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
        .values(chunk.map((a, j) => ({ history_entry_id: chunkIds[j] as number, prospect_id: a.prospectId, user_id: a.userId, read_at: a.readAt ?? null })))
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
 * The prospects of a user that could answer next: still pending, ongoing or to call and without any answer yet,
 * oldest first (deterministic).
 */
export async function prospectsWithoutAnswer(db: Db, userId: number, limit: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('prospects')
    .select('id')
    .where('user_id', '=', userId)
    .where('has_responses', '=', false)
    .where('prospecting_status', 'in', INBOX_STATUSES.filter((s) => s !== 'pending'))
    .orderBy('id')
    .limit(limit)
    .execute();
}
