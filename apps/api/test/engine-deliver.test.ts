import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_SENTENCES } from '@prospecta/domain';
import { inTransaction, type Db } from '../src/db/index';
import {
  DELIVER_EXPIRY_SECONDS,
  deliverSend,
  recoverSends,
  SEND_RETRY,
  retryDelaySeconds,
  type DeliverDeps,
} from '../src/engine/deliver';
import { linkSigner } from '../src/engine/links';
import { SmtpPools } from '../src/engine/transport';
import { campaignEventsRepository } from '../src/repositories/campaign-events';
import { MailHostGuard } from '../src/integrations/mail-hosts';
import { appJobs } from '../src/jobs/registry';
import { sendsRepository } from '../src/repositories/sends';
import { alwaysOpenWindow, startTestApp, type TestApp } from './helpers';
import { headerOf, lastReceived } from './peers/received-mail';
import { peersMailHosts, startMailPeers, type MailPeers } from './peers/mail-peers';

/**
 * The deliverer against a real SMTP server (smtp-server, ./peers/mail-peers.ts): what the prospect receives (the
 * headers of a thread, the one-click unsubscribe, the sentence in the campaign's language, the signed links and the
 * pixel), and how each way an SMTP transaction can end is recorded: accepted, refused for a while (4xx), silent,
 * cut in the middle of DATA, refused for good (5xx), credentials refused; the pauses of a mailbox; the sends left
 * `sending` by a stopped instance.
 */
const PUBLIC_URL = 'https://app.prospecta.example';
const SENDER = { user: 'julien@sender.example', password: 'smtp-password-of-the-test' };
const RETRY = { baseSeconds: 60, maxSeconds: 3600, maxAttempts: 3 };

let peers: MailPeers;
let t: TestApp;
let db: Db;
let accountId: number;
let campaignId: number;
let steps: { first: number; second: number; third: number };
const signer = linkSigner(randomBytes(32));
const advanced: { prospectId: number; at: Date }[] = [];
const retries: { sendId: number; afterSeconds: number }[] = [];

function deps(over: Partial<DeliverDeps> = {}): DeliverDeps {
  return {
    db,
    secretBox: t.app.services.secretBox,
    mailHosts: new MailHostGuard(peersMailHosts(peers)),
    smtp: { timeoutMs: 700, ca: peers.ca },
    publicUrl: PUBLIC_URL,
    signer,
    retry: RETRY,
    sequence: {
      async advanceSequence(trx, prospectId, at) {
        // Inside the outcome's transaction: a write here commits or rolls back with it.
        await trx
          .updateTable('prospect_sequences')
          .set({ next_position: null, updated_at: at })
          .where('prospect_id', '=', prospectId)
          .execute();
        advanced.push({ prospectId, at });
      },
    },
    async retryLater(_trx, sendId, afterSeconds) {
      retries.push({ sendId, afterSeconds });
    },
    ...over,
  };
}

