import { sql } from 'kysely';
import {
  COMMENT_ACTIVITIES,
  INBOX_STATUSES,
  isCommentActivity,
  isHistoryEventCode,
  isHistoryMessageType,
  isProspectTitle,
  STATUS_CHANGE_TYPE,
  type HistoryEvent,
  type ProspectStatus,
} from '@prospecta/domain';
import type { Db } from '../db/index';
import type { CampaignRow, ProspectRow, UserRow } from '../db/types';

/** Reads that shape rows into the contract's response objects. */

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

const activity = (value: string | null) => (isCommentActivity(value) ? value : null);
const title = (value: string) => (isProspectTitle(value) ? value : 'undefined');

// ─── users ───

export interface InboxItemRow {
  id: number;
  prospect_id: number;
  read_at: Date | null;
  type: string;
  content: string;
  event_date: Date;
}

/**
 * The last inbound answer of every prospect still to handle (one per prospect), as a
 * sub-query: the inbox lists them all, the profile and the unread count only the
 * unread ones. Served by inbox_messages (user_id, prospect_id) (migration 0004).
 */
function lastAnswers(db: Db, userId: number) {
  return db
    .selectFrom('inbox_messages as im')
    .innerJoin('history_entries as h', 'h.id', 'im.history_entry_id')
    .innerJoin('prospects as p', 'p.id', 'im.prospect_id')
    .distinctOn('im.prospect_id')
    .select(['h.id', 'im.prospect_id', 'im.read_at', 'h.type', 'h.content', 'h.event_date'])
    .where('im.user_id', '=', userId)
    .where('p.user_id', '=', userId)
    .where('p.has_responses', '=', true)
    .where('p.prospecting_status', 'in', INBOX_STATUSES)
    .orderBy('im.prospect_id')
    .orderBy('h.event_date', 'desc')
    .orderBy('h.id', 'desc');
}

const newestFirst = <T extends { id: number; event_date: Date }>(rows: T[]) =>
  rows.sort((a, b) => b.event_date.getTime() - a.event_date.getTime() || b.id - a.id);

/** The last inbound answer of every prospect still to handle, newest first. */
export async function inboxItems(db: Db, userId: number): Promise<InboxItemRow[]> {
  return newestFirst(await lastAnswers(db, userId).execute());
}

/** The unread ones of inboxItems, with the prospect's name and company, newest first (one round trip). */
export async function unreadInboxItems(db: Db, userId: number) {
  const rows = await db
    .selectFrom(lastAnswers(db, userId).as('m'))
    .innerJoin('prospects as p', 'p.id', 'm.prospect_id')
    .select(['m.id', 'm.prospect_id', 'm.type', 'm.content', 'm.event_date', 'p.first_name', 'p.last_name', 'p.company_name'])
    .where('m.read_at', 'is', null)
    .execute();
  return newestFirst(rows);
}

/** How many of inboxItems are unread, counted by the database. */
export async function unreadInboxCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom(lastAnswers(db, userId).as('m'))
    .select(sql<number>`count(*)::int`.as('n'))
    .where('m.read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * A user as the contract's User. The unread answers' list only when asked (`withUnreadList`, from
 * `include=unread_messages`): otherwise the database only counts them (issue 16: the profile stays small).
 */
export async function serializeUser(db: Db, user: UserRow, options: { withUnreadList?: boolean } = {}) {
  const unread = options.withUnreadList ? await unreadInboxItems(db, user.id) : null;
  const unreadCount = unread ? unread.length : await unreadInboxCount(db, user.id);
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    is_staff: user.is_staff,
    flags: [...new Set(user.flags)],
    ...(unread
      ? {
          unread_messages_since: unread.map((m) => ({
            message_id: m.id,
            prospect_id: m.prospect_id,
            first_name: m.first_name,
            last_name: m.last_name,
            company_name: m.company_name,
            channel: m.type === 'linkedin_message' ? ('linkedin_message' as const) : ('email' as const),
            content: m.content,
            received_at: iso(m.event_date),
          })),
        }
      : {}),
    unread_messages_count: unreadCount,
    company: {
      name: user.company_name,
      website: user.company_website,
      commercial_activity: user.company_commercial_activity,
      description: user.company_description,
    },
  };
}

export function serializeUserListItem(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    is_staff: user.is_staff,
    company_name: user.company_name || null,
  };
}

// ─── prospects ───

interface SummaryRow extends ProspectRow {
  campaign_name: string;
}

async function tagsByProspect(db: Db, prospectIds: number[] | { userId: number }) {
  let query = db
    .selectFrom('prospect_tags as pt')
    .innerJoin('tags as t', 't.id', 'pt.tag_id')
    .select(['pt.prospect_id', 't.id', 't.label']);
  if (Array.isArray(prospectIds)) {
    if (prospectIds.length === 0) return new Map<number, { id: number; label: string }[]>();
    query = query.where('pt.prospect_id', 'in', prospectIds);
  } else {
    query = query.where('t.user_id', '=', prospectIds.userId);
  }
  const rows = await query.orderBy(sql`lower(t.label)`).orderBy('t.id').execute();
  const map = new Map<number, { id: number; label: string }[]>();
  for (const r of rows) {
    const list = map.get(r.prospect_id) ?? [];
    list.push({ id: r.id, label: r.label });
    map.set(r.prospect_id, list);
  }
  return map;
}

