import { sql } from 'kysely';
import { DELIVERED_SEND_STATES, HANDED_OVER_SEND_STATES } from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import type { EmailAccountRow } from '../db/types';
import { inboxRepository } from './inbox';

/** A prospect's e-mail answer as the inbox answers it: the stored mail's facts (history_entries.data). */
export interface AnsweredMessage {
  entryId: number;
  prospectId: number;
  type: string;
  content: string;
  receivedAt: Date;
  data: Record<string, unknown>;
  prospect: {
    email: string | null;
    first_name: string;
    last_name: string;
    campaign_id: number | null;
  };
  campaignLanguage: string | null;
}

/** The campaign's send the answer replied to (its mailbox wrote to the prospect), and that send's thread. */
export interface ContactedFrom {
  emailAccountId: number | null;
  /** The thread's Message-IDs, oldest first (the campaign's mails handed over to the prospect). */
  thread: string[];
}

/** One attempt to answer, as stored. */
export interface AnswerAttempt {
  id: number;
  state: string;
  reply_entry_id: number;
  email_account_id: number | null;
  message_id: string;
  error_code: string | null;
  history_entry_id: number | null;
}

/** An attempt still `sending` after this long was cut off (its instance stopped): it no longer blocks another. */
export const STALE_SENDING_SECONDS = 120;

/**
 * The answers sent from the inbox (decision 0225): the message answered and where it came from, the attempts keyed
 * by the app's idempotency key, and the outcome written with its history entry.
 */
