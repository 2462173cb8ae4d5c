/**
 * The builder's summary before a launch: every problem (settings, sequence, audience) with the builder step where
 * it is fixed, the first send in the campaign's time zone, and how long the sequence takes at the senders' caps.
 */
import type {
  CampaignProblem,
  CampaignReview,
  CampaignSettings,
  LandingPage,
  SenderMailbox,
  SequenceStepInput,
} from './contract';
import { isBlocking, problem } from './campaign-errors';
import { hasEmailStep, sequenceProblems } from './campaign-sequence';
import {
  addDays,
  formatWallTime,
  nextSendingSlot,
  sendingWindowProblems,
  sendsPerDayAtSpacing,
  wallTimeOf,
  weekdayOf,
} from './campaign-schedule';
import type { TemplateVariable } from './campaign-templates';

export interface CampaignFacts {
  settings: CampaignSettings;
  steps: readonly Pick<SequenceStepInput, 'type' | 'subject' | 'body' | 'delay_days'>[];
  landingPages: readonly LandingPage[];
  /** Every e-mail account of the owner. */
  mailboxes: readonly SenderMailbox[];
  /** The campaign's prospects. */
  audience: number;
  /** How many of them lack each variable. */
  missing: Partial<Record<TemplateVariable, number>>;
}

/** The senders: the selected accounts that can send. */
export function senders(facts: Pick<CampaignFacts, 'settings' | 'mailboxes'>): SenderMailbox[] {
  const chosen = new Set(facts.settings.mailbox_ids);
  return facts.mailboxes.filter(
    (mailbox) => chosen.has(mailbox.id) && mailbox.unavailable_reason === null,
  );
}

/** Every problem of a campaign, settings first, then the sequence's, then the audience. */
export function campaignProblems(facts: CampaignFacts): CampaignProblem[] {
  const { settings } = facts;
  const problems: CampaignProblem[] = [];
  if (!settings.name.trim()) problems.push(problem('name_missing', { field: 'name' }));
  const byId = new Map(facts.mailboxes.map((mailbox) => [mailbox.id, mailbox]));
  for (const id of settings.mailbox_ids) {
    const mailbox = byId.get(id);
    if (!mailbox || mailbox.unavailable_reason !== null)
      problems.push(
        problem('mailbox_not_available', {
          field: 'mailbox_ids',
          ...(mailbox ? { variable: mailbox.email } : {}),
        }),
      );
  }
  if (hasEmailStep(facts.steps) && senders(facts).length === 0)
    problems.push(problem('no_mailbox', { field: 'mailbox_ids' }));
  problems.push(...sendingWindowProblems(settings));
  problems.push(
    ...sequenceProblems(facts.steps, {
      language: settings.language,
      landingPages: facts.landingPages,
      missing: facts.missing,
    }),
  );
  if (facts.audience === 0) problems.push(problem('no_audience'));
  return problems;
}

/** The longest estimate before giving up (ten years of days). */
const MAX_DAYS = 3660;

/**
 * Calendar days from the first send to the last step of the last prospect, when every prospect gets every step
 * (nobody replies: the longest case). E-mail steps share `capacity` sends per sending day, the oldest due first
 * and, among those, the later steps first (a follow-up is never pushed back by new first contacts); LinkedIn steps
 * are tasks due on their day whatever the caps. A step is due `delay_days` after the previous step of the same
 * prospect (the first step, after the first send's day). Null when no prospect, no capacity for e-mail steps, no
 * step, or more than ten years.
 */