async function lastCommentsByProspect(db: Db, scope: { prospectIds: number[] } | { userId: number } | { campaignId: number }) {
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
  const rows = await query.orderBy('c.prospect_id').orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
  return new Map(
    rows.map((r) => [r.prospect_id, { content: r.content, activity: activity(r.activity), created_at: iso(r.created_at) }]),
  );
}

export type CommentSummary = { content: string; activity: string | null; created_at: string };

function summary(row: SummaryRow, tags: { id: number; label: string }[], lastComment: CommentSummary | null) {
  return {
    id: row.id,
    title: title(row.title),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    company_name: row.company_name,
    position: row.position,
    score: row.score,
    tags,
    prospecting_status: row.prospecting_status as ProspectStatus,
    has_responses: row.has_responses,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    last_comment: lastComment,
    event_date: isoOrNull(row.event_date),
    created_at: iso(row.created_at),
  };
}
export type ProspectSummary = ReturnType<typeof summary>;

/** Light rows for the dashboard (statuses with a column) or a campaign (all statuses). */
export async function prospectSummaries(
  db: Db,
  scope: { userId: number; statuses: readonly ProspectStatus[] } | { campaignId: number } | { prospectIds: number[] },
): Promise<(ProspectSummary & { row: SummaryRow })[]> {
  let query = db.selectFrom('prospects as p').innerJoin('campaigns as c', 'c.id', 'p.campaign_id').selectAll('p').select('c.name as campaign_name');
  if ('userId' in scope) query = query.where('p.user_id', '=', scope.userId).where('p.prospecting_status', 'in', scope.statuses);
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
  return rows.map((r) => ({ ...summary(r, tags.get(r.id) ?? [], comments.get(r.id) ?? null), row: r }));
}

export function serializeHistory(h: {
  id: number;
  type: string;
  content: string;
  direction: string | null;
  from_status: string | null;
  to_status: string | null;
  event_date: Date;
  data?: unknown;
}) {
  if (h.type === STATUS_CHANGE_TYPE && h.from_status && h.to_status) {
    return { id: h.id, type: STATUS_CHANGE_TYPE, event_date: iso(h.event_date), content: h.content, from: h.from_status, to: h.to_status };
  }
  const type = isHistoryMessageType(h.type) ? h.type : 'event';
  const direction = (type === 'email' || type === 'linkedin_message') && (h.direction === 'inbound' || h.direction === 'outbound') ? h.direction : null;
  return { id: h.id, type, event_date: iso(h.event_date), content: h.content, direction, event: type === 'event' ? historyEvent(h.data) : null };
}

/** An event entry's code and values (history_entries.data), or null when it has none the contract knows. */
function historyEvent(data: unknown): HistoryEvent | null {
  if (!data || typeof data !== 'object') return null;
  const { event, step, campaign } = data as { event?: unknown; step?: unknown; campaign?: unknown };
  if (!isHistoryEventCode(event)) return null;
  return {
    code: event,
    step: typeof step === 'number' && Number.isInteger(step) && step >= 1 ? step : null,
    campaign: typeof campaign === 'string' ? campaign : null,
  };
}

export async function commentsOf(db: Db, prospectIds: number[]) {
  if (prospectIds.length === 0) return [];
  const rows = await db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.prospect_id', 'c.content', 'c.activity', 'c.created_at', 'u.id as author_id', 'u.first_name', 'u.last_name'])
    .where('c.prospect_id', 'in', prospectIds)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map(serializeCommentRow);
}

export function serializeCommentRow(r: {
  id: number;
  prospect_id: number;
  content: string;
  activity: string | null;
  created_at: Date;
  author_id: number;
  first_name: string;
  last_name: string;
}) {
  return {
    id: r.id,
    prospect_id: r.prospect_id,
    content: r.content,
    activity: activity(r.activity),
    created_at: iso(r.created_at),
    author: { id: r.author_id, full_name: fullName(r) },
  };
}

