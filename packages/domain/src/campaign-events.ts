/**
 * The sending engine's vocabulary: what happens to a prospect in a running campaign (events), where each planned
 * e-mail stands (send states), why a prospect's sequence stops, and which events move the campaign's and the steps'
 * figures. Every figure the screens show (contacted, opened, clicked, answered, per step and per campaign) is the
 * number of distinct prospects with at least one event of its kind.
 */

/** Everything the engine, the tracking links and the mailbox watch record about a prospect of a campaign. */
export const CAMPAIGN_EVENT_TYPES = [
  /** An e-mail step accepted by the mailbox's SMTP server. */
  'sent',
  /** A send whose outcome is unknown (the process stopped between the SMTP acceptance and its record). */
  'outcome_unknown',
  /** A temporary refusal (4xx, timeout, dropped connection): the send is tried again later. */
  'deferred',
  /** A permanent refusal at send time (5xx) or a delivery status notification: the address bounced. */
  'bounced',
  /** The tracking pixel was loaded (unreliable: image proxies load it, blocked images never do). */
  'opened',
  /** A tracked landing-page link was followed. */
  'clicked',
  /** The prospect answered (matched by the thread's Message-IDs, else by the sender's address). */
  'replied',
  /** The prospect unsubscribed (one-click header or the body's link). */
  'unsubscribed',
  /** A LinkedIn step became a task for the customer. */
  'task_created',
  'task_done',
  'task_skipped',
] as const;
export type CampaignEventType = (typeof CAMPAIGN_EVENT_TYPES)[number];

export function isCampaignEventType(value: unknown): value is CampaignEventType {
  return typeof value === 'string' && (CAMPAIGN_EVENT_TYPES as readonly string[]).includes(value);
}

/** The figures of a campaign and of each of its steps, each counting distinct prospects. */
export const EVENT_FIGURES = ['contacted', 'opened', 'clicked', 'answered'] as const;
export type EventFigure = (typeof EVENT_FIGURES)[number];

/** The event that puts a prospect in a figure (a task done counts as a contact of a LinkedIn step). */
export const FIGURE_OF_EVENT: Partial<Record<CampaignEventType, EventFigure>> = {
  sent: 'contacted',
  task_done: 'contacted',
  opened: 'opened',
  clicked: 'clicked',
  replied: 'answered',
};

/** Where one planned e-mail of one prospect stands. */
export const SEND_STATES = [
  /** Planned, due at `due_at`. */
  'scheduled',
  /** Taken by an instance, its Message-ID recorded, handed to SMTP. */
  'sending',
  'sent',
  /** Was `sending` when its instance died: maybe delivered, never repeated silently. */
  'unknown',
  /** A temporary refusal: due again later. */
  'deferred',
  /** A permanent refusal (bounced) or too many temporary ones. */
  'failed',
  /** The prospect's sequence stopped (reply, bounce, unsubscribe) or the campaign finished before it was sent. */
  'cancelled',
] as const;
export type SendState = (typeof SEND_STATES)[number];

/** Planned and not taken yet: a deliverer may take it, a stop cancels it, an out-of-office answer delays it. */
export const WAITING_SEND_STATES = [
  'scheduled',
  'deferred',
] as const satisfies readonly SendState[];

/** Handed to a mail server (accepted, refused, or maybe): these count for a mailbox's bounce rate and replies. */
export const HANDED_OVER_SEND_STATES = [
  'sent',
  'failed',
  'unknown',
] as const satisfies readonly SendState[];

/** Maybe in the prospect's mailbox: a follow-up answers these in its thread. */
export const DELIVERED_SEND_STATES = ['sent', 'unknown'] as const satisfies readonly SendState[];

/** Send states that will not change any more. */
export const FINAL_SEND_STATES = [
  'sent',
  'unknown',
  'failed',
  'cancelled',
] as const satisfies readonly SendState[];

export function isFinalSendState(state: SendState): boolean {
  return (FINAL_SEND_STATES as readonly SendState[]).includes(state);
}

/** Why a prospect's sequence stopped before its last step. */
export const SEQUENCE_STOP_REASONS = [
  'replied',
  'bounced',
  'unsubscribed',
  /** On the customer's suppression list when its next step came due. */
  'suppressed',
  /** The campaign was finished by staff. */
  'campaign_finished',
] as const;
export type SequenceStopReason = (typeof SEQUENCE_STOP_REASONS)[number];

/** The event that stops a prospect's sequence, and why. `replied` stops it only when the campaign says so. */
export const STOP_REASON_OF_EVENT: Partial<Record<CampaignEventType, SequenceStopReason>> = {
  replied: 'replied',
  bounced: 'bounced',
  unsubscribed: 'unsubscribed',
};

/** Why a mailbox stopped sending for the campaigns (shown on its row in Integrations). */
export const MAILBOX_PAUSE_REASONS = [
  /** The SMTP server refused the credentials (or the provider's token could not be renewed). */
  'credentials_refused',
  /** Too many consecutive sends failed for another reason. */
  'too_many_errors',
  /** More than `BOUNCE_RATE_LIMIT` of its last `BOUNCE_RATE_WINDOW` sends bounced. */
  'bounce_rate',
] as const;
export type MailboxPauseReason = (typeof MAILBOX_PAUSE_REASONS)[number];

/** A mailbox whose bounces exceed this share of its last sends is paused. */
export const BOUNCE_RATE_LIMIT = 0.05;
export const BOUNCE_RATE_WINDOW = 100;
/** Consecutive failed sends (other than bounces) after which a mailbox is paused. */
export const MAX_CONSECUTIVE_SEND_ERRORS = 5;

/**
 * Whether a mailbox must be paused for its bounces: more than 5 % of a window of 100 sends, counted over its last
 * 100 sends (so a young mailbox is paused after its sixth bounce, not after one bounce in its first two sends).
 */
export function bounceRateExceeded(bouncedInLastSends: number): boolean {
  return bouncedInLastSends > BOUNCE_RATE_LIMIT * BOUNCE_RATE_WINDOW;
}

/** Seconds between two sends of one mailbox, by default: a random value between the two. */
export const DEFAULT_SEND_SPACING_SECONDS = { min: 60, max: 180 } as const;
