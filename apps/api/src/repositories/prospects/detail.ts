import type { Db } from '../../db/index';
import { tagsByProspect, type CommentWithAuthorRow, type ProspectDetailRow } from './rows';

function commentsOf(db: Db, prospectId: number): Promise<CommentWithAuthorRow[]> {
  return db
    .selectFrom('comments as c')
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
    ])
    .where('c.prospect_id', '=', prospectId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}

/** Read model: one prospect with everything its detail shows. */
export function prospectDetail(db: Db) {
  return {
    /** The prospect with its campaign, tags, history and comments (newest first), or null. */
    async detail(id: number): Promise<ProspectDetailRow | null> {
      const row = await db
        .selectFrom('prospects as p')
        .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .selectAll('p')
        .select(['c.name as campaign_name', 'c.is_active as campaign_is_active'])
        .where('p.id', '=', id)
        .executeTakeFirst();
      if (!row) return null;
      const [tags, history, comments] = await Promise.all([
        tagsByProspect(db, [row.id]),
        db
          .selectFrom('history_entries')
          .selectAll()
          .where('prospect_id', '=', row.id)
          .orderBy('event_date', 'desc')
          .orderBy('id', 'desc')
          .execute(),
        commentsOf(db, row.id),
      ]);
      return { ...row, tags: tags.get(row.id) ?? [], history, comments };
    },
  };
}
