import {
  isCampaignStatus,
  isCommentActivity,
  isHistoryEventCode,
  isHistoryMessageType,
  isProspectTitle,
  isReplyLabel,
  STATUS_CHANGE_TYPE,
  STEP_TYPES,
  TASK_STATES,
  type HistoryEvent,
  type ProspectStatus,
} from '@prospecta/domain';
import type { TaskState, WorkflowStepType } from '@prospecta/domain/contract';
import type { UserRow } from '../db/types';
import type { CampaignDetailRow } from '../repositories/campaigns';
import type { InboxItemRow, UnreadInboxItemRow } from '../repositories/inbox';
import type { TaskRow } from '../repositories/tasks';
import type {
  CommentWithAuthorRow,
  LastCommentRow,
  ProspectDetailRow,
  ProspectSummaryRow,
} from '../repositories/prospects';

/** Repository rows shaped into the contract's response objects (no SQL here: the repositories read the rows). */

export const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
export const fullName = (u: { first_name: string; last_name: string }) =>
  `${u.first_name} ${u.last_name}`.trim();

const activity = (value: string | null) => (isCommentActivity(value) ? value : null);
const title = (value: string) => (isProspectTitle(value) ? value : 'undefined');
/** The channel of an answer (an inbound history entry) by its type. */
export const answerChannel = (type: string) =>
  type === 'linkedin_message' ? ('linkedin_message' as const) : ('email' as const);

// ─── users ───

/**
 * A user as the contract's User, with the count of unread answers, or their list (`include=unread_messages`,
 * otherwise the profile stays small).
 */
export function serializeUser(
  user: UserRow,
  unread: { count: number } | { items: UnreadInboxItemRow[] },
) {
  const items = 'items' in unread ? unread.items : null;
  const count = 'items' in unread ? unread.items.length : unread.count;
  return {
    ...userIdentity(user),
    flags: [...new Set(user.flags)],
    ...(items
      ? {
          unread_messages_since: items.map((m) => ({
            message_id: m.id,
            prospect_id: m.prospect_id,
            first_name: m.first_name,
            last_name: m.last_name,
            company_name: m.company_name,
            channel: answerChannel(m.type),
            content: m.content,
            received_at: iso(m.event_date),
          })),
        }
      : {}),
    unread_messages_count: count,
    company: {
      name: user.company_name,
      website: user.company_website,
      commercial_activity: user.company_commercial_activity,
      description: user.company_description,
    },
  };
}

export function serializeUserListItem(user: UserRow) {
  return { ...userIdentity(user), company_name: user.company_name || null };
}

/** Who a user is, as both the profile and the staff list say it. */
function userIdentity(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    full_name: fullName(user),
    is_staff: user.is_staff,
  };
}

// ─── inbox ───

/** An answer of the inbox as the contract's InboxItem: its prospect, text, read state and label. */
export function serializeInboxItem<P>(item: InboxItemRow, prospect: P) {
  const label = isReplyLabel(item.label) ? item.label : null;
  const byUser = item.label_set_at !== null;
  const confidence = item.label_confidence === null ? NaN : Number(item.label_confidence);
  return {
    id: item.id,
    prospect,
    channel: answerChannel(item.type),
    content: item.content,
    received_at: iso(item.event_date),
    is_read: item.read_at !== null,
    label,
    label_origin: label === null ? null : byUser ? ('user' as const) : ('classifier' as const),
    label_confidence:
      label === null || byUser || !(confidence >= 0 && confidence <= 1) ? null : confidence,
    referral: label === 'wrong_person' && item.referral ? item.referral : null,
    answered_at: item.answered_at ? iso(item.answered_at) : null,
  };
}

// ─── prospects ───

function serializeLastComment(c: LastCommentRow | null) {
  return c
    ? { content: c.content, activity: activity(c.activity), created_at: iso(c.created_at) }
    : null;
}

/**
 * A prospect of a list as the contract's ProspectSummary (the same shape ProspectsRepository.summariesJson builds).
 * The score is staff-only data: a customer's answer has no `score` key (`staff` false).
 */
export function serializeSummary(row: ProspectSummaryRow, staff: boolean) {
  return {
    id: row.id,
    title: title(row.title),
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    company_name: row.company_name,
    position: row.position,
    ...(staff ? { score: row.score } : {}),
    tags: row.tags,
    prospecting_status: row.prospecting_status as ProspectStatus,
    has_responses: row.has_responses,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    last_comment: serializeLastComment(row.last_comment),
    event_date: isoOrNull(row.event_date),
    created_at: iso(row.created_at),
  };
}
export type ProspectSummary = ReturnType<typeof serializeSummary>;

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
    return {
      id: h.id,
      type: STATUS_CHANGE_TYPE,
      event_date: iso(h.event_date),
      content: h.content,
      from: h.from_status,
      to: h.to_status,
    };
  }
  const type = isHistoryMessageType(h.type) ? h.type : 'event';
  const direction =
    (type === 'email' || type === 'linkedin_message') &&
    (h.direction === 'inbound' || h.direction === 'outbound')
      ? h.direction
      : null;
  return {
    id: h.id,
    type,
    event_date: iso(h.event_date),
    content: h.content,
    direction,
    event: type === 'event' ? historyEvent(h.data) : null,
  };
}

