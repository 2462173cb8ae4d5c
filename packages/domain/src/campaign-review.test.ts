import { describe, expect, it } from 'vitest';
import type { CampaignSettings, SenderMailbox } from './contract';
import { isValidSpacing, MAX_SPACING_SECONDS } from './campaign-schedule';
import {
  campaignProblems,
  dailySendsPerSender,
  senderMailbox,
  reviewCampaign,
  sequenceDays,
  type CampaignFacts,
} from './campaign-review';

const friday = { year: 2026, month: 11, day: 27 };
const everyDay = [1, 2, 3, 4, 5, 6, 7];

describe('sequence duration', () => {
  it('spreads the first contacts over the caps and follows each batch with its follow-ups', () => {
    const steps = [
      { type: 'email' as const, delay_days: 0 },
      { type: 'email' as const, delay_days: 3 },
    ];
    // Day 0 and 1: first contacts; day 3 and 4: follow-ups.
    expect(
      sequenceDays({ audience: 100, capacity: 50, steps, sendingDays: everyDay, firstDay: friday }),
    ).toBe(5);
    // Weekdays only from a Friday: Fri, Mon (first contacts), Tue and Thu (follow-ups, due Mon and Thu).
    expect(
      sequenceDays({
        audience: 100,
        capacity: 50,
        steps,
        sendingDays: [1, 2, 3, 4, 5],
        firstDay: friday,
      }),
    ).toBe(7);
  });

  it('lets LinkedIn tasks go on their day whatever the caps', () => {
    const steps = [
      { type: 'email' as const, delay_days: 0 },
      { type: 'linkedin_invitation' as const, delay_days: 1 },
    ];
    expect(
      sequenceDays({
        audience: 100,
        capacity: 100,
        steps,
        sendingDays: everyDay,
        firstDay: friday,
      }),
    ).toBe(2);
    expect(
      sequenceDays({
        audience: 10,
        capacity: 0,
        steps: [steps[1]!],
        sendingDays: everyDay,
        firstDay: friday,
      }),
    ).toBe(2);
  });

  it('has no estimate without prospects, capacity or steps', () => {
    const steps = [{ type: 'email' as const, delay_days: 0 }];
    expect(
      sequenceDays({ audience: 0, capacity: 50, steps, sendingDays: everyDay, firstDay: friday }),
    ).toBeNull();
    expect(
      sequenceDays({ audience: 5, capacity: 0, steps, sendingDays: everyDay, firstDay: friday }),
    ).toBeNull();
    expect(
      sequenceDays({
        audience: 5,
        capacity: 5,
        steps: [],
        sendingDays: everyDay,
        firstDay: friday,
      }),
    ).toBeNull();
  });
});

const settings: CampaignSettings = {
  name: 'Winter',
  language: 'en',
  time_zone: 'Europe/Zurich',
  sending_days: [1, 2, 3, 4, 5],
  sending_start: '09:00',
  sending_end: '17:00',
  daily_cap: 40,
  stop_on_reply: true,
  mailbox_ids: [1, 2],
  start_date: null,
  track_opens: true,
  track_clicks: true,
  spacing_min_seconds: 60,
  spacing_max_seconds: 180,
};
const mailbox = (id: number, unavailable_reason: string | null = null): SenderMailbox => ({
  id,
  email: `box${id}@example.com`,
  name: `Box ${id}`,
  is_valid: unavailable_reason === null,
  unavailable_reason,
});
const facts: CampaignFacts = {
  settings,
  steps: [
    {
      type: 'email',
      subject: 'Hello',
      body: 'Hi {{first_name|there}} {{unsubscribe}}',
      delay_days: 0,
    },
    { type: 'email', subject: '', body: 'Again {{unsubscribe}}', delay_days: 2 },
  ],
  landingPages: [],
  mailboxes: [mailbox(1), mailbox(2), mailbox(3, 'account_invalid')],
  audience: 160,
  missing: { first_name: 4 },
};

