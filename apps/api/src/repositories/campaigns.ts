import { sql } from 'kysely';
import type { Db } from '../db/index';
import type { CampaignRow } from '../db/types';
import { campaignEventsRepository } from './campaign-events';

export interface CampaignStepRow {
  id: number;
  campaign_id: number;
  position: number;
  name: string;
  workflow_step_type: string;
  contacted: number;
  contacts_opened: number;
  contacts_clicked: number;
  contacts_answered: number;
}

/** A campaign with what its answer shows besides its row: its steps (in order), prospect count and owner. */
export interface CampaignDetailRow extends CampaignRow {
  steps: CampaignStepRow[];
  prospects_count: number;
  /** Undefined only if the owner row is gone (never, with the foreign key). */
  owner: { first_name: string; last_name: string; company_name: string } | undefined;
}

/** The campaigns aggregate: campaigns, their steps and statistics. */
export function campaignsRepository(db: Db) {
  return {
    findById(id: number): Promise<CampaignRow | undefined> {
      return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's campaigns, by name (case-insensitive), then id. */
    ofUser(userId: number): Promise<CampaignRow[]> {
      return db
        .selectFrom('campaigns')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute();
    },

    /** The campaigns with their steps, prospect counts and owners (three queries, whatever the number of campaigns). */
    async withDetails(campaigns: readonly CampaignRow[]): Promise<CampaignDetailRow[]> {
      if (campaigns.length === 0) return [];
      const ids = campaigns.map((c) => c.id);
      const [steps, counts, owners] = await Promise.all([
        db
          .selectFrom('campaign_steps')
          .selectAll()
          .where('campaign_id', 'in', ids)
          .orderBy('campaign_id')
          .orderBy('position')
          .execute(),
        db
          .selectFrom('prospects')
          .select(['campaign_id', sql<number>`count(*)::int`.as('n')])
          .where('campaign_id', 'in', ids)
          .groupBy('campaign_id')
          .execute(),
        db
          .selectFrom('users')
          .select(['id', 'first_name', 'last_name', 'company_name'])
          .where('id', 'in', [...new Set(campaigns.map((c) => c.user_id))])
          .execute(),
      ]);
      const ownerById = new Map(owners.map((o) => [o.id, o]));
      const countById = new Map(counts.map((c) => [c.campaign_id, c.n]));
      return campaigns.map((c) => ({
        ...c,
        steps: steps.filter((s) => s.campaign_id === c.id),
        prospects_count: countById.get(c.id) ?? 0,
        owner: ownerById.get(c.user_id),
      }));
    },

    /**
     * The campaign's audience counted again from its prospects (after an import stored or removed some): the other
     * statistics come from the sending and stay as they are. Answers the count.
     */
    async recountAudience(id: number): Promise<number> {
      const row = await db
        .updateTable('campaigns')
        .set({
          audience: sql<number>`(select count(*)::int from prospects where campaign_id = ${id})`,
        })
        .where('id', '=', id)
        .returning('audience')
        .executeTakeFirst();
      return row?.audience ?? 0;
    },

    /**
     * Campaign refresh (§7 sync): every figure recomputed from the campaign's events, the audience from its
     * prospects, and the last update stamped (repositories/campaign-events.ts). Answers the updated row.
     */
    async refreshStatistics(id: number): Promise<CampaignRow> {
      await campaignEventsRepository(db).recount(id);
      return db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    },
  };
}

export type CampaignsRepository = ReturnType<typeof campaignsRepository>;
