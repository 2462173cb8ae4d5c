import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index';
import { liveMailChecker } from '../src/integrations/mail-check';
import { pollMailbox, type MailboxWatchDeps } from '../src/integrations/mailbox-watch';
import { campaignEventsRepository } from '../src/repositories/campaign-events';
import { startTestApp, type TestApp } from './helpers';
import { peersMailHosts, startMailPeers, type MailPeers } from './peers/mail-peers';

/**
 * The mailbox watch feeding the sending engine, against a real Dovecot: replies threaded to the engine's sends (by
 * In-Reply-To, by References) or matched by their sender become answers AND 'replied' events (the sequence stops, the
 * queued next step is cancelled, the answered figures move); delivery status notifications become bounces (the
 * sequence stops, the address is suppressed, the mailbox's bounce rate may pause it), a delay is ignored; an
 * out-of-office answer changes nothing. The sends and sequences are written directly, as the engine would.
 */
const MAILBOX = { user: 'claire.engine@moreau-solutions-rh.fr', password: 'engine-password' };
const DOMAIN = 'send.prospecta.test';
let t: TestApp;
let db: Db;
let peers: MailPeers;
let accountId: number;
let campaignId: number;
let stepIds: number[];
let deps: MailboxWatchDeps;

async function deliver(raw: string): Promise<void> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: peers.imap.implicit,
    secure: true,
    auth: { user: MAILBOX.user, pass: MAILBOX.password },
    logger: false,
    tls: { ca: peers.ca },
  });
  await client.connect();
  await client.append('INBOX', raw);
  await client.logout();
}