describe('review', () => {
  it('sums the senders’ caps, dates the first send in the campaign’s zone and estimates the days', () => {
    const review = reviewCampaign(facts, new Date('2026-11-27T17:00:00Z'));
    expect(review).toEqual({
      audience: 160,
      mailboxes: [
        { id: 1, email: 'box1@example.com', daily_cap: 40 },
        { id: 2, email: 'box2@example.com', daily_cap: 40 },
      ],
      daily_capacity: 80,
      time_zone: 'Europe/Zurich',
      first_send_at: '2026-11-30T08:00:00.000Z',
      first_send_local: '2026-11-30T09:00',
      // Mon and Tue first contacts, Wed and Thu the follow-ups.
      sequence_days: 4,
      problems: [],
      can_launch: true,
    });
  });

  it('lists every blocking problem with where to fix it, and refuses the launch', () => {
    const problems = campaignProblems({
      ...facts,
      settings: { ...settings, name: ' ', mailbox_ids: [3, 99], sending_days: [] },
      audience: 0,
    });
    expect(problems.map((p) => [p.code, p.section])).toEqual([
      ['name_missing', 'settings'],
      ['mailbox_not_available', 'settings'],
      ['mailbox_not_available', 'settings'],
      ['no_mailbox', 'settings'],
      ['no_sending_days', 'settings'],
      ['no_audience', 'summary'],
    ]);
    expect(problems[1]).toMatchObject({ variable: 'box3@example.com' });
    const review = reviewCampaign(
      { ...facts, settings: { ...settings, sending_days: [] } },
      new Date(),
    );
    expect(review.can_launch).toBe(false);
    expect(review.first_send_at).toBeNull();
    expect(review.sequence_days).toBeNull();
  });

  it('counts fewer sends a day when the spacing leaves room for fewer than the cap in the hours', () => {
    // 8 hours at a mean of 15 minutes: 32 intervals, so 33 sends a sender, under the cap of 40.
    const spaced = reviewCampaign(
      { ...facts, settings: { ...settings, spacing_min_seconds: 600, spacing_max_seconds: 1200 } },
      new Date('2026-11-27T17:00:00Z'),
    );
    expect(
      dailySendsPerSender({ ...settings, spacing_min_seconds: 600, spacing_max_seconds: 1200 }),
    ).toBe(33);
    expect(spaced.daily_capacity).toBe(66);
    // 160 first contacts at 66 a day take three days (Mon–Wed), the follow-ups two days later each: to Friday.
    expect(spaced.sequence_days).toBe(5);
    // No spacing: the cap alone.
    expect(
      dailySendsPerSender({ ...settings, spacing_min_seconds: 0, spacing_max_seconds: 0 }),
    ).toBe(40);
  });

  it('accepts a spacing of whole seconds up to an hour with the minimum not above the maximum', () => {
    expect(isValidSpacing(0, 0)).toBe(true);
    expect(isValidSpacing(60, MAX_SPACING_SECONDS)).toBe(true);
    expect(isValidSpacing(120, 60)).toBe(false);
    expect(isValidSpacing(-1, 60)).toBe(false);
    expect(isValidSpacing(60, MAX_SPACING_SECONDS + 1)).toBe(false);
    expect(isValidSpacing(1.5, 60)).toBe(false);
  });

  it('needs no mailbox for a LinkedIn-only sequence', () => {
    const linkedinOnly: CampaignFacts = {
      ...facts,
      settings: { ...settings, mailbox_ids: [] },
      steps: [{ type: 'linkedin_invitation', subject: '', body: '', delay_days: 0 }],
    };
    expect(campaignProblems(linkedinOnly)).toEqual([]);
  });
});

describe('sender mailboxes', () => {
  it('lets a valid account send, and says why an invalid one cannot', () => {
    const account = { id: 4, email: 'a@example.com', name: 'A', is_valid: true, last_error: null };
    expect(senderMailbox(account).unavailable_reason).toBeNull();
    expect(senderMailbox({ ...account, is_valid: false }).unavailable_reason).toBe(
      'account_invalid',
    );
    expect(
      senderMailbox({ ...account, is_valid: false, last_error: 'bad_imap_credentials' })
        .unavailable_reason,
    ).toBe('bad_imap_credentials');
  });

  it('does not let a mailbox the engine paused send, and says its pause reason', () => {
    const account = { id: 4, email: 'a@example.com', name: 'A', is_valid: true, last_error: null };
    expect(
      senderMailbox({ ...account, sending_paused_reason: 'bounce_rate' }).unavailable_reason,
    ).toBe('bounce_rate');
    expect(
      senderMailbox({ ...account, sending_paused_reason: null }).unavailable_reason,
    ).toBeNull();
  });
});
