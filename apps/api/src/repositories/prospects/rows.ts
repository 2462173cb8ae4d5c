// The rows the prospects repository answers, shared by the aggregate and its read models.
import { sql } from 'kysely';
import type { ProspectStatus } from '@prospecta/domain';
import type { Db } from '../../db/index';
import type { HistoryRow, NewProspect, ProspectRow } from '../../db/types';

export interface TagRow {
  id: number;
  label: string;
}

/** A comment with its author's name. */
export interface CommentWithAuthorRow {
  id: number;
  prospect_id: number;
  content: string;
  activity: string | null;
  created_at: Date;
  author_id: number;
  first_name: string;
  last_name: string;
}

export interface LastCommentRow {
  content: string;
  activity: string | null;
  created_at: Date;
}

/** A prospect of a list (dashboard, campaign, inbox, export): its row, campaign name, tags and last comment. */
export interface ProspectSummaryRow extends ProspectRow {
  campaign_name: string;
  tags: TagRow[];
  last_comment: LastCommentRow | null;
}

/** A list's prospects as the contract's ProspectSummary JSON texts, in id order, with their ids. */
export interface SummaryItems {
  ids: number[];
  items: string[];
}

/** A prospect with everything its detail shows: campaign, tags, history and comments (newest first). */
export interface ProspectDetailRow extends ProspectRow {
  campaign_name: string;
  campaign_is_active: boolean;
  tags: TagRow[];
  history: HistoryRow[];
  comments: CommentWithAuthorRow[];
}

/** Which prospects a list holds: a user's dashboard (the statuses with a column), a campaign, or given ids. */
export type SummaryScope =
  | { userId: number; statuses: readonly ProspectStatus[] }
  | { campaignId: number }
  | { prospectIds: number[] };

/** A prospect whose status may change: its id and the status it was read with. */
export interface StatusOf {
  id: number;
  prospecting_status: string;
}

/** The new prospect of a contact substitution (§3), already checked and trimmed. */
export type Replacement = Pick<
  NewProspect,
  'title' | 'first_name' | 'last_name' | 'email' | 'phone' | 'direct_line' | 'linkedin' | 'position'
>;

/** The tags of some prospects, or of all the user's prospects, by prospect (by label, case-insensitive, then id). */
export async function tagsByProspect(
  db: Db,
  scope: number[] | { userId: number },
): Promise<Map<number, TagRow[]>> {
  let query = db
    .selectFrom('prospect_tags as pt')
    .innerJoin('tags as t', 't.id', 'pt.tag_id')
    .select(['pt.prospect_id', 't.id', 't.label']);
  if (Array.isArray(scope)) {
    if (scope.length === 0) return new Map();
    query = query.where('pt.prospect_id', 'in', scope);
  } else {
    query = query.where('t.user_id', '=', scope.userId);
  }
  const rows = await query
    .orderBy(sql`lower(t.label)`)
    .orderBy('t.id')
    .execute();
  const map = new Map<number, TagRow[]>();
  for (const r of rows) {
    const list = map.get(r.prospect_id) ?? [];
    list.push({ id: r.id, label: r.label });
    map.set(r.prospect_id, list);
  }
  return map;
}
