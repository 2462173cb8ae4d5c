import { sql } from 'kysely';
import type { Db } from '../db/index';

/**
 * The sends of the campaigns as the screens read them. A send whose outcome is unknown (its instance stopped between
 * handing it to SMTP and recording the answer) is never sent again: the campaign shows how many there are.
 */
export function sendsRepository(db: Db) {
  return {
    /**
     * Gives the campaign's owner new list versions (http/list-cache.ts): a send turned `unknown` changes what the
     * campaign's answer shows, and `sends` has no list trigger (its every state change would retire the lists).
     */
    async unknownCountChanged(campaignId: number): Promise<void> {
      await sql`select bump_list_versions(array(select user_id from campaigns where id = ${campaignId}))`.execute(
        db,
      );
    },

    /** How many sends of each campaign ended `unknown` (campaigns without any are left out). */
    async unknownCounts(campaignIds: readonly number[]): Promise<Map<number, number>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('sends')
        .select(['campaign_id', sql<number>`count(*)::int`.as('n')])
        .where('campaign_id', 'in', campaignIds)
        .where('state', '=', 'unknown')
        .groupBy('campaign_id')
        .execute();
      return new Map(rows.map((row) => [row.campaign_id, row.n]));
    },
  };
}

export type SendsRepository = ReturnType<typeof sendsRepository>;