/** A plain text mail with the given extra header fields. */
function mail(
  from: string,
  messageId: string,
  subject: string,
  body: string,
  extra: string[] = [],
): string {
  return [
    `From: ${from}`,
    `To: ${MAILBOX.user}`,
    `Subject: ${subject}`,
    `Message-ID: <${messageId}>`,
    'Date: Thu, 26 Nov 2026 10:02:00 +0100',
    ...extra,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
}

/**
 * A delivery status notification as Postfix writes it (RFC 3464): a human part, the machine-readable status, and the
 * returned message (its whole copy, or only its headers).
 */
function dsn(options: {
  id: string;
  recipient: string;
  action: 'failed' | 'delayed';
  status: string;
  diagnostic: string;
  original: { messageId: string | null; whole: boolean };
}): string {
  const { id, recipient, action, status, diagnostic, original } = options;
  const originalHeaders = [
    `From: Claire Moreau <${MAILBOX.user}>`,
    `To: ${recipient}`,
    'Subject: Votre recrutement 2027',
    ...(original.messageId ? [`Message-ID: <${original.messageId}>`] : []),
    'Date: Wed, 25 Nov 2026 09:00:00 +0100',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return [
    'From: MAILER-DAEMON@mx.moreau-solutions-rh.fr (Mail Delivery System)',
    `To: ${MAILBOX.user}`,
    `Subject: ${action === 'failed' ? 'Undelivered Mail Returned to Sender' : 'Delayed Mail (still being retried)'}`,
    `Message-ID: <${id}>`,
    'Date: Thu, 26 Nov 2026 10:05:00 +0100',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status;',
    '\tboundary="8F2C01A0B4.1764147900/mx.moreau-solutions-rh.fr"',
    'Content-Transfer-Encoding: 7bit',
    '',
    'This is a MIME-encapsulated message.',
    '',
    '--8F2C01A0B4.1764147900/mx.moreau-solutions-rh.fr',
    'Content-Description: Notification',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.moreau-solutions-rh.fr.',
    '',
    action === 'failed'
      ? "I'm sorry to have to inform you that your message could not be delivered to one or more recipients."
      : 'Your message could not be delivered for 4.0 hours. It will be retried until it is 5.0 days old.',
    '',
    `<${recipient}>: ${diagnostic}`,
    '',
    '--8F2C01A0B4.1764147900/mx.moreau-solutions-rh.fr',
    'Content-Description: Delivery report',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.moreau-solutions-rh.fr',
    'X-Postfix-Queue-ID: 8F2C01A0B4',
    `X-Postfix-Sender: rfc822; ${MAILBOX.user}`,
    'Arrival-Date: Wed, 25 Nov 2026 09:00:01 +0100 (CET)',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Remote-MTA: dns; mx.${recipient.split('@')[1]}`,
    `Diagnostic-Code: smtp; ${diagnostic.slice(0, 40)}`,
    `    ${diagnostic.slice(40)}`,
    '',
    '--8F2C01A0B4.1764147900/mx.moreau-solutions-rh.fr',
    `Content-Description: ${original.whole ? 'Undelivered Message' : 'Undelivered Message Headers'}`,
    `Content-Type: ${original.whole ? 'message/rfc822' : 'text/rfc822-headers'}`,
    '',
    ...originalHeaders,
    ...(original.whole ? ['', 'Bonjour, …'] : []),
    '',
    '--8F2C01A0B4.1764147900/mx.moreau-solutions-rh.fr--',
    '',
  ].join('\r\n');
}

async function account() {
  return db
    .selectFrom('email_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
}

interface Planned {
  id: number;
  email: string;
  /** The Message-IDs of its sent steps, by position (without angle brackets). */
  sent: string[];
  sendIds: number[];
}

/**
 * A prospect of the campaign with `sentSteps` steps sent from the mailbox (a day apart) and, when the campaign has
 * one more, that next step queued (scheduled in a day), as the planner leaves it.
 */
async function planned(name: string, sentSteps = 1): Promise<Planned> {
  const email = `${name}@prospect-engine.example`;
  const prospect = await db
    .insertInto('prospects')
    .values({
      campaign_id: campaignId,
      user_id: t.facts.customerId,
      title: 'undefined',
      first_name: name,
      last_name: 'Engine',
      company_name: 'Engine SA',
      email,
      prospecting_status: 'ongoing',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const sent: string[] = [];
  const sendIds: number[] = [];
  for (let i = 0; i < sentSteps; i += 1) {
    const messageId = `${name}.${i + 1}.${prospect.id}@${DOMAIN}`;
    const sentAt = new Date(now - (sentSteps - i) * 86_400_000);
    const row = await db
      .insertInto('sends')
      .values({
        campaign_id: campaignId,
        step_id: stepIds[i]!,
        prospect_id: prospect.id,
        email_account_id: accountId,
        message_id: messageId,
        state: 'sent',
        due_at: sentAt,
        sending_at: sentAt,
        sent_at: sentAt,
        attempts: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sent.push(messageId);
    sendIds.push(Number(row.id));
    await campaignEventsRepository(db).record([
      {
        type: 'sent',
        campaignId,
        prospectId: prospect.id,
        stepId: stepIds[i]!,
        sendId: Number(row.id),
        emailAccountId: accountId,
        at: sentAt,
      },
    ]);
  }
  const next = stepIds[sentSteps];
  const dueAt = new Date(now + 86_400_000);
  if (next !== undefined) {
    await db
      .insertInto('sends')
      .values({
        campaign_id: campaignId,
        step_id: next,
        prospect_id: prospect.id,
        email_account_id: accountId,
        message_id: `${name}.${sentSteps + 1}.${prospect.id}@${DOMAIN}`,
        state: 'scheduled',
        due_at: dueAt,
      })
      .execute();
  }
  await db
    .insertInto('prospect_sequences')
    .values({
      prospect_id: prospect.id,
      campaign_id: campaignId,
      next_position: next === undefined ? null : sentSteps + 1,
      next_due_at: next === undefined ? null : dueAt,
      thread_message_id: sent[0] ?? null,
    })
    .execute();
  return { id: prospect.id, email, sent, sendIds };
}

const figures = () =>
  db
    .selectFrom('campaigns')
    .select(['contacted', 'contacts_answered'])
    .where('id', '=', campaignId)
    .executeTakeFirstOrThrow();
const stepAnswered = async (stepId: number) =>
  (
    await db
      .selectFrom('campaign_steps')
      .select('contacts_answered')
      .where('id', '=', stepId)
      .executeTakeFirstOrThrow()
  ).contacts_answered;

const eventsOf = (prospectId: number) =>
  db
    .selectFrom('campaign_events')
    .select(['type', 'step_id', 'send_id', 'email_account_id', 'data'])
    .where('prospect_id', '=', prospectId)
    .where('type', '!=', 'sent')
    .orderBy('id')
    .execute();
const sequenceOf = (prospectId: number) =>
  db
    .selectFrom('prospect_sequences')
    .select(['stopped_reason', 'next_due_at'])
    .where('prospect_id', '=', prospectId)
    .executeTakeFirstOrThrow();
const sendStates = async (prospectId: number) =>
  (
    await db
      .selectFrom('sends')
      .innerJoin('campaign_steps', 'campaign_steps.id', 'sends.step_id')
      .select('sends.state')
      .where('sends.prospect_id', '=', prospectId)
      .orderBy('campaign_steps.position')
      .execute()
  ).map((s) => s.state);
const answersOf = (prospectId: number) =>
  db
    .selectFrom('history_entries')
    .innerJoin('inbox_messages', 'inbox_messages.history_entry_id', 'history_entries.id')
    .select(['history_entries.content', 'inbox_messages.read_at'])
    .where('history_entries.prospect_id', '=', prospectId)
    .where('history_entries.direction', '=', 'inbound')
    .execute();
const suppressed = (email: string) =>
  db
    .selectFrom('suppressions')
    .select('reason')
    .where('user_id', '=', t.facts.customerId)
    .where('email', '=', email)
    .execute();

let byInReplyTo: Planned;
let byReferences: Planned;
let bySender: Planned;
let bounced: Planned;
let bouncedByRecipient: Planned;
let delayed: Planned;
let away: Planned;

beforeAll(async () => {
  peers = await startMailPeers([MAILBOX]);
  t = await startTestApp(
    { mailHosts: peersMailHosts(peers) },
    liveMailChecker({ timeoutMs: 2_000, ca: peers.ca }),
  );
  db = t.database.db;
  const customer = (await t.login('customer@example.com')).access;
  const created = await t.call('POST', '/api/v2/integrations/email/smtp', {
    token: customer,
    body: {
      email: MAILBOX.user,
      password: MAILBOX.password,
      smtp_host: '127.0.0.1',
      smtp_port: peers.smtp.implicit,
      smtp_secure: 'ssl',
      imap_host: '127.0.0.1',
      imap_port: peers.imap.implicit,
      imap_secure: 'ssl',
      provider: 'other',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  accountId = created.json().email_account.id;
  // A campaign of the customer with at least three steps, stopping on replies; its figures from the events on.
  const campaign = await db
    .selectFrom('campaigns')
    .innerJoin('campaign_steps', 'campaign_steps.campaign_id', 'campaigns.id')
    .select('campaigns.id')
    .where('campaigns.user_id', '=', t.facts.customerId)
    .groupBy('campaigns.id')
    .having(sql`count(*)`, '>=', 3)
    .orderBy('campaigns.id')
    .executeTakeFirstOrThrow();
  campaignId = campaign.id;
  await db
    .updateTable('campaigns')
    .set({ stop_on_reply: true })
    .where('id', '=', campaignId)
    .execute();
  stepIds = (
    await db
      .selectFrom('campaign_steps')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .orderBy('position')
      .execute()
  ).map((s) => s.id);
  await campaignEventsRepository(db).recount(campaignId);
  deps = { db, secretBox: t.app.services.secretBox, mailHosts: t.app.services.mailHosts };

  byInReplyTo = await planned('irt');
  byReferences = await planned('refs', 2);
  bySender = await planned('sender', 2);
  bounced = await planned('bounced');
  bouncedByRecipient = await planned('recipient');
  delayed = await planned('delayed');
  away = await planned('away');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peers?.close();
});

describe('the mailbox watch and the sending engine', () => {
  it('matches replies by In-Reply-To, by References, else by sender; records each as an answer and a reply that stops the sequence and cancels the queued step', async () => {
    const before = await figures();
    const step1Before = await stepAnswered(stepIds[0]!);
    const step2Before = await stepAnswered(stepIds[1]!);
    // Answered by an assistant from another address: the thread says whose reply it is.
    await deliver(
      mail(
        'assistante@prospect-engine.example',
        'reply-irt@prospect-engine.example',
        'Re: Votre recrutement 2027',
        'Bonjour, M. Irt est absent, il vous rappellera lundi.',
        [`In-Reply-To: <${byInReplyTo.sent[0]}>`],
      ),
    );
    // Only References, ours between others (a forwarded thread).
    await deliver(
      mail(
        'refs.other@elsewhere.example',
        'reply-refs@prospect-engine.example',
        'Re: Re: Votre recrutement 2027',
        'Transmis à notre DRH, qui vous répond.',
        [
          `References: <start@elsewhere.example> <${byReferences.sent[1]}>`,
          '  <forward@elsewhere.example>',
        ],
      ),
    );
    // No thread at all: the sender's address.
    await deliver(
      mail(
        bySender.email.toUpperCase(),
        'reply-sender@prospect-engine.example',
        'Une question',
        'Quel est votre tarif pour 50 salariés ?',
      ),
    );

    const result = await pollMailbox(deps, await account(), { ca: peers.ca, timeoutMs: 5_000 });
    expect(result).toEqual({ accountId, imported: 3, skipped: 0 });

    expect(await eventsOf(byInReplyTo.id)).toEqual([
      {
        type: 'replied',
        step_id: stepIds[0],
        send_id: expect.anything(),
        email_account_id: accountId,
        data: { message_id: '<reply-irt@prospect-engine.example>', label: expect.any(String) },
      },
    ]);
    const [irt] = await eventsOf(byInReplyTo.id);
    expect(Number(irt!.send_id)).toBe(byInReplyTo.sendIds[0]);
    const [refs] = await eventsOf(byReferences.id);
    expect(refs).toMatchObject({ type: 'replied', step_id: stepIds[1] });
    expect(Number(refs!.send_id)).toBe(byReferences.sendIds[1]);
    // By sender: the last step sent to the prospect.
    const [sender] = await eventsOf(bySender.id);
    expect(sender).toMatchObject({ type: 'replied', step_id: stepIds[1] });
    expect(Number(sender!.send_id)).toBe(bySender.sendIds[1]);

    for (const p of [byInReplyTo, byReferences, bySender]) {
      expect(await sequenceOf(p.id)).toEqual({ stopped_reason: 'replied', next_due_at: null });
      // The queued next step will not go.
      expect((await sendStates(p.id)).at(-1)).toBe('cancelled');
      // Still an unread answer in the inbox.
      expect(await answersOf(p.id)).toEqual([{ content: expect.any(String), read_at: null }]);
    }
    expect(await sendStates(byInReplyTo.id)).toEqual(['sent', 'cancelled']);
    expect((await answersOf(byInReplyTo.id))[0]!.content).toBe(
      'Bonjour, M. Irt est absent, il vous rappellera lundi.',
    );
    const after = await figures();
    expect(after.contacts_answered - before.contacts_answered).toBe(3);
    expect((await stepAnswered(stepIds[0]!)) - step1Before).toBe(1);
    expect((await stepAnswered(stepIds[1]!)) - step2Before).toBe(2);
  });

  it('records a delivery status notification as a bounce of its send (by Message-ID, else by recipient), never as an answer; ignores a delay and the bounce of a mail not ours', async () => {
    const answeredBefore = (await figures()).contacts_answered;
    await deliver(
      dsn({
        id: 'dsn-1@mx.moreau-solutions-rh.fr',
        recipient: bounced.email,
        action: 'failed',
        status: '5.1.1',
        diagnostic: `550 5.1.1 <${bounced.email}>: Recipient address rejected: User unknown in virtual mailbox table`,
        original: { messageId: bounced.sent[0]!, whole: true },
      }),
    );
    // Only the headers came back, without a Message-ID: the recipient among the mailbox's recent sends.
    await deliver(
      dsn({
        id: 'dsn-2@mx.moreau-solutions-rh.fr',
        recipient: bouncedByRecipient.email,
        action: 'failed',
        status: '5.2.1',
        diagnostic: '550 5.2.1 The email account that you tried to reach is disabled.',
        original: { messageId: null, whole: false },
      }),
    );
    await deliver(
      dsn({
        id: 'dsn-3@mx.moreau-solutions-rh.fr',
        recipient: delayed.email,
        action: 'delayed',
        status: '4.4.1',
        diagnostic: '421 4.4.1 Connection timed out while talking to the recipient server.',
        original: { messageId: delayed.sent[0]!, whole: false },
      }),
    );

    // The user's own mail to the same address bounced: not a campaign's bounce.
    await deliver(
      dsn({
        id: 'dsn-5@mx.moreau-solutions-rh.fr',
        recipient: delayed.email,
        action: 'failed',
        status: '5.7.1',
        diagnostic: '550 5.7.1 Message rejected by the recipient’s policy.',
        original: { messageId: 'personal-1@moreau-solutions-rh.fr', whole: true },
      }),
    );

    const result = await pollMailbox(deps, await account(), { ca: peers.ca, timeoutMs: 5_000 });
    expect(result).toEqual({ accountId, imported: 0, skipped: 4 });

    const [first] = await eventsOf(bounced.id);
    expect(first).toMatchObject({
      type: 'bounced',
      step_id: stepIds[0],
      email_account_id: accountId,
      data: {
        message_id: '<dsn-1@mx.moreau-solutions-rh.fr>',
        recipient: bounced.email,
        action: 'failed',
        status: '5.1.1',
      },
    });
    expect(Number(first!.send_id)).toBe(bounced.sendIds[0]);
    const [second] = await eventsOf(bouncedByRecipient.id);
    expect(second).toMatchObject({ type: 'bounced', data: { status: '5.2.1' } });
    expect(Number(second!.send_id)).toBe(bouncedByRecipient.sendIds[0]);

    for (const p of [bounced, bouncedByRecipient]) {
      expect(await sequenceOf(p.id)).toEqual({ stopped_reason: 'bounced', next_due_at: null });
      expect(await sendStates(p.id)).toEqual(['sent', 'cancelled']);
      expect(await suppressed(p.email)).toEqual([{ reason: 'bounced' }]);
      // Not an answer.
      expect(await answersOf(p.id)).toEqual([]);
      // The history shows the bounce of e-mail 1.
      const history = await db
        .selectFrom('history_entries')
        .select(['type', 'data'])
        .where('prospect_id', '=', p.id)
        .where('type', '=', 'event')
        .execute();
      expect(history).toEqual([
        { type: 'event', data: expect.objectContaining({ event: 'email_bounced', step: 1 }) },
      ]);
    }
    // The delay and the user's own bounce change nothing.
    expect(await eventsOf(delayed.id)).toEqual([]);
    expect(await sequenceOf(delayed.id)).toMatchObject({ stopped_reason: null });
    expect(await sendStates(delayed.id)).toEqual(['sent', 'scheduled']);
    expect(await suppressed(delayed.email)).toEqual([]);
    expect((await figures()).contacts_answered).toBe(answeredBefore);
    // Two bounces among the mailbox's sends: below the limit, it still sends.
    expect(await account()).toMatchObject({ sending_paused_at: null, sending_paused_reason: null });
  });

  it('shows an out-of-office answer labelled, but records no reply: the prospect has not answered, the sequence goes on from the return date it states', async () => {
    await deliver(
      mail(
        away.email,
        'ooo-1@prospect-engine.example',
        'Réponse automatique : Votre recrutement 2027',
        'Je suis absent jusqu’au 7 décembre.',
        [`In-Reply-To: <${away.sent[0]}>`, 'Auto-Submitted: auto-replied', 'X-Autoreply: yes'],
      ),
    );
    // Recognised by its subject alone too.
    await deliver(
      mail(
        away.email,
        'ooo-2@prospect-engine.example',
        'Out of Office: Votre recrutement 2027',
        'I am out of the office until 7 December.',
        [`In-Reply-To: <${away.sent[0]}>`],
      ),
    );
    expect(await pollMailbox(deps, await account(), { ca: peers.ca })).toEqual({
      accountId,
      imported: 2,
      skipped: 0,
    });
    expect(await eventsOf(away.id)).toEqual([]);
    expect(await sequenceOf(away.id)).toMatchObject({ stopped_reason: null });
    expect(await sendStates(away.id)).toEqual(['sent', 'scheduled']);
    // In the inbox, unread, labelled: the automatic-replies filter lists them; they count nowhere else.
    const answers = await db
      .selectFrom('inbox_messages')
      .select(['label', 'read_at', 'label_set_at'])
      .where('prospect_id', '=', away.id)
      .execute();
    expect(answers).toEqual([
      { label: 'auto_reply', read_at: null, label_set_at: null },
      { label: 'auto_reply', read_at: null, label_set_at: null },
    ]);
    const prospect = await db
      .selectFrom('prospects')
      .select('has_responses')
      .where('id', '=', away.id)
      .executeTakeFirstOrThrow();
    expect(prospect.has_responses).toBe(false);
    // Away until 7 December (the mail is of 26 November 2026): the queued step waits for the 8th, midnight in the
    // campaign's zone (Europe/Zurich, UTC+1 in winter).
    const queued = await db
      .selectFrom('sends')
      .select('due_at')
      .where('prospect_id', '=', away.id)
      .where('state', '=', 'scheduled')
      .executeTakeFirstOrThrow();
    expect(new Date(queued.due_at).toISOString()).toBe('2026-12-07T23:00:00.000Z');
  });

  it('labels each reply and honours an unsubscribe request written in words as the link is', async () => {
    const asker = await planned('asker');
    const keen = await planned('keen');
    await deliver(
      mail(
        asker.email,
        'unsubscribe-words@prospect-engine.example',
        'Re: Votre recrutement 2027',
        'Merci de me retirer de votre liste, je ne souhaite plus recevoir vos e-mails.',
        [`In-Reply-To: <${asker.sent[0]}>`],
      ),
    );
    await deliver(
      mail(
        keen.email,
        'keen@prospect-engine.example',
        'Re: Votre recrutement 2027',
        'Volontiers, pouvons-nous prévoir un appel mardi prochain à 10 h ?',
        [`In-Reply-To: <${keen.sent[0]}>`],
      ),
    );
    expect(await pollMailbox(deps, await account(), { ca: peers.ca })).toEqual({
      accountId,
      imported: 2,
      skipped: 0,
    });
    expect((await eventsOf(asker.id)).map((e) => e.type)).toEqual(['replied', 'unsubscribed']);
    expect(await sequenceOf(asker.id)).toMatchObject({ stopped_reason: 'replied' });
    const suppressed = await db
      .selectFrom('suppressions')
      .select(['reason', 'reply_entry_id'])
      .where('user_id', '=', t.facts.customerId)
      .where('email', '=', asker.email)
      .executeTakeFirst();
    // The suppression names the answer whose label made it: another label lifts it (decision 0250).
    const askerAnswer = await db
      .selectFrom('history_entries')
      .select('id')
      .where('prospect_id', '=', asker.id)
      .where('direction', '=', 'inbound')
      .executeTakeFirstOrThrow();
    expect(suppressed).toEqual({ reason: 'unsubscribed', reply_entry_id: askerAnswer.id });
    const labels = await db
      .selectFrom('history_entries')
      .select(['prospect_id', sql<string>`data->>'label'`.as('label')])
      .where('prospect_id', 'in', [asker.id, keen.id])
      .where('direction', '=', 'inbound')
      .orderBy('prospect_id')
      .execute();
    expect(labels).toEqual([
      { prospect_id: asker.id, label: 'unsubscribe' },
      { prospect_id: keen.id, label: 'meeting_requested' },
    ]);
    expect((await eventsOf(keen.id)).map((e) => e.type)).toEqual(['replied']);
  });

  it('records nothing twice when the mailbox is read again from the start', async () => {
    const count = async () =>
      (
        await db
          .selectFrom('campaign_events')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('email_account_id', '=', accountId)
          .where('type', 'in', ['replied', 'bounced'])
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    // Three replies and two bounces, then the labelled unsubscribe request and the meeting request.
    expect(before).toBe(7);
    await db
      .updateTable('email_accounts')
      .set({ imap_uidvalidity: 'renumbered', imap_last_uid: 0 })
      .where('id', '=', accountId)
      .execute();
    expect(await pollMailbox(deps, await account(), { ca: peers.ca })).toMatchObject({
      imported: 0,
    });
    expect(await count()).toBe(before);
  });

  it('pauses the mailbox for the campaigns when its bounces exceed 5 of its last 100 sends', async () => {
    // Three more bounces among the mailbox's sends (recorded at send time): five in all, at the limit.
    for (const name of ['gone.a', 'gone.b', 'gone.c']) {
      const p = await planned(name);
      await campaignEventsRepository(db).record([
        {
          type: 'bounced',
          campaignId,
          prospectId: p.id,
          stepId: stepIds[0]!,
          sendId: p.sendIds[0]!,
          emailAccountId: accountId,
        },
      ]);
    }
    const sixth = await planned('gone.d');
    await deliver(
      dsn({
        id: 'dsn-4@mx.moreau-solutions-rh.fr',
        recipient: sixth.email,
        action: 'failed',
        status: '5.1.10',
        diagnostic:
          '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
        original: { messageId: sixth.sent[0]!, whole: false },
      }),
    );
    expect(await account()).toMatchObject({ sending_paused_at: null });
    expect(await pollMailbox(deps, await account(), { ca: peers.ca })).toMatchObject({
      imported: 0,
      skipped: 1,
    });
    expect(await eventsOf(sixth.id)).toEqual([
      expect.objectContaining({
        type: 'bounced',
        data: expect.objectContaining({ status: '5.1.10' }),
      }),
    ]);
    const paused = await account();
    expect(paused.sending_paused_reason).toBe('bounce_rate');
    expect(paused.sending_paused_at).toBeInstanceOf(Date);
  });
});
