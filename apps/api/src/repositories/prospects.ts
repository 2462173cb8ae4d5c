import { sql, type RawBuilder } from 'kysely';
import {
  canTransition,
  COMMENT_ACTIVITIES,
  IN_PROGRESS_STATUSES,
  isNurtureAllCandidate,
  STATUS_NAMES_EN,
  type ProspectStatus,
} from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import type { HistoryRow, NewProspect, ProspectRow, ProspectUpdate } from '../db/types';

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

const isoSql = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

async function tagsByProspect(
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

/**
 * The prospects aggregate: prospects and their contact fields, tags, comments, status changes (with their history
 * entries) and contact substitutions, and the prospect lists of the dashboard, campaigns, inbox and exports.
 * Bound to a transaction (`prospectsRepository(trx)`), its writes join that transaction.
 */
export function prospectsRepository(db: Db) {
  /**
   * Moves prospects to `to` when the shared rule set allows it, recording one status_change history entry each
   * (content: `note`, else the standard sentence), in one transaction. A prospect whose status changed since it was
   * read stays as it is. Returns the ids the rule allowed.
   */
  async function changeStatuses(
    prospects: readonly StatusOf[],
    to: ProspectStatus,
    note?: string,
  ): Promise<number[]> {
    const allowed = prospects.filter((p) =>
      canTransition(p.prospecting_status as ProspectStatus, to),
    );
    if (allowed.length === 0) return [];
    const now = new Date();
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < allowed.length; i += 1000) {
        const chunk = allowed.slice(i, i + 1000);
        const moved = await trx
          .updateTable('prospects')
          .set({ prospecting_status: to, updated_at: now, event_date: now })
          .where(
            'id',
            'in',
            chunk.map((p) => p.id),
          )
          .where('prospecting_status', 'in', [...new Set(chunk.map((p) => p.prospecting_status))])
          .returning(['id'])
          .execute();
        const movedIds = new Set(moved.map((m) => m.id));
        const entries = chunk
          .filter((p) => movedIds.has(p.id))
          .map((p) => ({
            prospect_id: p.id,
            type: 'status_change',
            content:
              note ??
              `Status changed from ${STATUS_NAMES_EN[p.prospecting_status as ProspectStatus]} to ${STATUS_NAMES_EN[to]}.`,
            direction: null,
            from_status: p.prospecting_status,
            to_status: to,
            event_date: now,
          }));
        if (entries.length) await trx.insertInto('history_entries').values(entries).execute();
      }
    });
    return allowed.map((p) => p.id);
  }

  /**
   * The same list as summariesJson, item by item (each prospect's JSON text, in id order), or only the items of `ids`
   * that the scope holds now (the list cache's update of a list after a few prospects changed, http/list-cache.ts).
   */
  async function summaryItems(
    scope: { userId: number; statuses: readonly ProspectStatus[] } | { campaignId: number },
    options: { chunkRows?: number | null; ids?: readonly number[] } = {},
  ): Promise<SummaryItems> {
    const only = options.ids;
    if (only && only.length === 0) return { ids: [], items: [] };
    const inScope = (alias: string, ids?: readonly number[]) =>
      sql`${
        'userId' in scope
          ? sql`${sql.ref(`${alias}.user_id`)} = ${scope.userId} and ${sql.ref(`${alias}.prospecting_status`)} in (${sql.join(scope.statuses)})`
          : sql`${sql.ref(`${alias}.campaign_id`)} = ${scope.campaignId}`
      }${ids ? sql` and ${sql.ref(`${alias}.id`)} = any(${`{${ids.join(',')}}`}::int[])` : sql``}`;
    const chunkRows = options.chunkRows ?? null;
    if (chunkRows === null || (only && only.length <= chunkRows))
      return summariesQuery(db, (alias) => inScope(alias, only));
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
      const part = await summariesQuery(db, (alias) => inScope(alias, ids));
      whole.ids.push(...part.ids);
      whole.items.push(...part.items);
    }
    return whole;
  }

  return {
    findById(id: number): Promise<ProspectRow | undefined> {
      return db.selectFrom('prospects').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The prospect with its campaign, tags, history and comments (newest first), or null. */
    /**
     * The user's prospect whose address is `address` (case-insensitive), e.g. the sender of a mail the mailbox watch
     * reads; the most recently active one when the same person is in several campaigns.
     */
    async findBySender(userId: number, address: string): Promise<number | null> {
      const row = await db
        .selectFrom('prospects')
        .select('id')
        .where('user_id', '=', userId)
        .where(sql`lower(email)`, '=', address.toLowerCase())
        .orderBy(sql`event_date desc nulls last`)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row?.id ?? null;
    },

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
     */
    async summariesJson(
      scope: { userId: number; statuses: readonly ProspectStatus[] } | { campaignId: number },
      options: { chunkRows?: number | null } = {},
    ): Promise<string> {
      return `[${(await summaryItems(scope, options)).items.join(',')}]`;
    },

    summaryItems,

    async update(id: number, set: ProspectUpdate): Promise<void> {
      await db.updateTable('prospects').set(set).where('id', '=', id).execute();
    },

    changeStatuses,

    /** The user's prospects that nurture-all moves (isNurtureAllCandidate of @prospecta/domain), with their status. */
    async nurtureAllCandidates(userId: number): Promise<StatusOf[]> {
      const rows = await db
        .selectFrom('prospects as p')
        .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
        .select([
          'p.id',
          'p.prospecting_status',
          'p.has_responses',
          'c.is_active as campaign_is_active',
        ])
        .where('p.user_id', '=', userId)
        .where('p.prospecting_status', 'in', IN_PROGRESS_STATUSES)
        .execute();
      return rows.filter((r) =>
        isNurtureAllCandidate({
          prospecting_status: r.prospecting_status as ProspectStatus,
          has_responses: r.has_responses,
          campaign_is_active: r.campaign_is_active,
        }),
      );
    },

    /** The user's prospects in one status. */
    inStatus(userId: number, status: ProspectStatus): Promise<StatusOf[]> {
      return db
        .selectFrom('prospects')
        .select(['id', 'prospecting_status'])
        .where('user_id', '=', userId)
        .where('prospecting_status', '=', status)
        .execute();
    },

    /**
     * Contact substitution (§3), in one transaction: the replacement joins the old prospect's campaign (pending, with
     * its company, reference and score), each of the two gets a note (`notes`), and the old one moves to lost with
     * the history entry `notes.lost`. Answers the new prospect's id.
     */
    async substitute(
      old: ProspectRow,
      replacement: Replacement,
      reason: string,
      notes: { replaced: string; replaces: string; lost: string },
    ): Promise<number> {
      const now = new Date();
      return inTransaction(db, async (trx) => {
        const created = await trx
          .insertInto('prospects')
          .values({
            ...replacement,
            campaign_id: old.campaign_id,
            user_id: old.user_id,
            reference: old.reference,
            score: old.score,
            prospecting_status: 'pending',
            company_name: old.company_name,
            company_website: old.company_website,
            company_address: old.company_address,
            event_date: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('history_entries')
          .values([
            {
              prospect_id: old.id,
              type: 'note',
              content: notes.replaced,
              direction: null,
              data: JSON.stringify({ replaced_by: created.id, reason }),
              event_date: now,
            },
            {
              prospect_id: created.id,
              type: 'note',
              content: notes.replaces,
              direction: null,
              data: JSON.stringify({ replaces: old.id, reason }),
              event_date: now,
            },
          ])
          .execute();
        await trx
          .updateTable('prospects')
          .set({ event_date: now, updated_at: now })
          .where('id', '=', old.id)
          .execute();
        await prospectsRepository(trx).changeStatuses([old], 'lost', notes.lost);
        return created.id;
      });
    },

    // ── tags (per user; attached to prospects) ──

    /** The user's tags, by label (case-insensitive), then id. */
    tagsOf(userId: number): Promise<TagRow[]> {
      return db
        .selectFrom('tags')
        .select(['id', 'label'])
        .where('user_id', '=', userId)
        .orderBy(sql`lower(label)`)
        .orderBy('id')
        .execute();
    },

    findTag(id: number): Promise<{ id: number; user_id: number; label: string } | undefined> {
      return db
        .selectFrom('tags')
        .select(['id', 'user_id', 'label'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async deleteTag(id: number): Promise<void> {
      await db.deleteFrom('tags').where('id', '=', id).execute();
    },

    /**
     * The user's tag of that label (case-insensitive), created when missing. Concurrent creations of the same new
     * label: the unique index keeps one, the other reads it. Undefined when it was deleted meanwhile.
     */
    async findOrCreateTag(userId: number, label: string): Promise<TagRow | undefined> {
      const findTag = () =>
        db
          .selectFrom('tags')
          .select(['id', 'label'])
          .where('user_id', '=', userId)
          .where(sql`lower(label)`, '=', label.toLowerCase())
          .executeTakeFirst();
      return (
        (await findTag()) ??
        (await db
          .insertInto('tags')
          .values({ user_id: userId, label })
          .onConflict((oc) => oc.doNothing())
          .returning(['id', 'label'])
          .executeTakeFirst()) ??
        (await findTag())
      );
    },

    async attachTag(prospectId: number, tagId: number): Promise<void> {
      await db
        .insertInto('prospect_tags')
        .values({ prospect_id: prospectId, tag_id: tagId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async detachTag(prospectId: number, tagId: number): Promise<void> {
      await db
        .deleteFrom('prospect_tags')
        .where('prospect_id', '=', prospectId)
        .where('tag_id', '=', tagId)
        .execute();
    },

    // ── comments ──

    addComment(comment: {
      prospectId: number;
      authorId: number;
      content: string;
      activity: string | null;
    }) {
      return db
        .insertInto('comments')
        .values({
          prospect_id: comment.prospectId,
          author_id: comment.authorId,
          content: comment.content,
          activity: comment.activity,
        })
        .returning(['id', 'prospect_id', 'content', 'activity', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    /** Deletes a comment of the prospect; false when the prospect has no such comment. */
    async deleteComment(prospectId: number, commentId: number): Promise<boolean> {
      const deleted = await db
        .deleteFrom('comments')
        .where('id', '=', commentId)
        .where('prospect_id', '=', prospectId)
        .returning('id')
        .executeTakeFirst();
      return deleted !== undefined;
    },
  };
}

export type ProspectsRepository = ReturnType<typeof prospectsRepository>;

/**
 * The summaries `inScope` selects, each as its JSON text, in id order (see the repository's summariesJson): one row
 * of two texts, the ids and the items joined by U+001E (record separator), which JSON text never holds unescaped.
 */
async function summariesQuery(
  db: Db,
  inScope: (alias: string) => RawBuilder<unknown>,
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
        p.score,
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