export function sequenceDays(input: {
  audience: number;
  capacity: number;
  steps: readonly Pick<SequenceStepInput, 'type' | 'delay_days'>[];
  sendingDays: readonly number[];
  /** The first send's calendar date in the campaign's time zone. */
  firstDay: { year: number; month: number; day: number };
}): number | null {
  const { steps, audience, capacity } = input;
  if (audience <= 0 || steps.length === 0) return null;
  if (hasEmailStep(steps) && (capacity <= 0 || input.sendingDays.length === 0)) return null;
  // due[day] = counts waiting per step index, keyed by the day they became due.
  const waiting: { step: number; dueDay: number; count: number }[] = [
    { step: 0, dueDay: steps[0]?.delay_days ?? 0, count: audience },
  ];
  let lastDay = 0;
  for (let day = 0; day <= MAX_DAYS; day += 1) {
    if (waiting.length === 0) return lastDay + 1;
    const sending = input.sendingDays.includes(weekdayOf(addDays(input.firstDay, day)));
    let left = sending ? capacity : 0;
    const due = waiting
      .filter((w) => w.dueDay <= day)
      .sort((a, b) => a.dueDay - b.dueDay || b.step - a.step);
    const done: { step: number; count: number }[] = [];
    for (const item of due) {
      const type = steps[item.step]?.type;
      const taken = type === 'email' ? Math.min(left, item.count) : item.count;
      if (type === 'email') left -= taken;
      if (taken === 0) continue;
      item.count -= taken;
      done.push({ step: item.step, count: taken });
    }
    for (let i = waiting.length - 1; i >= 0; i -= 1)
      if (waiting[i]!.count === 0) waiting.splice(i, 1);
    for (const { step, count } of done) {
      lastDay = day;
      const next = steps[step + 1];
      if (next) waiting.push({ step: step + 1, dueDay: day + next.delay_days, count });
    }
  }
  return null;
}

/**
 * What one sender can send in a sending day: its daily cap, or fewer when the spacing between two sends leaves room
 * for fewer in the sending hours.
 */
export function dailySendsPerSender(
  settings: Pick<
    CampaignSettings,
    'daily_cap' | 'sending_start' | 'sending_end' | 'spacing_min_seconds' | 'spacing_max_seconds'
  >,
): number {
  const room = sendsPerDayAtSpacing(settings, settings);
  return room === null ? settings.daily_cap : Math.min(settings.daily_cap, room);
}

/** The summary of the builder's last step (the contract's CampaignReview without the campaign's id). */
export function reviewCampaign(
  facts: CampaignFacts,
  now: Date,
): Omit<CampaignReview, 'campaign_id'> {
  const problems = campaignProblems(facts);
  const { settings } = facts;
  const chosen = senders(facts);
  const capacity = chosen.length * dailySendsPerSender(settings);
  const firstSend = nextSendingSlot(now, settings);
  const days = firstSend
    ? sequenceDays({
        audience: facts.audience,
        capacity,
        steps: facts.steps,
        sendingDays: settings.sending_days,
        firstDay: wallTimeOf(firstSend, settings.time_zone),
      })
    : null;
  return {
    audience: facts.audience,
    mailboxes: chosen.map((mailbox) => ({
      id: mailbox.id,
      email: mailbox.email,
      daily_cap: settings.daily_cap,
    })),
    daily_capacity: capacity,
    time_zone: settings.time_zone,
    first_send_at: firstSend ? firstSend.toISOString() : null,
    first_send_local: firstSend ? formatWallTime(firstSend, settings.time_zone) : null,
    sequence_days: days,
    problems,
    can_launch: !problems.some(isBlocking),
  };
}

/**
 * An e-mail account as a possible sender: an invalid one cannot be chosen, and says why (its last error code); nor
 * can one the engine paused, which says its pause reason (a `MAILBOX_PAUSE_REASONS` value; decision 0175).
 */
export function senderMailbox(account: {
  id: number;
  email: string;
  name: string;
  is_valid: boolean;
  last_error: string | null;
  sending_paused_reason?: string | null;
}): SenderMailbox {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    is_valid: account.is_valid,
    unavailable_reason: !account.is_valid
      ? (account.last_error ?? 'account_invalid')
      : (account.sending_paused_reason ?? null),
  };
}
