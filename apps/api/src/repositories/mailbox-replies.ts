import { sql } from 'kysely';
import {
  BOUNCE_RATE_WINDOW,
  bounceRateExceeded,
  instantOf,
  type MailboxPauseReason,
  WAITING_SEND_STATES,
  HANDED_OVER_SEND_STATES,
} from '@prospecta/domain';
import type { Db } from '../db/index';

/** A send of the engine that a reply or a bounce is about. */
export interface SendMatch {
  sendId: number;
  campaignId: number;
  stepId: number;
  prospectId: number;
  emailAccountId: number | null;
}

/** Where a reply matched by its sender belongs: the prospect's campaign and the last step sent to it, if any. */
export interface ReplyContext {
  campaignId: number;
  stepId: number | null;
  sendId: number | null;
}

const BOUNCE_RATE_PAUSE: MailboxPauseReason = 'bounce_rate';

/** How long a bounce without the returned message's Message-ID may come after its send (days). */
const BOUNCE_LOOKBACK_DAYS = 30;

type SendRow = {
  id: string | number;
  campaign_id: number;
  step_id: number;
  prospect_id: number;
  email_account_id: number | null;
  message_id: string;
};

const toMatch = (row: SendRow): SendMatch => ({
  sendId: Number(row.id),
  campaignId: row.campaign_id,
  stepId: row.step_id,
  prospectId: row.prospect_id,
  emailAccountId: row.email_account_id,
});

/**
 * What the mailbox watch looks up among the engine's sends: the send a reply answers (by its thread's Message-IDs),
 * the send a delivery status notification returns (by Message-ID, else by recipient among the mailbox's recent
 * sends), the step a reply matched by its sender belongs to, and the mailbox's bounce rate.
 */
export function mailboxRepliesRepository(db: Db) {
  return {
    /**
     * The user's send whose Message-ID is one of `messageIds` (without angle brackets), the first of the list that
     * matches (the nearest in the thread).
     */
    async sendByMessageIds(
      userId: number,
      messageIds: readonly string[],
    ): Promise<SendMatch | null> {
      if (messageIds.length === 0) return null;
      const rows = await db
        .selectFrom('sends')
        .innerJoin('prospects', 'prospects.id', 'sends.prospect_id')
        .select([
          'sends.id',
          'sends.campaign_id',
          'sends.step_id',
          'sends.prospect_id',
          'sends.email_account_id',
          'sends.message_id',
        ])
        .where('prospects.user_id', '=', userId)
        .where('sends.message_id', 'in', [...messageIds])
        .execute();
      for (const id of messageIds) {
        const row = rows.find((r) => r.message_id === id);
        if (row) return toMatch(row);
      }
      return null;
    },

    /** The mailbox's latest send to `address` in the last 30 days that went to a mail server. */
    async recentSendTo(
      accountId: number,
      address: string,
      now = new Date(),
    ): Promise<SendMatch | null> {
      const row = await db
        .selectFrom('sends')
        .innerJoin('prospects', 'prospects.id', 'sends.prospect_id')
        .select([
          'sends.id',
          'sends.campaign_id',
          'sends.step_id',
          'sends.prospect_id',
          'sends.email_account_id',
          'sends.message_id',
        ])
        .where('sends.email_account_id', '=', accountId)
        .where('sends.state', 'in', HANDED_OVER_SEND_STATES)
        .where(sql`lower(prospects.email)`, '=', address.toLowerCase())
        .where(
          sql`coalesce(sends.sent_at, sends.sending_at, sends.updated_at)`,
          '>=',
          new Date(now.getTime() - BOUNCE_LOOKBACK_DAYS * 86_400_000),
        )
        .orderBy(sql`coalesce(sends.sent_at, sends.sending_at, sends.updated_at) desc`)
        .orderBy('sends.id', 'desc')
        .executeTakeFirst();
      return row ? toMatch(row) : null;
    },

    /**
     * The campaign and step of a reply matched by its sender: the last step sent to the prospect (its campaign),
     * else the prospect's campaign without a step; null when the prospect is in no campaign.
     */
    /**
     * An out-of-office answer that states its return date: the prospect's next step waits until that day begins in
     * the campaign's time zone, whether it is still to plan or already planned (never earlier than it was due).
     */
    async holdUntil(prospectId: number, campaignId: number, returnDate: string): Promise<void> {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(returnDate);
      if (!match) return;
      const campaign = await db
        .selectFrom('campaigns')
        .select('time_zone')
        .where('id', '=', campaignId)
        .executeTakeFirst();
      if (!campaign) return;
      const back = instantOf(
        {
          year: Number(match[1]),
          month: Number(match[2]),
          day: Number(match[3]),
          hour: 0,
          minute: 0,
        },
        campaign.time_zone,
      );
      await db
        .updateTable('prospect_sequences')
        .set({ next_due_at: sql`greatest(next_due_at, ${back})`, updated_at: new Date() })
        .where('prospect_id', '=', prospectId)
        .where('campaign_id', '=', campaignId)
        .where('stopped_reason', 'is', null)
        .where('next_position', 'is not', null)
        .where('next_due_at', 'is not', null)
        .execute();
      await db
        .updateTable('sends')
        .set({ due_at: sql`greatest(due_at, ${back})`, updated_at: new Date() })
        .where('prospect_id', '=', prospectId)
        .where('campaign_id', '=', campaignId)
        .where('state', 'in', WAITING_SEND_STATES)
        .execute();
    },

    async replyContext(prospectId: number): Promise<ReplyContext | null> {
      const send = await db
        .selectFrom('sends')
        .select(['id', 'campaign_id', 'step_id'])
        .where('prospect_id', '=', prospectId)
        .where('state', 'in', HANDED_OVER_SEND_STATES)
        .orderBy(sql`coalesce(sent_at, sending_at, updated_at) desc`)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      if (send)
        return { campaignId: send.campaign_id, stepId: send.step_id, sendId: Number(send.id) };
      const prospect = await db
        .selectFrom('prospects')
        .select('campaign_id')
        .where('id', '=', prospectId)
        .executeTakeFirst();
      return prospect?.campaign_id
        ? { campaignId: prospect.campaign_id, stepId: null, sendId: null }
        : null;
    },

    /**
     * Pauses the mailbox for the campaigns ('bounce_rate') when the bounces among its last 100 sends exceed the
     * limit (packages/domain `bounceRateExceeded`); answers whether it is paused for that now.
     */
    async pauseOnBounceRate(accountId: number, at = new Date()): Promise<boolean> {
      const counted = await sql<{ n: number }>`select count(*)::int as n from (
          select id from sends
          where email_account_id = ${accountId} and state in (${sql.join(HANDED_OVER_SEND_STATES)})
          order by coalesce(sent_at, sending_at, updated_at) desc, id desc
          limit ${BOUNCE_RATE_WINDOW}
        ) s
        where exists (select 1 from campaign_events e where e.send_id = s.id and e.type = 'bounced')`.execute(
        db,
      );
      if (!bounceRateExceeded(counted.rows[0]?.n ?? 0)) return false;
      await db
        .updateTable('email_accounts')
        .set({ sending_paused_at: at, sending_paused_reason: BOUNCE_RATE_PAUSE })
        .where('id', '=', accountId)
        .where('sending_paused_at', 'is', null)
        .execute();
      return true;
    },
  };
}

export type MailboxRepliesRepository = ReturnType<typeof mailboxRepliesRepository>;
