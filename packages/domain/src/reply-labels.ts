import type { Schemas } from './contract';

/**
 * What an incoming mail is, as the reply classifier labels it when the mailbox watch imports it. The list lives here
 * only: the server's classifier, its corpus and the contract's enum and the inbox all take it from this file.
 *
 * - `auto_reply`: an automatic answer (out of office, holidays, an acknowledgement): RFC 3834 headers or its words.
 * - `bounce`: a delivery status notification (RFC 3464); the sending engine handles it, it is never an answer.
 * - `unsubscribe`: the person asks to receive no more mail ("désinscrire", "unsubscribe", "ne plus recevoir",
 *   "remove me", "ne me contactez plus"…).
 * - The intents of a human reply: `interested`, `meeting_requested` (asks for, proposes or accepts a call or a
 *   meeting), `not_interested` (declines without asking to be removed), `wrong_person` (not the right contact, often
 *   with a referral to a colleague), `other` (a question, a request for information, anything else).
 */
export const REPLY_LABELS = [
  'auto_reply',
  'bounce',
  'unsubscribe',
  'interested',
  'meeting_requested',
  'not_interested',
  'wrong_person',
  'other',
] as const;

export type ReplyLabel = (typeof REPLY_LABELS)[number];
// The contract's ReplyLabel enum is this list, no more and no less.
const sameAsContract: [ReplyLabel, Schemas['ReplyLabel']] extends [
  Schemas['ReplyLabel'],
  ReplyLabel,
]
  ? true
  : never = true;
void sameAsContract;
const sameFilters: [InboxFilter, Schemas['InboxFilter']] extends [
  Schemas['InboxFilter'],
  InboxFilter,
]
  ? true
  : never = true;
void sameFilters;

/** The labels of a human reply's intent (the statistical model's part of the work). */
export const REPLY_INTENTS = [
  'interested',
  'meeting_requested',
  'not_interested',
  'wrong_person',
  'other',
] as const satisfies readonly ReplyLabel[];

export type ReplyIntent = (typeof REPLY_INTENTS)[number];

/**
 * Whether a mail of this label waits for the user's answer: a person who is interested, asks for a meeting, names the
 * right contact or writes anything else expects one; an automatic answer, a bounce, an unsubscribe request (honoured
 * without a word) and a refusal do not.
 */
export const REPLY_LABEL_NEEDS_ANSWER = {
  auto_reply: false,
  bounce: false,
  unsubscribe: false,
  interested: true,
  meeting_requested: true,
  not_interested: false,
  wrong_person: true,
  other: true,
} as const satisfies Record<ReplyLabel, boolean>;

export function isReplyLabel(value: unknown): value is ReplyLabel {
  return typeof value === 'string' && (REPLY_LABELS as readonly string[]).includes(value);
}

/** Whether an answer of this label (null: imported without one, as before labels existed) waits for an answer. */
export function replyNeedsAnswer(label: ReplyLabel | null): boolean {
  return label === null || REPLY_LABEL_NEEDS_ANSWER[label];
}

/** The labels that need an answer (the inbox's count to handle, its badge and its `needs_answer` filter). */
export const REPLY_LABELS_NEEDING_ANSWER = REPLY_LABELS.filter((l) => REPLY_LABEL_NEEDS_ANSWER[l]);

/**
 * The inbox's filters, in the order the inbox shows them (contract `InboxFilter`): the answers that need an answer,
 * the interested ones (interested or asking for a meeting), the automatic answers, all of them.
 */
export const INBOX_FILTERS = ['needs_answer', 'interested', 'auto_replies', 'all'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];
/** The filter of an inbox address without one. */
export const DEFAULT_INBOX_FILTER: InboxFilter = 'all';

export function isInboxFilter(value: unknown): value is InboxFilter {
  return typeof value === 'string' && (INBOX_FILTERS as readonly string[]).includes(value);
}

/** The labels a filter lists (null: every answer); `needs_answer` also lists the answers without a label. */
export const INBOX_FILTER_LABELS: Record<InboxFilter, readonly ReplyLabel[] | null> = {
  needs_answer: REPLY_LABELS_NEEDING_ANSWER,
  interested: ['interested', 'meeting_requested'],
  auto_replies: ['auto_reply'],
  all: null,
};

/** Whether an answer of this label is listed under the filter. */
export function inboxFilterMatches(filter: InboxFilter, label: ReplyLabel | null): boolean {
  if (filter === 'needs_answer') return replyNeedsAnswer(label);
  const labels = INBOX_FILTER_LABELS[filter];
  return labels === null || (label !== null && labels.includes(label));
}

/** Who gave an answer its label: the classifier when it was imported, or a user since (contract `label_origin`). */
export const REPLY_LABEL_ORIGINS = ['classifier', 'user'] as const;
export type ReplyLabelOrigin = (typeof REPLY_LABEL_ORIGINS)[number];

/**
 * The labels a user may give an answer, in the order the inbox offers them: a human reply's intents first, then the
 * unsubscribe request and the automatic answer. A bounce is left out: the engine handles it, it is never an answer.
 */
export const USER_REPLY_LABELS = [
  'interested',
  'meeting_requested',
  'wrong_person',
  'other',
  'not_interested',
  'unsubscribe',
  'auto_reply',
] as const satisfies readonly ReplyLabel[];