/** The full Prospect: contact fields, company, campaign, tags, history and comments (newest first). */
export async function fullProspect(db: Db, prospectId: number) {
  const row = await db
    .selectFrom('prospects as p')
    .innerJoin('campaigns as c', 'c.id', 'p.campaign_id')
    .selectAll('p')
    .select(['c.name as campaign_name', 'c.is_active as campaign_is_active'])
    .where('p.id', '=', prospectId)
    .executeTakeFirst();
  if (!row) return null;
  const [tags, history, comments] = await Promise.all([
    tagsByProspect(db, [row.id]),
    db.selectFrom('history_entries').selectAll().where('prospect_id', '=', row.id).orderBy('event_date', 'desc').orderBy('id', 'desc').execute(),
    commentsOf(db, [row.id]),
  ]);
  const last = comments[0];
  return {
    id: row.id,
    user_id: row.user_id,
    title: title(row.title),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    direct_line: row.direct_line,
    linkedin: row.linkedin,
    reference: row.reference,
    position: row.position,
    score: row.score,
    tags: tags.get(row.id) ?? [],
    prospecting_status: row.prospecting_status as ProspectStatus,
    has_responses: row.has_responses,
    last_comment: last ? { content: last.content, activity: last.activity, created_at: last.created_at } : null,
    campaign: { id: row.campaign_id, name: row.campaign_name, is_active: row.campaign_is_active },
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    company: { name: row.company_name, website: row.company_website, address: row.company_address },
    history: history.map(serializeHistory),
    comments,
    event_date: isoOrNull(row.event_date),
    created_at: iso(row.created_at),
  };
}

// ─── campaigns ───

const CAMPAIGN_STATUSES = new Set(['draft', 'running', 'paused', 'finished']);

export async function serializeCampaigns(db: Db, campaigns: CampaignRow[]) {
  if (campaigns.length === 0) return [];
  const ids = campaigns.map((c) => c.id);
  const [steps, counts, owners] = await Promise.all([
    db.selectFrom('campaign_steps').selectAll().where('campaign_id', 'in', ids).orderBy('campaign_id').orderBy('position').execute(),
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
  return campaigns.map((c) => {
    const owner = ownerById.get(c.user_id);
    return {
      id: c.id,
      name: c.name,
      status: CAMPAIGN_STATUSES.has(c.status) ? c.status : 'draft',
      is_active: c.is_active,
      user: { id: c.user_id, full_name: owner ? fullName(owner) : '', company_name: owner?.company_name ?? '' },
      last_update_at: isoOrNull(c.last_sync_at),
      prospects_count: countById.get(c.id) ?? 0,
      audience: c.audience,
      contacted: c.contacted,
      contacts_opened: c.contacts_opened,
      contacts_clicked: c.contacts_clicked,
      contacts_answered: c.contacts_answered,
      steps: steps
        .filter((s) => s.campaign_id === c.id)
        .map((s) => ({
          id: s.id,
          name: s.name,
          position: s.position,
          workflow_step_type: s.workflow_step_type,
          contacted: s.contacted,
          contacts_opened: s.contacts_opened,
          contacts_clicked: s.contacts_clicked,
          contacts_answered: s.contacts_answered,
        })),
    };
  });
}

export { fullName, iso };

// ─── large lists, built by the database ───

const isoSql = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * ProspectSummary rows as one JSON array text, built by PostgreSQL in a single
 * query. Tags and last comments are aggregated once per scope (a group-by and a
 * distinct-on, each one pass) and joined, not looked up by a sub-select per row:
 * the dashboard of a 10,000-prospect customer is one round trip and no per-row
 * work in Node or per-row sub-plans in the database.
 */
export async function prospectSummariesJson(
  db: Db,
  scope: { userId: number; statuses: readonly ProspectStatus[] } | { campaignId: number },
  options: { chunkRows?: number | null } = {},
): Promise<string> {
  const inScope = (alias: string, ids?: number[]) =>
    sql`${
      'userId' in scope
        ? sql`${sql.ref(`${alias}.user_id`)} = ${scope.userId} and ${sql.ref(`${alias}.prospecting_status`)} in (${sql.join(scope.statuses)})`
        : sql`${sql.ref(`${alias}.campaign_id`)} = ${scope.campaignId}`
    }${ids ? sql` and ${sql.ref(`${alias}.id`)} = any(${`{${ids.join(',')}}`}::int[])` : sql``}`;
  const chunkRows = options.chunkRows ?? null;
  if (chunkRows === null) return summariesQuery(db, inScope);
  // The embedded database runs one query at a time: a list of thousands of rows is read in slices of ids, so the
  // other requests' queries take turns with it instead of waiting for the whole list (a slice is its own snapshot).
  const { rows } = await sql<{ id: number }>`select p.id from prospects p where ${inScope('p')} order by p.id`.execute(db);
  const parts: string[] = [];
  for (let start = 0; start < rows.length; start += chunkRows) {
    const ids = rows.slice(start, start + chunkRows).map((row) => row.id);
    const part = await summariesQuery(db, (alias) => inScope(alias, ids));
    if (part.length > 2) parts.push(part.slice(1, -1));
  }
  return `[${parts.join(',')}]`;
}

async function summariesQuery(db: Db, inScope: (alias: string) => ReturnType<typeof sql>): Promise<string> {
  const result = await sql<{ body: string }>`
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
    select coalesce(json_agg(row_to_json(x) order by x.id), '[]'::json)::text as body from (
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
  return result.rows[0]?.body ?? '[]';
}
