import type { Db } from '../../db/index';
import {
  tagsByProspect,
  type LastCommentRow,
  type ProspectSummaryRow,
  type SummaryScope,
} from './rows';

async function lastCommentsByProspect(
  db: Db,
  scope: { prospectIds: number[] } | { userId: number } | { campaignId: number },
): Promise<Map<number, LastCommentRow>> {
  let query = db
    .selectFrom('comments as c')
    .innerJoin('prospects as p', 'p.id', 'c.prospect_id')
    .distinctOn('c.prospect_id')
    .select(['c.prospect_id', 'c.content', 'c.activity', 'c.created_at']);
  if ('prospectIds' in scope) {
    if (scope.prospectIds.length === 0) return new Map();
    query = query.where('c.prospect_id', 'in', scope.prospectIds);
  } else if ('userId' in scope) {
    query = query.where('p.user_id', '=', scope.userId);
  } else {
    query = query.where('p.campaign_id', '=', scope.campaignId);
  }
  const rows = await query
    .orderBy('c.prospect_id')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return new Map(
    rows.map((r) => [
      r.prospect_id,
      { content: r.content, activity: r.activity, created_at: r.created_at },
    ]),
  );
}

/** Read model: the prospects of a list as rows (their campaign's name, tags and last comment): exports, the inbox. */
export function prospectSummaries(db: Db) {
  return {
    /** The prospects of a list, by id, with their tags and last comment. */
    async summaries(scope: SummaryScope): Promise<ProspectSummaryRow[]> {
      let query = db
        .selectFrom('prospects as p')
        .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .selectAll('p')
        .select('c.name as campaign_name');
      if ('userId' in scope)
        query = query
          .where('p.user_id', '=', scope.userId)
          .where('p.prospecting_status', 'in', scope.statuses);
      else if ('campaignId' in scope) query = query.where('p.campaign_id', '=', scope.campaignId);
      else {
        if (scope.prospectIds.length === 0) return [];
        query = query.where('p.id', 'in', scope.prospectIds);
      }
      const rows = await query.orderBy('p.id').execute();
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const [tags, comments] = await Promise.all([
        'userId' in scope ? tagsByProspect(db, { userId: scope.userId }) : tagsByProspect(db, ids),
        'userId' in scope
          ? lastCommentsByProspect(db, { userId: scope.userId })
          : 'campaignId' in scope
            ? lastCommentsByProspect(db, { campaignId: scope.campaignId })
            : lastCommentsByProspect(db, { prospectIds: ids }),
      ]);
      return rows.map((r) => ({
        ...r,
        tags: tags.get(r.id) ?? [],
        last_comment: comments.get(r.id) ?? null,
      }));
    },
  };
}
