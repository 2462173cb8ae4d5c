/**
 * What an incoming mail is, as the reply classifier labels it when the mailbox watch imports it. The list lives here
 * only: the server's classifier, its corpus and (later) the contract's enum and the inbox all take it from this file.
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