/** An event entry's code and values (history_entries.data), or null when it has none the contract knows. */
function historyEvent(data: unknown): HistoryEvent | null {
  if (!data || typeof data !== 'object') return null;
  const { event, step, campaign } = data as { event?: unknown; step?: unknown; campaign?: unknown };
  if (!isHistoryEventCode(event)) return null;
  const labelChange = event === 'reply_label_changed' ? replyLabelChange(data) : null;
  if (event === 'reply_label_changed' && !labelChange) return null;
  return {
    code: event,
    step: typeof step === 'number' && Number.isInteger(step) && step >= 1 ? step : null,
    campaign: typeof campaign === 'string' ? campaign : null,
    ...(labelChange ? { label_change: labelChange } : {}),
  };
}

/** A label change's facts (inbox repository's setLabel), or null when they are not whole. */
function replyLabelChange(data: object) {
  const { message_id, from, to, by } = data as Record<string, unknown>;
  if (typeof message_id !== 'number' || !isReplyLabel(to) || typeof by !== 'string') return null;
  return { message_id, from: isReplyLabel(from) ? from : null, to, by };
}

export function serializeComment(r: CommentWithAuthorRow) {
  return {
    id: r.id,
    prospect_id: r.prospect_id,
    content: r.content,
    activity: activity(r.activity),
    created_at: iso(r.created_at),
    author: { id: r.author_id, full_name: fullName(r) },
  };
}

/**
 * The full Prospect: contact fields, company, campaign, tags, history and comments (newest first). The score is
 * staff-only data: a customer's answer has no `score` key (`staff` false).
 */
export function serializeProspect(row: ProspectDetailRow, staff: boolean) {
  const comments = row.comments.map(serializeComment);
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
    ...(staff ? { score: row.score } : {}),
    tags: row.tags,
    prospecting_status: row.prospecting_status as ProspectStatus,
    has_responses: row.has_responses,
    last_comment: last
      ? { content: last.content, activity: last.activity, created_at: last.created_at }
      : null,
    campaign: { id: row.campaign_id, name: row.campaign_name, is_active: row.campaign_is_active },
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    company: { name: row.company_name, website: row.company_website, address: row.company_address },
    history: row.history.map(serializeHistory),
    comments,
    event_date: isoOrNull(row.event_date),
    created_at: iso(row.created_at),
  };
}

// ─── campaigns ───

/**
 * A campaign as the contract's Campaign. `unknownSends`: its sends whose outcome is unknown, for staff; null in a
 * customer's answer (decision 0195).
 */
export function serializeCampaign(c: CampaignDetailRow, unknownSends: number | null) {
  return {
    id: c.id,
    name: c.name,
    status: isCampaignStatus(c.status) ? c.status : 'draft',
    is_active: c.is_active,
    user: {
      id: c.user_id,
      full_name: c.owner ? fullName(c.owner) : '',
      company_name: c.owner?.company_name ?? '',
    },
    last_update_at: isoOrNull(c.last_sync_at),
    prospects_count: c.prospects_count,
    audience: c.audience,
    contacted: c.contacted,
    contacts_opened: c.contacts_opened,
    contacts_clicked: c.contacts_clicked,
    contacts_answered: c.contacts_answered,
    unknown_sends: unknownSends,
    steps: c.steps.map((s) => ({
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
}

// ─── LinkedIn tasks ───

const taskType = (type: string): WorkflowStepType =>
  (STEP_TYPES as readonly string[]).includes(type)
    ? (type as WorkflowStepType)
    : 'linkedin_message';

/** A task as the contract's LinkedinTask (a state the domain does not know reads as open). */
export function serializeTask(t: TaskRow) {
  return {
    id: t.id,
    state: (TASK_STATES as readonly string[]).includes(t.state) ? (t.state as TaskState) : 'open',
    type: taskType(t.type),
    body: t.body,
    due_at: iso(t.due_at),
    done_at: isoOrNull(t.done_at),
    prospect: {
      id: t.prospect_id,
      first_name: t.first_name,
      last_name: t.last_name,
      company_name: t.company_name,
      linkedin: t.linkedin,
    },
    campaign: { id: t.campaign_id, name: t.campaign_name },
    step: { id: t.step_id, position: t.step_position, name: t.step_name },
  };
}
