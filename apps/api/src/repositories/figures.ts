import { FIGURE_PROSPECTS_LIMIT, type EventFigure } from '@prospecta/domain';
import type { Db } from '../db/index';
import { campaignEventsRepository } from './campaign-events';

export interface FigureProspectRow {
  id: number;
  first_name: string;
  last_name: string;
  company_name: string;
  at: Date;
}

/**
 * The prospects behind a campaign's or a step's figure (decision 0174), read from the figures' own marks
 * (`campaignEvents.prospectsOf`): first in first, the first FIGURE_PROSPECTS_LIMIT with their names, and the count.
 */
export function figuresRepository(db: Db) {
  return {
    /** Whether the step is one of the campaign's. */
    async hasStep(campaignId: number, stepId: number): Promise<boolean> {
      const row = await db
        .selectFrom('campaign_steps')
        .select('id')
        .where('id', '=', stepId)
        .where('campaign_id', '=', campaignId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async prospectsBehind(
      campaignId: number,
      figure: EventFigure,
      stepId: number | null,
    ): Promise<{ count: number; prospects: FigureProspectRow[] }> {
      // The first ones and the count, each from the marks' index: a 100,000-prospect figure is not read whole.
      const events = campaignEventsRepository(db);
      const listed = await events.prospectsOf(campaignId, figure, stepId, FIGURE_PROSPECTS_LIMIT);
      const count =
        listed.length < FIGURE_PROSPECTS_LIMIT
          ? listed.length
          : await events.countOf(campaignId, figure, stepId);
      if (listed.length === 0) return { count, prospects: [] };
      const names = await db
        .selectFrom('prospects')
        .select(['id', 'first_name', 'last_name', 'company_name'])
        .where(
          'id',
          'in',
          listed.map((m) => m.prospectId),
        )
        .execute();
      const byId = new Map(names.map((n) => [n.id, n]));
      const prospects = listed.flatMap((mark) => {
        const name = byId.get(mark.prospectId);
        return name ? [{ ...name, at: mark.at }] : [];
      });
      return { count, prospects };
    },
  };
}

export type FiguresRepository = ReturnType<typeof figuresRepository>;