let counter = 0;
async function newProspect(first = 'Claire') {
  counter += 1;
  const email = `prospect.${counter}@recipient.example`;
  const row = await db
    .insertInto('prospects')
    .values({
      campaign_id: campaignId,
      user_id: t.facts.customerId,
      title: 'undefined',
      first_name: first,
      last_name: 'Martin',
      company_name: 'Acme',
      email,
      prospecting_status: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('prospect_sequences')
    .values({ prospect_id: row.id, campaign_id: campaignId, next_position: 1 })
    .execute();
  return { id: row.id, email };
}

async function newSend(
  prospectId: number,
  stepId: number,
  over: { state?: string; sending_at?: Date } = {},
) {
  const row = await db
    .insertInto('sends')
    .values({
      campaign_id: campaignId,
      step_id: stepId,
      prospect_id: prospectId,
      email_account_id: accountId,
      message_id: `${randomBytes(8).toString('hex')}@sender.example`,
      state: over.state ?? 'scheduled',
      due_at: new Date(),
      sending_at: over.sending_at ?? null,
    })
    .returning(['id', 'message_id'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), messageId: row.message_id };
}

const sendRow = (id: number) =>
  db.selectFrom('sends').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const eventsOf = (sendId: number) =>
  db
    .selectFrom('campaign_events')
    .select(['type', 'data'])
    .where('send_id', '=', sendId)
    .orderBy('id')
    .execute();
const mailbox = () =>
  db
    .selectFrom('email_accounts')
    .select(['send_errors', 'last_sent_at', 'sending_paused_at', 'sending_paused_reason'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  peers = await startMailPeers([SENDER]);
  t = await startTestApp({ mailHosts: peersMailHosts(peers), publicUrl: PUBLIC_URL });
  db = t.database.db;
  const account = await db
    .insertInto('email_accounts')
    .values({
      user_id: t.facts.customerId,
      name: 'Julien Moreau',
      email: SENDER.user,
      account_type: 'SMTP',
      is_valid: true,
      smtp_host: '127.0.0.1',
      smtp_port: peers.smtp.starttls,
      smtp_secure: false,
      imap_host: '127.0.0.1',
      imap_port: peers.imap.starttls,
      imap_secure: false,
      created_on: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  accountId = account.id;
  await db
    .updateTable('email_accounts')
    .set({
      password_enc: t.app.services.secretBox.encrypt(SENDER.password, `email_account:${accountId}`),
    })
    .where('id', '=', accountId)
    .execute();
  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: t.facts.customerId,
      ...alwaysOpenWindow(),
      name: 'Automne',
      status: 'running',
      is_active: true,
      language: 'fr',
      created_at: new Date(),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  await db
    .insertInto('landing_pages')
    .values({
      campaign_id: campaignId,
      position: 1,
      key: 'offre',
      name: 'Notre offre',
      url: 'https://www.example.com/offre',
      utm_source: 'prospecta',
      utm_medium: 'email',
      utm_campaign: 'automne',
      utm_content: '',
      utm_term: '',
    })
    .execute();
  const step = (position: number, subject: string, body: string, newThread = false) =>
    db
      .insertInto('campaign_steps')
      .values({
        campaign_id: campaignId,
        position,
        name: `Step ${position}`,
        workflow_step_type: 'email',
        subject,
        body,
        new_thread: newThread,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  steps = {
    first: (
      await step(1, 'Bonjour {{first_name}}', 'Bonjour {{first_name}},\nVoyez {{link:offre}}.')
    ).id,
    second: (await step(2, 'Relance', 'Je me permets de vous relancer.\n{{unsubscribe}}\nJulien'))
      .id,
    third: (await step(3, 'Autre sujet', 'Un nouveau fil.', true)).id,
  };
}, 60_000);

afterAll(async () => {
  await t?.close();
  await peers?.close();
});

beforeEach(async () => {
  peers.smtpControl.behaviour = 'accept';
  await db
    .updateTable('email_accounts')
    .set({ send_errors: 0, sending_paused_at: null, sending_paused_reason: null })
    .where('id', '=', accountId)
    .execute();
  await db
    .updateTable('campaigns')
    .set({
      status: 'running',
      language: 'fr',
      track_opens: true,
      track_clicks: true,
      ...alwaysOpenWindow(),
    })
    .where('id', '=', campaignId)
    .execute();
});

describe('an accepted mail', () => {
  it('reaches the prospect with its headers, links and pixel, and is recorded as sent in one go', async () => {
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    expect(await deliverSend(deps(), send.id)).toBe('sent');

    const received = peers.smtpControl.received.at(-1);
    expect(received?.user).toBe(SENDER.user);
    expect(received?.mailFrom).toBe(SENDER.user);
    expect(received?.rcptTo).toEqual([prospect.email]);
    const mail = await lastReceived(peers);
    expect(mail.messageId).toBe(`<${send.messageId}>`);
    expect(mail.inReplyTo).toBeUndefined();
    expect(mail.subject).toBe('Bonjour Claire');
    expect(mail.from?.value[0]).toEqual({ name: 'Julien Moreau', address: SENDER.user });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : null).toBe(
      prospect.email,
    );

    // One-click unsubscribe (RFC 8058), signed for this send, and the same link in the French sentence.
    const unsubscribeUrl = /^<(https:[^>]+)>$/.exec(headerOf(mail, 'list-unsubscribe'))?.[1] ?? '';
    expect(unsubscribeUrl.startsWith(`${PUBLIC_URL}/m/u/`)).toBe(true);
    expect(signer.verify(unsubscribeUrl.slice(`${PUBLIC_URL}/m/u/`.length))).toEqual({
      kind: 'unsubscribe',
      sendId: send.id,
    });
    expect(headerOf(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(UNSUBSCRIBE_SENTENCES.fr.replace('{url}', unsubscribeUrl));

    // The landing page through the signed click link; the pixel in the HTML part.
    const click = /\((https:\/\/app\.prospecta\.example\/m\/c\/[^)\s]+)\)/.exec(
      mail.text ?? '',
    )?.[1];
    expect(signer.verify(click?.slice(`${PUBLIC_URL}/m/c/`.length) ?? '')).toEqual({
      kind: 'click',
      sendId: send.id,
      page: 'offre',
    });
    const pixel = /<img src="([^"]+)" width="1" height="1"/.exec(String(mail.html))?.[1] ?? '';
    expect(signer.verify(pixel.slice(`${PUBLIC_URL}/m/o/`.length))).toEqual({
      kind: 'open',
      sendId: send.id,
    });

    const row = await sendRow(send.id);
    expect(row.state).toBe('sent');
    expect(row.attempts).toBe(1);
    expect(row.sent_at).not.toBeNull();
    const events = await eventsOf(send.id);
    expect(events.map((e) => e.type)).toEqual(['sent']);
    expect(JSON.stringify(events[0]?.data)).toMatch(/250/);
    const box = await mailbox();
    expect(box.send_errors).toBe(0);
    expect(box.last_sent_at).not.toBeNull();
    expect(advanced.at(-1)?.prospectId).toBe(prospect.id);
    const sequence = await db
      .selectFrom('prospect_sequences')
      .selectAll()
      .where('prospect_id', '=', prospect.id)
      .executeTakeFirstOrThrow();
    expect(sequence.thread_message_id).toBe(send.messageId);
    expect(sequence.next_position).toBeNull();
    const moved = await db
      .selectFrom('prospects')
      .select('prospecting_status')
      .where('id', '=', prospect.id)
      .executeTakeFirstOrThrow();
    expect(moved.prospecting_status).toBe('ongoing');
  });

  it('threads a follow-up, says the sentence in English, and leaves tracking out when switched off', async () => {
    const prospect = await newProspect();
    const first = await newSend(prospect.id, steps.first);
    expect(await deliverSend(deps(), first.id)).toBe('sent');
    await db
      .updateTable('campaigns')
      .set({ language: 'en', track_opens: false, track_clicks: false })
      .where('id', '=', campaignId)
      .execute();
    const second = await newSend(prospect.id, steps.second);
    expect(await deliverSend(deps(), second.id)).toBe('sent');
    const mail = await lastReceived(peers);
    expect(mail.subject).toBe('Re: Bonjour Claire');
    expect(mail.inReplyTo).toBe(`<${first.messageId}>`);
    expect(mail.references).toBe(`<${first.messageId}>`);
    expect(mail.html).toBe(false);
    expect(mail.text).toMatch(/Don't want to hear from us again\? Unsubscribe here: https:\/\//);
    expect(mail.text).toMatch(/^Je me permets de vous relancer\.\nDon't want/);

    // A step that starts a new thread: its own subject, no In-Reply-To.
    const third = await newSend(prospect.id, steps.third);
    expect(await deliverSend(deps(), third.id)).toBe('sent');
    const fresh = await lastReceived(peers);
    expect(fresh.subject).toBe('Autre sujet');
    expect(fresh.inReplyTo).toBeUndefined();
  });

  it('References every earlier mail of the thread', async () => {
    const prospect = await newProspect();
    const first = await newSend(prospect.id, steps.first, { state: 'sent' });
    const unknown = await newSend(prospect.id, steps.second, { state: 'unknown' });
    await db
      .updateTable('campaign_steps')
      .set({ new_thread: false })
      .where('id', '=', steps.third)
      .execute();
    try {
      const third = await newSend(prospect.id, steps.third);
      expect(await deliverSend(deps(), third.id)).toBe('sent');
      const mail = await lastReceived(peers);
      expect(mail.inReplyTo).toBe(`<${unknown.messageId}>`);
      expect(mail.references).toEqual([`<${first.messageId}>`, `<${unknown.messageId}>`]);
    } finally {
      await db
        .updateTable('campaign_steps')
        .set({ new_thread: true })
        .where('id', '=', steps.third)
        .execute();
    }
  });
});

describe('a suppressed address', () => {
  it('is not sent to: the send is cancelled and the sequence stops', async () => {
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    await db
      .insertInto('suppressions')
      .values({ user_id: t.facts.customerId, email: prospect.email, reason: 'unsubscribed' })
      .execute();
    await db
      .updateTable('prospects')
      .set({ email: prospect.email.toUpperCase() })
      .where('id', '=', prospect.id)
      .execute();
    const before = peers.smtpControl.received.length;
    expect(await deliverSend(deps(), send.id)).toBe('suppressed');
    expect(peers.smtpControl.received.length).toBe(before);
    expect((await sendRow(send.id)).state).toBe('cancelled');
    const sequence = await db
      .selectFrom('prospect_sequences')
      .select('stopped_reason')
      .where('prospect_id', '=', prospect.id)
      .executeTakeFirstOrThrow();
    expect(sequence.stopped_reason).toBe('suppressed');
  });
});

describe('pooled connections', () => {
  it('send a mailbox’s mails over its open connections, and sign in afresh once credentials are refused', async () => {
    const pools = new SmtpPools({ maxConnections: 2, idleMs: 5_000 });
    try {
      const before = peers.smtpControl.received.length;
      const prospects = await Promise.all([newProspect(), newProspect(), newProspect()]);
      const sends = [];
      for (const p of prospects) sends.push(await newSend(p.id, steps.first));
      const outcomes = await Promise.all(
        sends.map((send) => deliverSend(deps({ pools }), send.id)),
      );
      expect(outcomes).toEqual(['sent', 'sent', 'sent']);
      expect(peers.smtpControl.received.length).toBe(before + 3);
      expect(
        peers.smtpControl.received
          .slice(-3)
          .map((m) => m.rcptTo[0])
          .sort(),
      ).toEqual(prospects.map((p) => p.email).sort());

      // The open connections were signed in before: a refusal shows at the next login, which a dropped pool forces.
      peers.smtpControl.behaviour = 'refuse_credentials';
      pools.drop(accountId);
      const refused = await newProspect();
      const send = await newSend(refused.id, steps.first);
      expect(await deliverSend(deps({ pools }), send.id)).toBe('credentials_refused');
      expect((await mailbox()).sending_paused_reason).toBe('credentials_refused');
    } finally {
      pools.close();
    }
  });
});

describe('a send that is not taken', () => {
  it('is not sent while its campaign is paused, its mailbox is paused, or another attempt has it', async () => {
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    const before = peers.smtpControl.received.length;
    await db
      .updateTable('campaigns')
      .set({ status: 'paused' })
      .where('id', '=', campaignId)
      .execute();
    expect(await deliverSend(deps(), send.id)).toBe('not_taken');
    await db
      .updateTable('campaigns')
      .set({ status: 'running' })
      .where('id', '=', campaignId)
      .execute();
    await db
      .updateTable('email_accounts')
      .set({ sending_paused_at: new Date(), sending_paused_reason: 'too_many_errors' })
      .where('id', '=', accountId)
      .execute();
    expect(await deliverSend(deps(), send.id)).toBe('not_taken');
    expect((await sendRow(send.id)).state).toBe('scheduled');
    expect((await sendRow(send.id)).attempts).toBe(0);
    await db
      .updateTable('email_accounts')
      .set({ sending_paused_at: null, sending_paused_reason: null })
      .where('id', '=', accountId)
      .execute();
    // Two attempts at once: one sends, the other finds it taken.
    const outcomes = await Promise.all([
      deliverSend(deps(), send.id),
      deliverSend(deps(), send.id),
    ]);
    expect(outcomes.sort()).toEqual(['not_taken', 'sent']);
    expect(peers.smtpControl.received.length).toBe(before + 1);
    expect(await deliverSend(deps(), send.id)).toBe('not_taken');
  });
});

describe('a refused or failed send', () => {
  it('is deferred with a backoff on a temporary refusal, then failed after the last attempt', async () => {
    peers.smtpControl.behaviour = 'reply_4xx';
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    retries.length = 0;
    for (let attempt = 1; attempt < RETRY.maxAttempts; attempt++) {
      const startedAt = Date.now();
      expect(await deliverSend(deps(), send.id)).toBe('deferred');
      const row = await sendRow(send.id);
      expect(row.state).toBe('deferred');
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toMatch(/450|temporarily/);
      const delay = retryDelaySeconds(attempt, RETRY);
      expect(delay).toBe(60 * 2 ** (attempt - 1));
      expect(new Date(row.due_at).getTime()).toBeGreaterThanOrEqual(startedAt + delay * 1000 - 5);
      expect(retries.at(-1)).toEqual({ sendId: send.id, afterSeconds: delay });
    }
    const advancedBefore = advanced.length;
    expect(await deliverSend(deps(), send.id)).toBe('failed');
    expect((await sendRow(send.id)).state).toBe('failed');
    const events = await eventsOf(send.id);
    expect(events.map((e) => e.type)).toEqual(['deferred', 'deferred', 'deferred']);
    expect(events.at(-1)?.data).toMatchObject({ final: true, code: 450 });
    expect(advanced.length).toBe(advancedBefore + 1);
    expect((await mailbox()).send_errors).toBe(3);
  });

  it('is deferred when the server says nothing after DATA (timeout)', async () => {
    peers.smtpControl.behaviour = 'time_out';
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    expect(await deliverSend(deps(), send.id)).toBe('deferred');
    expect((await sendRow(send.id)).last_error).toMatch(/timeout|timed out/i);
    expect((await eventsOf(send.id)).map((e) => e.type)).toEqual(['deferred']);
  }, 15_000);

  it('is deferred when the connection drops in the middle of DATA', async () => {
    peers.smtpControl.behaviour = 'drop_in_data';
    const before = peers.smtpControl.received.length;
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    expect(await deliverSend(deps(), send.id)).toBe('deferred');
    expect((await sendRow(send.id)).state).toBe('deferred');
    expect((await eventsOf(send.id)).map((e) => e.type)).toEqual(['deferred']);
    expect(peers.smtpControl.received.length).toBe(before);
  });

  it('is deferred when the server refuses the connection', async () => {
    await db
      .updateTable('email_accounts')
      .set({ smtp_port: peers.closedPort })
      .where('id', '=', accountId)
      .execute();
    try {
      const prospect = await newProspect();
      const send = await newSend(prospect.id, steps.first);
      expect(await deliverSend(deps(), send.id)).toBe('deferred');
      const row = await sendRow(send.id);
      expect(row.state).toBe('deferred');
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect((await eventsOf(send.id)).map((e) => e.type)).toEqual(['deferred']);
      expect((await mailbox()).send_errors).toBe(1);
    } finally {
      await db
        .updateTable('email_accounts')
        .set({ smtp_port: peers.smtp.starttls })
        .where('id', '=', accountId)
        .execute();
    }
  });

  it('fails and bounces on a permanent refusal: the sequence stops, the address is suppressed', async () => {
    peers.smtpControl.behaviour = 'reply_5xx';
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    const later = await newSend(prospect.id, steps.second);
    expect(await deliverSend(deps(), send.id)).toBe('bounced');
    const row = await sendRow(send.id);
    expect(row.state).toBe('failed');
    expect(row.last_error).toMatch(/550|no such user/);
    const events = await eventsOf(send.id);
    expect(events.map((e) => e.type)).toEqual(['bounced']);
    expect(events[0]?.data).toMatchObject({ code: 550 });
    expect((await sendRow(later.id)).state).toBe('cancelled');
    const sequence = await db
      .selectFrom('prospect_sequences')
      .select('stopped_reason')
      .where('prospect_id', '=', prospect.id)
      .executeTakeFirstOrThrow();
    expect(sequence.stopped_reason).toBe('bounced');
    const suppressed = await db
      .selectFrom('suppressions')
      .select('reason')
      .where('user_id', '=', t.facts.customerId)
      .where('email', '=', prospect.email)
      .executeTakeFirst();
    expect(suppressed?.reason).toBe('bounced');
    expect((await mailbox()).sending_paused_at).toBeNull();
  });

  it('pauses the mailbox when more than 5 % of its last 100 sends bounced', async () => {
    peers.smtpControl.behaviour = 'reply_5xx';
    const outcomes: string[] = [];
    // One bounce already; four more keep it at 5 / 100 at most…
    for (let i = 0; i < 4; i++) {
      const prospect = await newProspect();
      outcomes.push(await deliverSend(deps(), (await newSend(prospect.id, steps.first)).id));
    }
    expect(outcomes.every((o) => o === 'bounced')).toBe(true);
    expect((await mailbox()).sending_paused_at).toBeNull();
    // …the sixth exceeds it.
    const prospect = await newProspect();
    expect(await deliverSend(deps(), (await newSend(prospect.id, steps.first)).id)).toBe('bounced');
    const box = await mailbox();
    expect(box.sending_paused_reason).toBe('bounce_rate');
    expect(box.sending_paused_at).not.toBeNull();
    // Nothing more leaves it until it is resumed.
    const next = await newProspect();
    expect(await deliverSend(deps(), (await newSend(next.id, steps.first)).id)).toBe('not_taken');
  });

  it('pauses the mailbox when the credentials are refused, and gives the send back untouched', async () => {
    peers.smtpControl.behaviour = 'refuse_credentials';
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    expect(await deliverSend(deps(), send.id)).toBe('credentials_refused');
    const row = await sendRow(send.id);
    expect(row.state).toBe('scheduled');
    expect(row.attempts).toBe(0);
    expect(row.sending_at).toBeNull();
    expect(await eventsOf(send.id)).toEqual([]);
    const box = await mailbox();
    expect(box.sending_paused_reason).toBe('credentials_refused');
    expect(box.send_errors).toBe(0);
  });

  it('pauses the mailbox after too many consecutive errors; a sent mail resets the count', async () => {
    peers.smtpControl.behaviour = 'reply_4xx';
    await db
      .updateTable('email_accounts')
      .set({ send_errors: 3 })
      .where('id', '=', accountId)
      .execute();
    const first = await newProspect();
    expect(await deliverSend(deps(), (await newSend(first.id, steps.first)).id)).toBe('deferred');
    expect((await mailbox()).sending_paused_at).toBeNull();
    peers.smtpControl.behaviour = 'accept';
    const second = await newProspect();
    expect(await deliverSend(deps(), (await newSend(second.id, steps.first)).id)).toBe('sent');
    expect((await mailbox()).send_errors).toBe(0);

    peers.smtpControl.behaviour = 'reply_4xx';
    await db
      .updateTable('email_accounts')
      .set({ send_errors: 4 })
      .where('id', '=', accountId)
      .execute();
    const third = await newProspect();
    expect(await deliverSend(deps(), (await newSend(third.id, steps.first)).id)).toBe('deferred');
    const box = await mailbox();
    expect(box.send_errors).toBe(5);
    expect(box.sending_paused_reason).toBe('too_many_errors');
  });

  it('never connects to a server the mail-host policy refuses', async () => {
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    const before = peers.smtpControl.received.length;
    const strict = new MailHostGuard({ allow: [], extraPorts: [peers.smtp.starttls] });
    expect(await deliverSend(deps({ mailHosts: strict }), send.id)).toBe('deferred');
    expect((await sendRow(send.id)).last_error).toMatch(/refused \(address\)/);
    expect(peers.smtpControl.received.length).toBe(before);
  });
});

describe('a reply while the next step is queued', () => {
  it('cancels that step: its job then sends nothing', async () => {
    const prospect = await newProspect();
    const first = await newSend(prospect.id, steps.first);
    expect(await deliverSend(deps(), first.id)).toBe('sent');
    const next = await newSend(prospect.id, steps.second);
    const before = peers.smtpControl.received.length;
    await inTransaction(db, (trx) =>
      campaignEventsRepository(trx).record([
        {
          type: 'replied',
          campaignId,
          prospectId: prospect.id,
          stepId: steps.first,
          sendId: first.id,
          data: { message_id: '<an-answer@recipient.example>' },
        },
      ]),
    );
    expect((await sendRow(next.id)).state).toBe('cancelled');
    expect(await deliverSend(deps(), next.id)).toBe('not_taken');
    expect(peers.smtpControl.received.length).toBe(before);
  });
});

describe('outside the sending hours', () => {
  it('a send whose job runs late or whose retry ends at night is not sent: it waits for the next slot', async () => {
    // Today (UTC) is a day off and the hours are 09:00 to 17:00: the next slot is tomorrow at 09:00 UTC.
    const now = new Date();
    const today = ((now.getUTCDay() + 6) % 7) + 1;
    await db
      .updateTable('campaigns')
      .set({
        time_zone: 'UTC',
        sending_days: JSON.stringify([1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today)),
        sending_start: '09:00',
        sending_end: '17:00',
      })
      .where('id', '=', campaignId)
      .execute();
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 9);
    const before = peers.smtpControl.received.length;
    for (const state of ['scheduled', 'deferred']) {
      const prospect = await newProspect();
      const send = await newSend(prospect.id, steps.first, { state });
      expect(await deliverSend(deps(), send.id)).toBe('outside_hours');
      const row = await sendRow(send.id);
      expect(row.state).toBe(state);
      expect(row.attempts).toBe(0);
      expect(row.sending_at).toBeNull();
      expect(new Date(row.due_at).getTime()).toBe(next);
      // Its job again at the next slot.
      const retry = retries.at(-1)!;
      expect(retry.sendId).toBe(send.id);
      expect(Math.abs(now.getTime() + retry.afterSeconds * 1000 - next)).toBeLessThan(60_000);
      expect(await eventsOf(send.id)).toEqual([]);
    }
    expect(peers.smtpControl.received.length).toBe(before);
  });
});

describe('across the daylight-saving switches', () => {
  it('reads the hours on the zone’s wall clock: nothing goes at 17:30 or 08:30 in Paris, whatever the offset was', async () => {
    await db
      .updateTable('campaigns')
      .set({
        time_zone: 'Europe/Paris',
        sending_days: JSON.stringify([1, 2, 3, 4, 5, 6, 7]),
        sending_start: '09:00',
        sending_end: '17:00',
      })
      .where('id', '=', campaignId)
      .execute();
    const before = peers.smtpControl.received.length;
    // Sunday 29 March 2026, summer time since 03:00: 15:30 UTC is 17:30 (16:30 on the winter offset). Sunday 25
    // October 2026, winter time since 03:00: 07:30 UTC is 08:30 (09:30 on the summer offset).
    for (const [clock, opening] of [
      ['2026-03-29T15:30:00Z', '2026-03-30T07:00:00.000Z'],
      ['2026-10-25T07:30:00Z', '2026-10-25T08:00:00.000Z'],
    ] as const) {
      const prospect = await newProspect();
      const send = await newSend(prospect.id, steps.first);
      expect(await deliverSend(deps({ now: () => new Date(clock) }), send.id)).toBe(
        'outside_hours',
      );
      expect(new Date((await sendRow(send.id)).due_at).toISOString()).toBe(opening);
    }
    expect(peers.smtpControl.received.length).toBe(before);
    // 09:30 in Paris on the first summer-time morning: inside the hours.
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    expect(await deliverSend(deps({ now: () => new Date('2026-03-29T07:30:00Z') }), send.id)).toBe(
      'sent',
    );
    // With the tests' shortened days (SENDING_TEST_DAY), 08:30 is not outside the hours.
    const early = await newSend((await newProspect()).id, steps.first);
    expect(
      await deliverSend(
        deps({ now: () => new Date('2026-10-25T07:30:00Z'), test: { daySeconds: 15 } }),
        early.id,
      ),
    ).toBe('sent');
  });
});

describe('the jobs', () => {
  const context = () => ({
    id: 'test',
    attempt: 0,
    signal: new AbortController().signal,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  });

  it('run where the sending engine does: without it, this instance runs neither', () => {
    const jobs = appJobs(t.app.services);
    expect(t.app.services.sequencePlanner).toBeNull();
    expect(jobs['sends.deliver'].enabled).toBe(false);
    expect(jobs['sends.recover'].enabled).toBe(false);
  });

  it('sends.deliver defers a send with its next attempt added as a job in the same transaction', async () => {
    const jobs = appJobs({ ...t.app.services, sequencePlanner: deps().sequence });
    expect(jobs['sends.deliver']).toMatchObject({
      policy: 'stately',
      retry: { limit: 0 },
      expireInSeconds: DELIVER_EXPIRY_SECONDS,
      enabled: true,
    });
    const prospect = await newProspect();
    const send = await newSend(prospect.id, steps.first);
    // The server trusts no test certificate: the TLS handshake fails, an error that defers the send.
    await jobs['sends.deliver'].handler({ sendId: send.id }, context());
    const row = await sendRow(send.id);
    expect(row.state).toBe('deferred');
    expect(row.last_error).toMatch(/certificate/i);
    const queued = await t.app.services.jobs.list('sends.deliver', {
      payload: { sendId: send.id },
    });
    expect(queued).toHaveLength(1);
    expect(queued[0]?.state).toBe('created');
    const wait = (queued[0]?.startAfter.getTime() ?? 0) - Date.now();
    expect(wait).toBeGreaterThan(SEND_RETRY.baseSeconds * 1000 - 30_000);
    expect(wait).toBeLessThanOrEqual(SEND_RETRY.baseSeconds * 1000);
  });

  it('sends.recover makes the sends left sending unknown', async () => {
    const jobs = appJobs({ ...t.app.services, sequencePlanner: deps().sequence });
    const prospect = await newProspect();
    const stuck = await newSend(prospect.id, steps.first, {
      state: 'sending',
      sending_at: new Date(Date.now() - (DELIVER_EXPIRY_SECONDS + 5) * 1000),
    });
    await jobs['sends.recover'].handler({}, context());
    expect((await sendRow(stuck.id)).state).toBe('unknown');
  });
});

describe('sends whose instance stopped', () => {
  it('become unknown after the job’s expiry, never sent again, and the campaign counts them', async () => {
    const prospect = await newProspect();
    const stuck = await newSend(prospect.id, steps.first, {
      state: 'sending',
      sending_at: new Date(Date.now() - 600_000),
    });
    const other = await newProspect();
    const recent = await newSend(other.id, steps.first, {
      state: 'sending',
      sending_at: new Date(),
    });
    const advancedBefore = advanced.length;
    expect(await recoverSends(deps(), 180)).toBe(1);
    expect((await sendRow(stuck.id)).state).toBe('unknown');
    expect((await sendRow(recent.id)).state).toBe('sending');
    expect((await eventsOf(stuck.id)).map((e) => e.type)).toEqual(['outcome_unknown']);
    expect(advanced.slice(advancedBefore).map((a) => a.prospectId)).toEqual([prospect.id]);
    expect(await deliverSend(deps(), stuck.id)).toBe('not_taken');
    expect(await recoverSends(deps(), 180)).toBe(0);
    const counts = await sendsRepository(db).unknownCounts([campaignId]);
    expect(counts.get(campaignId)).toBeGreaterThanOrEqual(1);
  });
});
