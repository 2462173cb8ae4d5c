import { sql, type RawBuilder } from 'kysely';
import { COMMENT_ACTIVITIES, type ProspectStatus } from '@prospecta/domain';
import type { Db } from '../../db/index';
import type { SummaryItems } from './rows';

const isoSql = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** Read model: the dashboard's and a campaign's prospects as the contract's JSON, built by PostgreSQL. */
export function prospectSummaryJson(db: Db) {
  /**
   * The same list as summariesJson, item by item (each prospect's JSON text, in id order), or only the items of `ids`
   * that the scope holds now (the list cache's update of a list after a few prospects changed, http/list-cache.ts).
   */
  async function summaryItems(
    scope: { userId: number; statuses: readonly ProspectStatus[] } | { campaignId: number },
    options: { chunkRows?: number | null; ids?: readonly number[]; staff?: boolean } = {},
  ): Promise<SummaryItems> {
    const staff = options.staff ?? false;
    const only = options.ids;
    if (only && only.length === 0) return { ids: [], items: [] };
    const inScope = (alias: string, ids?: readonly number[]) =>
      sql`${
        'userId' in scope
          ? sql`${sql.ref(`${alias}.user_id`)} = ${scope.userId} and ${sql.ref(`${alias}.prospecting_status`)} in (${sql.join(scope.statuses)})`
          : sql`${sql.ref(`${alias}.campaign_id`)} = ${scope.campaignId}`
      }${ids ? sql` and ${sql.ref(`${alias}.id`)} = ${anyId(ids)}` : sql``}`;
    const chunkRows = options.chunkRows ?? null;
    if (chunkRows === null || (only && only.length <= chunkRows))
      return summariesQuery(db, (alias) => inScope(alias, only), staff, only);
    const { rows } = await sql<{
      id: number;
    }>`select p.id from prospects p where ${inScope('p', only)} order by p.id`.execute(db);
    const whole: SummaryItems = { ids: [], items: [] };
    for (let start = 0; start < rows.length; start += chunkRows) {
      // Before the next slice, the requests that arrived meanwhile go first: a reader's follow-up query (after its
      // sign-in check, its list version) would otherwise queue behind one more slice (p99 with a write every second
      // by another session 152 → 82–102 ms; the writing session's own reads, which wait for the rebuild, 157 → 168–180 ms).
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const ids = rows.slice(start, start + chunkRows).map((row) => row.id);
      const part = await summariesQuery(db, (alias) => inScope(alias, ids), staff, ids);
      whole.ids.push(...part.ids);
      whole.items.push(...part.items);
    }
    return whole;
  }

  return {
    /**
     * The contract's ProspectSummary array of a dashboard or campaign as JSON text, built by PostgreSQL in a single
     * query (the same answer as serializing summaries(), which test/read-model.test.ts holds it to). Tags and last
     * comments are aggregated once per scope (a group-by and a distinct-on, each one pass) and joined, not looked up
     * by a sub-select per row: the dashboard of a 10,000-prospect customer is one round trip and no per-row work in
     * Node or per-row sub-plans in the database.
     *
     * `chunkRows` (the list cache's, http/list-cache.ts): the embedded database runs one query at a time, so there a
     * list of thousands of rows is read in slices of that many ids, and the other requests' queries take turns with
     * it instead of waiting for the whole list (each slice is its own snapshot; the requests that arrived during a
     * slice go before the next one); one statement otherwise.
     *
     * `staff`: whether the list is staff's view, the only one with each prospect's `score` (staff-only data; a
     * customer's list has no `score` key). Off unless asked.
     */
    async summariesJson(
      scope: { userId: number; statuses: readonly ProspectStatus[] } | { campaignId: number },
      options: { chunkRows?: number | null; staff?: boolean } = {},
    ): Promise<string> {
      return `[${(await summaryItems(scope, options)).items.join(',')}]`;
    },

    summaryItems,
  };
}

/** `= any('{1,2,3}'::int[])`: one parameter whatever the number of ids. */
const anyId = (ids: readonly number[]) => sql`any(${`{${ids.join(',')}}`}::int[])`;

/**
 * The summaries `inScope` selects, each as its JSON text, in id order (see the repository's summariesJson): one row
 * of two texts, the ids and the items joined by U+001E (record separator), which JSON text never holds unescaped.
 *
 * `ids`, the ids `inScope` is narrowed to (a slice, or the changed prospects), narrows the tags and comments read to
 * the same ids: their primary key and index then give only those prospects' rows. Otherwise the planner, told the
 * slice holds a thousand rows, read every tag link of the database once per slice and kept those of the slice (a
 * hash join): 100 slices of 120,000 links for a customer whose 100,000 imported prospects all carry a tag
 * (docs/decisions/0235-imported-prospects-list-reads.md).
 */
async function summariesQuery(
  db: Db,
  inScope: (alias: string) => RawBuilder<unknown>,
  staff: boolean,
  ids?: readonly number[],
): Promise<SummaryItems> {
  const result = await sql<{ ids: string | null; items: string | null }>`
    with scoped as materialized (
      select p.id from prospects p where ${inScope('p')}
    ),
    tag_lists as (
      select pt.prospect_id,
        json_agg(json_build_object('id', t.id, 'label', t.label) order by lower(t.label), t.id) as tags
      from scoped s
      join prospect_tags pt on pt.prospect_id = s.id
      join tags t on t.id = pt.tag_id
      ${ids ? sql`where pt.prospect_id = ${anyId(ids)}` : sql``}
      group by pt.prospect_id
    ),
    last_comments as (
      select distinct on (cm.prospect_id) cm.prospect_id,
        json_build_object(
          'content', cm.content,
          'activity', case when cm.activity in (${sql.join(COMMENT_ACTIVITIES.map((a) => sql.lit(a)))}) then cm.activity end,
          'created_at', ${isoSql('cm.created_at')}
        ) as last_comment
      from scoped s
      join comments cm on cm.prospect_id = s.id
      ${ids ? sql`where cm.prospect_id = ${anyId(ids)}` : sql``}
      order by cm.prospect_id, cm.created_at desc, cm.id desc
    )
    select string_agg(x.id::text, ',' order by x.id) as ids, string_agg(row_to_json(x)::text, E'\\x1e' order by x.id) as items from (
      select
        p.id,
        case when p.title in ('mister', 'miss', 'undefined') then p.title else 'undefined' end as title,
        p.first_name,
        p.last_name,
        p.email,
        p.company_name,
        p.position,
        ${staff ? sql`p.score,` : sql``}
        coalesce(tl.tags, '[]'::json) as tags,
        p.prospecting_status,
        p.has_responses,
        p.campaign_id,
        c.name as campaign_name,
        lc.last_comment,
        ${isoSql('p.event_date')} as event_date,
        ${isoSql('p.created_at')} as created_at
      from prospects p
      join campaigns c on c.id = p.campaign_id
      left join tag_lists tl on tl.prospect_id = p.id
      left join last_comments lc on lc.prospect_id = p.id
      where ${inScope('p')}
    ) x`.execute(db);
  const row = result.rows[0];
  if (!row?.ids || row.items === null) return { ids: [], items: [] };
  return { ids: row.ids.split(',').map(Number), items: row.items.split('\x1e') };
}