export function inboxAnswersRepository(db: Db) {
  return {
    /** One inbound answer of the user's inbox, with its prospect and the language of its campaign. */
    async answeredMessage(userId: number, entryId: number): Promise<AnsweredMessage | null> {
      const row = await db
        .selectFrom('inbox_messages as im')
        .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
        .innerJoin('prospects as p', 'p.id', 'im.prospect_id')
        .leftJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .select([
          'h.id',
          'h.prospect_id',
          'h.type',
          'h.content',
          'h.event_date',
          'h.data',
          'p.email',
          'p.first_name',
          'p.last_name',
          'p.campaign_id',
          'c.language',
        ])
        .where('im.history_entry_id', '=', entryId)
        .where('im.user_id', '=', userId)
        .where('p.user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return null;
      const data =
        typeof row.data === 'string'
          ? (JSON.parse(row.data) as Record<string, unknown>)
          : ((row.data as Record<string, unknown> | null) ?? {});
      return {
        entryId: row.id,
        prospectId: row.prospect_id,
        type: row.type,
        content: row.content,
        receivedAt: new Date(row.event_date),
        data,
        prospect: {
          email: row.email,
          first_name: row.first_name,
          last_name: row.last_name,
          campaign_id: row.campaign_id,
        },
        campaignLanguage: row.language ?? null,
      };
    },

    /**
     * The mailbox the prospect was contacted from: the send the answer replied to (its `replied` event), else the
     * prospect's last mail handed over to a server; with that campaign's thread of mails to the prospect.
     */
    async contactedFrom(prospectId: number, replyMessageId: string | null): Promise<ContactedFrom> {
      const replied = replyMessageId
        ? await db
            .selectFrom('campaign_events as e')
            .innerJoin('sends as s', 's.id', 'e.send_id')
            .select(['s.email_account_id', 's.campaign_id'])
            .where('e.prospect_id', '=', prospectId)
            .where('e.type', '=', 'replied')
            .where(sql<string>`e.data->>'message_id'`, '=', replyMessageId)
            .orderBy('e.id', 'desc')
            .executeTakeFirst()
        : undefined;
      const send =
        replied ??
        (await db
          .selectFrom('sends')
          .select(['email_account_id', 'campaign_id'])
          .where('prospect_id', '=', prospectId)
          .where('state', 'in', HANDED_OVER_SEND_STATES)
          .orderBy(sql`coalesce(sent_at, sending_at, updated_at) desc`)
          .orderBy('id', 'desc')
          .executeTakeFirst());
      if (!send) return { emailAccountId: null, thread: [] };
      const thread = await db
        .selectFrom('sends')
        .select('message_id')
        .where('prospect_id', '=', prospectId)
        .where('campaign_id', '=', send.campaign_id)
        .where('state', 'in', DELIVERED_SEND_STATES)
        .orderBy(sql`coalesce(sent_at, sending_at, updated_at)`)
        .orderBy('id')
        .execute();
      return { emailAccountId: send.email_account_id, thread: thread.map((s) => s.message_id) };
    },

    /** The user's mailbox `id`, or undefined. */
    mailboxOf(userId: number, id: number): Promise<EmailAccountRow | undefined> {
      return db
        .selectFrom('email_accounts')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The attempt the app named with this key, if any. */
    async attemptByKey(userId: number, key: string): Promise<AnswerAttempt | null> {
      const row = await db
        .selectFrom('inbox_answers')
        .select([
          'id',
          'state',
          'reply_entry_id',
          'email_account_id',
          'message_id',
          'error_code',
          'history_entry_id',
        ])
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      return row ?? null;
    },

    /**
     * Starts an attempt (`sending`), committed before the mail server is spoken to. Null when another attempt with
     * the same key exists, or another attempt on the same message is still sending (one cut off by a stopped
     * instance more than STALE_SENDING_SECONDS ago is `unknown` first, so it blocks nothing).
     */
    async start(attempt: {
      userId: number;
      replyEntryId: number;
      prospectId: number;
      key: string;
      emailAccountId: number;
      messageId: string;
      at: Date;
    }): Promise<number | null> {
      return inTransaction(db, async (trx) => {
        await trx
          .updateTable('inbox_answers')
          .set({ state: 'unknown' })
          .where('reply_entry_id', '=', attempt.replyEntryId)
          .where('state', '=', 'sending')
          .where('created_at', '<', new Date(attempt.at.getTime() - STALE_SENDING_SECONDS * 1000))
          .execute();
        const row = await trx
          .insertInto('inbox_answers')
          .values({
            user_id: attempt.userId,
            reply_entry_id: attempt.replyEntryId,
            prospect_id: attempt.prospectId,
            idempotency_key: attempt.key,
            email_account_id: attempt.emailAccountId,
            state: 'sending',
            message_id: attempt.messageId,
            created_at: attempt.at,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        return row ? row.id : null;
      });
    },

    /** A failed attempt, with its code. */
    async fail(id: number, code: string, error: string): Promise<void> {
      await db
        .updateTable('inbox_answers')
        .set({ state: 'failed', error_code: code, error: error.slice(0, 500) })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .execute();
    },

    /**
     * A sent answer, in one transaction: the outbound `email` history entry (the body and the signature; the mail's
     * facts in its data), the attempt `sent` with it, the answered message and the earlier ones read, the
     * answered message marked answered, and the prospect's last event. Answers the history entry's id.
     */
    async sent(
      id: number,
      entry: {
        prospectId: number;
        /** The answered message (its inbox message takes the answered mark). */
        replyEntryId: number;
        replyReceivedAt: Date;
        content: string;
        data: Record<string, unknown>;
        at: Date;
      },
    ): Promise<number> {
      return inTransaction(db, async (trx) => {
        const history = await trx
          .insertInto('history_entries')
          .values({
            prospect_id: entry.prospectId,
            type: 'email',
            content: entry.content,
            direction: 'outbound',
            from_status: null,
            to_status: null,
            data: JSON.stringify(entry.data),
            event_date: entry.at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('inbox_answers')
          .set({ state: 'sent', sent_at: entry.at, history_entry_id: history.id })
          .where('id', '=', id)
          .execute();
        await inboxRepository(trx).markReadUntil(entry.prospectId, entry.replyReceivedAt);
        // The answered mark: it changes the owner's inbox version, so their other tabs hear of it.
        await trx
          .updateTable('inbox_messages')
          .set({ answered_at: entry.at })
          .where('history_entry_id', '=', entry.replyEntryId)
          .execute();
        await trx
          .updateTable('prospects')
          .set({
            event_date: sql`greatest(coalesce(event_date, ${entry.at}), ${entry.at})`,
            updated_at: sql`greatest(updated_at, ${entry.at})`,
          })
          .where('id', '=', entry.prospectId)
          .execute();
        return history.id;
      });
    },

    /** A stored history entry (the answer sent), as the contract shows it. */
    historyEntry(id: number) {
      return db
        .selectFrom('history_entries')
        .select(['id', 'type', 'content', 'direction', 'event_date', 'data'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    },
  };
}

export type InboxAnswersRepository = ReturnType<typeof inboxAnswersRepository>;
