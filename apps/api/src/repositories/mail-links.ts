import { sql } from 'kysely';
import { CAMPAIGN_LANGUAGES } from '@prospecta/domain';
import type { CampaignLanguage } from '@prospecta/domain/contract';
import { inTransaction, type Db } from '../db/index';
import { campaignEventsRepository, REPLY_ENTRY_KEY } from './campaign-events';

/** A send as its mail's links need it: whose it is, and the campaign's language and tracking switches. */
export interface LinkedSend {
  sendId: number;
  campaignId: number;
  prospectId: number;
  stepId: number;
  emailAccountId: number | null;
  language: CampaignLanguage;
  trackOpens: boolean;
  trackClicks: boolean;
  /** The prospect's address (null when it has none any more). */
  email: string | null;
}

/** The landing page a tracked link points to. */
export interface LinkedPage {
  url: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
}

/** The first key of the advisory locks that serialize one prospect's unsubscribes (the second: its id). */
const UNSUBSCRIBE_LOCK = 0x6d6c75; // "mlu"

/** Opens of one send closer together than this are one open (image proxies and mail clients load it again). */
export const OPEN_DEDUP_SECONDS = 600;

/**
 * The mail links' side of the sending engine: the send a signed link names, the landing page of a tracked link,
 * and the events its use records (always through the campaign events aggregate, in one transaction).
 */
export function mailLinksRepository(db: Db) {
  /**
   * Whether the prospect unsubscribed from the campaign and still is: an unsubscribe an answer's label made counts
   * only while the address is on the suppression list (another label lifts it; decision 0250).
   */
  async function unsubscribed(executor: Db, send: LinkedSend): Promise<boolean> {
    const row = await executor
      .selectFrom('campaign_events as e')
      .select('e.id')
      .where('e.prospect_id', '=', send.prospectId)
      .where('e.campaign_id', '=', send.campaignId)
      .where('e.type', '=', 'unsubscribed')
      .where((eb) =>
        eb.or([
          eb(sql`e.data->>${REPLY_ENTRY_KEY}`, 'is', null),
          eb.exists(
            eb
              .selectFrom('suppressions as su')
              .innerJoin('prospects as p', (join) =>
                join
                  .onRef('su.user_id', '=', 'p.user_id')
                  .on('su.email', '=', sql<string>`lower(p.email)`),
              )
              .select('su.email')
              .where('p.id', '=', send.prospectId),
          ),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  return {
    /** The send with its campaign's settings and its prospect's address; undefined when it does not exist. */
    async findSend(sendId: number): Promise<LinkedSend | undefined> {
      const row = await db
        .selectFrom('sends')
        .innerJoin('campaigns', 'campaigns.id', 'sends.campaign_id')
        .innerJoin('prospects', 'prospects.id', 'sends.prospect_id')
        .select([
          'sends.campaign_id',
          'sends.prospect_id',
          'sends.step_id',
          'sends.email_account_id',
          'campaigns.language',
          'campaigns.track_opens',
          'campaigns.track_clicks',
          'prospects.email',
        ])
        .where('sends.id', '=', sendId)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sendId,
        campaignId: row.campaign_id,
        prospectId: row.prospect_id,
        stepId: row.step_id,
        emailAccountId: row.email_account_id,
        language: CAMPAIGN_LANGUAGES.find((language) => language === row.language) ?? 'fr',
        trackOpens: row.track_opens,
        trackClicks: row.track_clicks,
        email: row.email?.trim() ? row.email.trim() : null,
      };
    },

    /** The campaign's landing page of this key, as it is now; undefined when the campaign no longer has it. */
    landingPage(campaignId: number, key: string): Promise<LinkedPage | undefined> {
      return db
        .selectFrom('landing_pages')
        .select(['url', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'])
        .where('campaign_id', '=', campaignId)
        .where('key', '=', key)
        .executeTakeFirst();
    },

    /** Whether the send's prospect already unsubscribed from its campaign. */
    hasUnsubscribed(send: LinkedSend): Promise<boolean> {
      return unsubscribed(db, send);
    },

    /**
     * Unsubscribes the send's prospect: its `unsubscribed` event (which stops its sequence and suppresses its
     * address), unless it already unsubscribed from the campaign. The prospect's unsubscribes are serialized by an
     * advisory lock of the transaction (no row lock: nothing the engine locks in another order), so that two clicks
     * at once (the one-click POST and the page's form, or the links of two of its mails) record one event. Answers
     * whether this call recorded it.
     */
    unsubscribe(send: LinkedSend, at = new Date()): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await sql`select pg_advisory_xact_lock(${UNSUBSCRIBE_LOCK}, ${send.prospectId})`.execute(
          trx,
        );
        if (await unsubscribed(trx, send)) return false;
        await campaignEventsRepository(trx).record([
          {
            type: 'unsubscribed',
            campaignId: send.campaignId,
            prospectId: send.prospectId,
            stepId: send.stepId,
            sendId: send.sendId,
            emailAccountId: send.emailAccountId,
            at,
          },
        ]);
        return true;
      });
    },

    /**
     * Records an open of the send, unless one was recorded in the last OPEN_DEDUP_SECONDS. Answers whether it did.
     */
    recordOpen(send: LinkedSend, at = new Date()): Promise<boolean> {
      return inTransaction(db, async (trx) => {
        await sql`select id from sends where id = ${send.sendId} for update`.execute(trx);
        const recent = await trx
          .selectFrom('campaign_events')
          .select('id')
          .where('send_id', '=', send.sendId)
          .where('type', '=', 'opened')
          .where('occurred_at', '>', new Date(at.getTime() - OPEN_DEDUP_SECONDS * 1000))
          .limit(1)
          .executeTakeFirst();
        if (recent) return false;
        await campaignEventsRepository(trx).record([
          {
            type: 'opened',
            campaignId: send.campaignId,
            prospectId: send.prospectId,
            stepId: send.stepId,
            sendId: send.sendId,
            emailAccountId: send.emailAccountId,
            at,
          },
        ]);
        return true;
      });
    },

    /** Records a click of the send's link to the landing page `page`. */
    recordClick(send: LinkedSend, page: string, at = new Date()): Promise<void> {
      return campaignEventsRepository(db).record([
        {
          type: 'clicked',
          campaignId: send.campaignId,
          prospectId: send.prospectId,
          stepId: send.stepId,
          sendId: send.sendId,
          emailAccountId: send.emailAccountId,
          data: { page },
          at,
        },
      ]);
    },
  };
}

export type MailLinksRepository = ReturnType<typeof mailLinksRepository>;
