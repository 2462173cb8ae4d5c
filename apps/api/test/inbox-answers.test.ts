import { randomBytes, randomUUID } from 'node:crypto';
import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index';
import { answerReferences, answerSubject, composeAnswer } from '../src/engine/answer';
import { addAnswers } from '../src/repositories/inbox';
import { expectContract, startTestApp, type TestApp } from './helpers';
import { headerOf, lastReceived } from './peers/received-mail';
import { peersMailHosts, startMailPeers, type MailPeers } from './peers/mail-peers';

/**
 * Answering a prospect's e-mail from the inbox (decision 0225), through the route and the engine's transport, to a
 * real SMTP server (smtp-server, ./peers/mail-peers.ts): the mailbox it leaves from, its threading headers, its
 * signature and quoted text, the history entry of a sent answer; each refusal with its code (mailbox invalid or
 * paused, refused by the server, credentials refused, silence), the text never stored on a failure, and a key that
 * never sends twice.
 */
const SENDER = { user: 'julien@sender.example', password: 'smtp-password-of-the-test' };
const OTHER = { user: 'julien.autre@sender.example', password: 'another-smtp-password' };

let peers: MailPeers;
let t: TestApp;
let db: Db;
let token: string;
let staffToken: string;
let contactedFrom: number;
let receivedBy: number;
let campaignId: number;
let stepIds: number[];

async function mailbox(user: { user: string; password: string }, name: string, signature = '') {
  const row = await db
    .insertInto('email_accounts')
    .values({
      user_id: t.facts.customerId,
      name,
      email: user.user,
      account_type: 'SMTP',
      is_valid: true,
      smtp_host: '127.0.0.1',
      smtp_port: peers.smtp.starttls,
      smtp_secure: false,
      imap_host: '127.0.0.1',
      imap_port: peers.imap.starttls,
      imap_secure: false,
      created_on: new Date(),
      signature,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('email_accounts')
    .set({
      password_enc: t.app.services.secretBox.encrypt(user.password, `email_account:${row.id}`),
    })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

let counter = 0;
/** A prospect contacted by the campaign from `contactedFrom`, who answered into `receivedBy`'s INBOX. */
async function answeredProspect(options: { withSend?: boolean; subject?: string | null } = {}) {
  counter += 1;
  const email = `claire.${counter}@recipient.example`;
  const prospect = await db
    .insertInto('prospects')
    .values({
      campaign_id: campaignId,
      user_id: t.facts.customerId,
      title: 'miss',
      first_name: 'Claire',
      last_name: 'Martin',
      company_name: 'Acme',
      email,
      prospecting_status: 'ongoing',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const first = `${randomBytes(8).toString('hex')}@sender.example`;
  const second = `${randomBytes(8).toString('hex')}@sender.example`;
  const sendIds: number[] = [];
  if (options.withSend !== false) {
    for (const [i, messageId] of [first, second].entries()) {
      const send = await db
        .insertInto('sends')
        .values({
          campaign_id: campaignId,
          step_id: stepIds[i] as number,
          prospect_id: prospect.id,
          email_account_id: contactedFrom,
          message_id: messageId,
          state: 'sent',
          due_at: new Date(Date.now() - (3 - i) * 86_400_000),
          sent_at: new Date(Date.now() - (3 - i) * 86_400_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      sendIds.push(Number(send.id));
    }
  }
  const replyId = `${randomBytes(8).toString('hex')}@recipient.example`;
  const [entryId] = await addAnswers(db, [
    {
      prospectId: prospect.id,
      userId: t.facts.customerId,
      content: 'Bonjour Julien,\n\nVolontiers, appelez-moi jeudi.\n\nClaire',
      channel: 'email',
      receivedAt: new Date('2026-11-26T09:15:00Z'),
      data: {
        source: 'mailbox',
        email_account_id: receivedBy,
        message_id: `<${replyId}>`,
        subject: options.subject === undefined ? 'Re: Bonjour Claire' : options.subject,
        from: email,
        references: options.withSend === false ? [] : [first, second],
      },
    },
  ]);
  if (options.withSend !== false)
    await db
      .insertInto('campaign_events')
      .values({
        campaign_id: campaignId,
        prospect_id: prospect.id,
        step_id: stepIds[1] as number,
        send_id: sendIds[1] as number,
        email_account_id: receivedBy,
        type: 'replied',
        data: JSON.stringify({ message_id: `<${replyId}>`, label: 'interested' }),
        occurred_at: new Date(),
      })
      .execute();
  return {
    prospectId: prospect.id,
    entryId: entryId as number,
    email,
    replyId,
    thread: [first, second],
  };
}

const answer = (
  entryId: number,
  body: Record<string, unknown>,
  options: { token?: string; userId?: number } = {},
) =>
  t.call(
    'POST',
    `/api/v1/users/${options.userId ?? t.facts.customerId}/inbox-messages/${entryId}/answers`,
    {
      token: options.token ?? token,
      body: { idempotency_key: randomUUID(), ...body },
    },
  );

const listVersion = async () => {
  const { rows } = await sql<{
    version: string | number;
  }>`select version from list_versions where user_id = ${t.facts.customerId}`.execute(db);
  return Number(rows[0]?.version ?? 0);
};

const inboxVersion = async () => {
  const { rows } = await sql<{
    version: string | number;
  }>`select version from inbox_versions where user_id = ${t.facts.customerId}`.execute(db);
  return Number(rows[0]?.version ?? 0);
};

const outboundEntries = (prospectId: number) =>
  db
    .selectFrom('history_entries')
    .select(['id', 'content', 'direction', 'type', 'data'])
    .where('prospect_id', '=', prospectId)
    .where('direction', '=', 'outbound')
    .execute();

beforeAll(async () => {
  peers = await startMailPeers([SENDER, OTHER]);
  t = await startTestApp({ mailHosts: peersMailHosts(peers) });
  t.app.services.userSmtp = { timeoutMs: 700, ca: peers.ca };
  t.app.services.mailWatchConnection = { timeoutMs: 2_000, ca: peers.ca };
  db = t.database.db;
  contactedFrom = await mailbox(
    SENDER,
    'Julien Moreau',
    'Julien Moreau\nProspecta — 079 000 00 00',
  );
  receivedBy = await mailbox(OTHER, 'Julien (boîte 2)');
  const campaign = await db
    .insertInto('campaigns')
    .values({
      user_id: t.facts.customerId,
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
  stepIds = [];
  for (const position of [1, 2]) {
    const step = await db
      .insertInto('campaign_steps')
      .values({
        campaign_id: campaignId,
        position,
        name: `Step ${position}`,
        workflow_step_type: 'email',
        subject: 'Bonjour {{first_name}}',
        body: 'Bonjour',
        new_thread: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    stepIds.push(step.id);
  }
  [token, staffToken] = await Promise.all([
    t.login('customer@example.com').then((s) => s.access),
    t.login('staff@example.com').then((s) => s.access),
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await peers?.close();
});

beforeEach(async () => {
  peers.smtpControl.behaviour = 'accept';
  await db
    .updateTable('email_accounts')
    .set({ is_valid: true, sending_paused_at: null, sending_paused_reason: null })
    .where('id', 'in', [contactedFrom, receivedBy])
    .execute();
});

describe('a sent answer', () => {
  it('leaves from the mailbox the prospect was contacted from, threaded, signed, with the mail quoted', async () => {
    const p = await answeredProspect();
    const before = await listVersion();
    const res = await answer(p.entryId, {
      body: 'Bonjour Claire,\r\n\r\nJeudi 10 h, parfait : https://www.example.com/agenda\r\n',
    });
    expect(res.statusCode, res.body).toBe(201);
    // The customer's lists moved (the prospect's last event): the live stream tells their other tabs to read again.
    expect(await listVersion()).toBeGreaterThan(before);

    const received = peers.smtpControl.received.at(-1);
    expect(received?.user).toBe(SENDER.user);
    expect(received?.rcptTo).toEqual([p.email]);
    const mail = await lastReceived(peers);
    expect(mail.subject).toBe('Re: Bonjour Claire');
    expect(headerOf(mail, 'in-reply-to')).toBe(`<${p.replyId}>`);
    expect(headerOf(mail, 'references').split(/\s+/)).toEqual([
      ...p.thread.map((id) => `<${id}>`),
      `<${p.replyId}>`,
    ]);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{32}@sender\.example>$/);
    expect(mail.html).toBe(false);
    expect(mail.text).toBe(
      [
        'Bonjour Claire,',
        '',
        'Jeudi 10 h, parfait : https://www.example.com/agenda',
        '',
        '-- ',
        'Julien Moreau',
        'Prospecta — 079 000 00 00',
        '',
        `Le 26 novembre 2026 à 10:15, Claire Martin <${p.email}> a écrit\u00a0:`,
        '> Bonjour Julien,',
        '>',
        '> Volontiers, appelez-moi jeudi.',
        '>',
        '> Claire',
        '',
      ].join('\n'),
    );

    const body = res.json() as {
      history_entry: { id: number; type: string; direction: string; content: string };
      email_account_id: number;
      from: string;
      to: string;
      subject: string;
    };
    expect(body).toMatchObject({
      email_account_id: contactedFrom,
      from: SENDER.user,
      to: p.email,
      subject: 'Re: Bonjour Claire',
      history_entry: {
        type: 'email',
        direction: 'outbound',
        content:
          'Bonjour Claire,\n\nJeudi 10 h, parfait : https://www.example.com/agenda\n\n-- \nJulien Moreau\nProspecta — 079 000 00 00',
      },
    });
    // In the prospect's history, newest first, as the pane shows it.
    const detail = await t.call('GET', `/api/v2/prospects/${p.prospectId}`, { token });
    const history = (detail.json() as { history: { id: number; direction?: string }[] }).history;
    expect(history[0]).toMatchObject({ id: body.history_entry.id, direction: 'outbound' });
    const stored = await db
      .selectFrom('inbox_answers')
      .select(['state', 'email_account_id', 'history_entry_id'])
      .where('reply_entry_id', '=', p.entryId)
      .execute();
    expect(stored).toEqual([
      { state: 'sent', email_account_id: contactedFrom, history_entry_id: body.history_entry.id },
    ]);
    // The answered mail is read.
    const read = await db
      .selectFrom('inbox_messages')
      .select('read_at')
      .where('history_entry_id', '=', p.entryId)
      .executeTakeFirstOrThrow();
    expect(read.read_at).not.toBeNull();
  });

  it('leaves from the chosen mailbox, with its own (empty) signature', async () => {
    const p = await answeredProspect();
    const res = await answer(p.entryId, { body: 'Merci !', email_account_id: receivedBy });
    expect(res.statusCode, res.body).toBe(201);
    expect(peers.smtpControl.received.at(-1)?.user).toBe(OTHER.user);
    const mail = await lastReceived(peers);
    expect(mail.text?.startsWith('Merci !\n\nLe 26 novembre 2026')).toBe(true);
    expect(mail.text).not.toContain('-- ');
  });

  it('leaves from the mailbox that received the mail when the prospect was never written to, English quote line', async () => {
    await db
      .updateTable('campaigns')
      .set({ language: 'en' })
      .where('id', '=', campaignId)
      .execute();
    try {
      const p = await answeredProspect({ withSend: false, subject: 'Your offer' });
      const res = await answer(p.entryId, { body: 'Thanks.' });
      expect(res.statusCode, res.body).toBe(201);
      expect(peers.smtpControl.received.at(-1)?.user).toBe(OTHER.user);
      const mail = await lastReceived(peers);
      expect(mail.subject).toBe('Re: Your offer');
      expect(headerOf(mail, 'references')).toBe(`<${p.replyId}>`);
      expect(mail.text).toContain(
        `On 26 November 2026 at 10:15, Claire Martin <${p.email}> wrote:\n> Bonjour Julien,`,
      );
    } finally {
      await db
        .updateTable('campaigns')
        .set({ language: 'fr' })
        .where('id', '=', campaignId)
        .execute();
    }
  });

  it('is sent once for one key: the same key answers the same entry without a second mail', async () => {
    const p = await answeredProspect();
    const key = randomUUID();
    const before = peers.smtpControl.received.length;
    const [a, b] = await Promise.all([
      answer(p.entryId, { body: 'Une fois.', idempotency_key: key }),
      answer(p.entryId, { body: 'Une fois.', idempotency_key: key }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort((x, y) => x - y);
    // The second either came after the first (200, the same entry) or found it still sending (409).
    expect(statuses).toEqual(statuses.includes(200) ? [200, 201] : [201, 409]);
    const again = await answer(p.entryId, { body: 'Une fois.', idempotency_key: key });
    expect(again.statusCode).toBe(200);
    expect(peers.smtpControl.received.length).toBe(before + 1);
    expect(await outboundEntries(p.prospectId)).toHaveLength(1);
    const sent = [a, b].find((r) => r.statusCode === 201);
    expect((again.json() as { history_entry: { id: number } }).history_entry.id).toBe(
      (sent?.json() as { history_entry: { id: number } }).history_entry.id,
    );
  });
});

describe('an answer not sent', () => {
  async function refused(
    setup: () => Promise<void> | void,
    body: Record<string, unknown>,
    status: number,
    code: string,
  ) {
    const p = await answeredProspect();
    await setup();
    const before = peers.smtpControl.received.length;
    const res = await answer(p.entryId, { body: 'Bonjour Claire.', ...body });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code });
    expect(await outboundEntries(p.prospectId)).toEqual([]);
    if (status !== 504) expect(peers.smtpControl.received.length).toBe(before);
    return p;
  }

  it('a chosen mailbox that is not valid: answer_mailbox_invalid', async () => {
    await refused(
      () =>
        db
          .updateTable('email_accounts')
          .set({ is_valid: false })
          .where('id', '=', receivedBy)
          .execute()
          .then(() => {}),
      { email_account_id: receivedBy },
      422,
      'answer_mailbox_invalid',
    );
  });

  it('both default mailboxes paused by the engine: answer_mailbox_paused', async () => {
    await refused(
      () =>
        db
          .updateTable('email_accounts')
          .set({ sending_paused_at: new Date(), sending_paused_reason: 'bounce_rate' })
          .where('id', 'in', [contactedFrom, receivedBy])
          .execute()
          .then(() => {}),
      {},
      422,
      'answer_mailbox_paused',
    );
  });

  it('the contacted mailbox paused: the one that received the mail sends it', async () => {
    const p = await answeredProspect();
    await db
      .updateTable('email_accounts')
      .set({ sending_paused_at: new Date(), sending_paused_reason: 'too_many_errors' })
      .where('id', '=', contactedFrom)
      .execute();
    const res = await answer(p.entryId, { body: 'Bonjour.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(peers.smtpControl.received.at(-1)?.user).toBe(OTHER.user);
  });

  it('another customer’s mailbox: answer_no_mailbox', async () => {
    const other = await db
      .insertInto('email_accounts')
      .values({
        user_id: t.facts.otherCustomerId,
        name: 'Autre',
        email: 'autre@other.example',
        account_type: 'SMTP',
        is_valid: true,
        created_on: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refused(() => {}, { email_account_id: other.id }, 422, 'answer_no_mailbox');
  });

  it('refused by the server (5xx and 4xx): answer_refused, and the next attempt goes', async () => {
    const p = await refused(
      () => {
        peers.smtpControl.behaviour = 'reply_5xx';
      },
      {},
      502,
      'answer_refused',
    );
    peers.smtpControl.behaviour = 'reply_4xx';
    const again = await answer(p.entryId, { body: 'Bonjour Claire.' });
    expect(again.json()).toMatchObject({ code: 'answer_refused' });
    peers.smtpControl.behaviour = 'accept';
    const third = await answer(p.entryId, { body: 'Bonjour Claire.' });
    expect(third.statusCode).toBe(201);
    const attempts = await db
      .selectFrom('inbox_answers')
      .select(['state', 'error_code'])
      .where('reply_entry_id', '=', p.entryId)
      .orderBy('id')
      .execute();
    expect(attempts).toEqual([
      { state: 'failed', error_code: 'answer_refused' },
      { state: 'failed', error_code: 'answer_refused' },
      { state: 'sent', error_code: null },
    ]);
  });

  it('credentials refused: answer_credentials_refused', async () => {
    await refused(
      () => {
        peers.smtpControl.behaviour = 'refuse_credentials';
      },
      {},
      502,
      'answer_credentials_refused',
    );
  });

  it('a silent server: answer_timeout, and the same key answers the same failure without trying again', async () => {
    const p = await answeredProspect();
    peers.smtpControl.behaviour = 'time_out';
    const key = randomUUID();
    const res = await answer(p.entryId, { body: 'Bonjour.', idempotency_key: key });
    expect(res.statusCode, res.body).toBe(504);
    expect(res.json()).toMatchObject({ code: 'answer_timeout' });
    peers.smtpControl.behaviour = 'accept';
    const before = peers.smtpControl.received.length;
    const again = await answer(p.entryId, { body: 'Bonjour.', idempotency_key: key });
    expect(again.statusCode).toBe(504);
    expect(peers.smtpControl.received.length).toBe(before);
  });

  it('a LinkedIn message is not answered by e-mail; staff and other customers cannot answer', async () => {
    const p = await answeredProspect();
    const [linkedin] = await addAnswers(db, [
      {
        prospectId: p.prospectId,
        userId: t.facts.customerId,
        content: 'Hello',
        channel: 'linkedin_message',
        receivedAt: new Date(),
      },
    ]);
    const res = await answer(linkedin as number, { body: 'Bonjour.' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'answer_not_email' });
    expect((await answer(p.entryId, { body: 'x' }, { token: staffToken })).statusCode).toBe(403);
    const other = await t.login('other.customer@example.com');
    expect(
      (
        await answer(
          p.entryId,
          { body: 'x' },
          { token: other.access, userId: t.facts.otherCustomerId },
        )
      ).statusCode,
    ).toBe(404);
    expect((await answer(p.entryId, { body: '   ' })).statusCode).toBe(400);
  });
});

describe('the answered mark', () => {
  it('shows on the inbox item once answered, with when, and changes the inbox version the live events follow', async () => {
    const p = await answeredProspect();
    const itemOf = async () => {
      const res = await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
        token,
      });
      expectContract('getInboxMessages', res, 200);
      return (res.json() as { items: { id: number; answered_at: string | null }[] }).items.find(
        (item) => item.id === p.entryId,
      );
    };
    expect((await itemOf())?.answered_at).toBeNull();
    // Read first: the answer changes nothing else of the message, yet the other tabs must hear of it.
    await t.call('POST', `/api/v1/users/${t.facts.customerId}/inbox-messages/${p.entryId}/read`, {
      token,
    });
    const before = await inboxVersion();
    const res = await answer(p.entryId, { body: 'Avec plaisir.' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json() as { history_entry: { event_date: string } };
    expect((await itemOf())?.answered_at).toBe(sent.history_entry.event_date);
    expect(await inboxVersion()).toBeGreaterThan(before);

    // The prospect writes again: its new answer is the item, not answered.
    const [next] = await addAnswers(db, [
      {
        prospectId: p.prospectId,
        userId: t.facts.customerId,
        content: 'Parfait, à jeudi.',
        channel: 'email',
        receivedAt: new Date(),
      },
    ]);
    const item = await itemOf();
    expect(item).toBeUndefined();
    const res2 = await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
      token,
    });
    const newest = (res2.json() as { items: { id: number; answered_at: string | null }[] }).items;
    expect(newest.find((i) => i.id === next)).toMatchObject({ answered_at: null });
  });
});

/** The messages of a folder of SENDER's mailbox, with their flags and Message-ID. */
async function folder(path: string) {
  const client = imapClient();
  await client.connect();
  const lock = await client.getMailboxLock(path);
  try {
    const found: { flags: string[]; messageId: string | undefined; source: string }[] = [];
    for await (const m of client.fetch('1:*', { flags: true, envelope: true, source: true }))
      found.push({
        flags: [...(m.flags ?? [])],
        messageId: m.envelope?.messageId,
        source: m.source?.toString('utf8') ?? '',
      });
    return found;
  } finally {
    lock.release();
    await client.logout();
  }
}
const imapClient = () =>
  new ImapFlow({
    host: '127.0.0.1',
    port: peers.imap.implicit,
    secure: true,
    auth: { user: SENDER.user, pass: SENDER.password },
    logger: false,
    tls: { ca: peers.ca },
  });
const copyState = () =>
  db
    .selectFrom('email_accounts')
    .select(['sent_copy_error', 'sent_copy_failed_at'])
    .where('id', '=', contactedFrom)
    .executeTakeFirstOrThrow();

describe('the copy in the Sent folder', () => {
  it('without a Sent folder: the answer is sent, the mailbox says why it has no copy', async () => {
    const p = await answeredProspect();
    const res = await answer(p.entryId, { body: 'Bien reçu.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await copyState()).toMatchObject({ sent_copy_error: 'no_sent_folder' });
    // Staff see it where the mailbox's other problems show.
    const accounts = await t.call(
      'GET',
      `/api/v2/integrations/email?user_id=${t.facts.customerId}`,
      { token: staffToken },
    );
    expectContract('listEmailAccounts', accounts, 200);
    const listed = (
      accounts.json() as {
        email_accounts_list: {
          id: number;
          sent_copy_error: string | null;
          sent_copy_failed_at: string | null;
        }[];
      }
    ).email_accounts_list.find((a) => a.id === contactedFrom);
    expect(listed?.sent_copy_error).toBe('no_sent_folder');
    expect(listed?.sent_copy_failed_at).not.toBeNull();
  });

  it('finds the Sent folder by its usual name, appends the mail as sent, read, and clears the failure', async () => {
    const client = imapClient();
    await client.connect();
    await client.mailboxCreate('Sent');
    await client.logout();
    const p = await answeredProspect();
    const res = await answer(p.entryId, { body: 'Merci pour votre retour.' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastReceived(peers);
    const copies = await folder('Sent');
    expect(copies).toHaveLength(1);
    expect(copies[0]?.messageId).toBe(mail.messageId);
    expect(copies[0]?.flags).toContain('\\Seen');
    expect(copies[0]?.source).toContain('In-Reply-To: <' + p.replyId + '>');
    expect(copies[0]?.source).toContain('Merci pour votre retour.');
    expect(await copyState()).toEqual({ sent_copy_error: null, sent_copy_failed_at: null });
  });

  it('prefers the folder the server marks \\Sent (SPECIAL-USE) to one named Sent', async () => {
    const client = imapClient();
    await client.connect();
    await client.mailboxCreate('Copies');
    await client.logout();
    const p = await answeredProspect();
    const res = await answer(p.entryId, { body: 'À jeudi.' });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await lastReceived(peers);
    expect((await folder('Copies')).map((m) => m.messageId)).toEqual([mail.messageId]);
    expect(await folder('Sent')).toHaveLength(1);
  });

  it('an IMAP server that cannot be reached: the answer is sent all the same, the failure recorded', async () => {
    await db
      .updateTable('email_accounts')
      .set({ imap_port: peers.closedPort })
      .where('id', '=', contactedFrom)
      .execute();
    try {
      const p = await answeredProspect();
      const res = await answer(p.entryId, { body: 'Je vous rappelle.' });
      expect(res.statusCode, res.body).toBe(201);
      expect(await copyState()).toMatchObject({ sent_copy_error: 'mailbox_unreachable' });
      expect(await outboundEntries(p.prospectId)).toHaveLength(1);
    } finally {
      await db
        .updateTable('email_accounts')
        .set({ imap_port: peers.imap.starttls })
        .where('id', '=', contactedFrom)
        .execute();
    }
  });
});

describe('composing an answer', () => {
  it('says Re: once and keeps the thread’s first and last Message-IDs', () => {
    expect(answerSubject('Bonjour')).toBe('Re: Bonjour');
    expect(answerSubject('RE: Bonjour')).toBe('RE: Bonjour');
    expect(answerSubject(null)).toBe('Re:');
    const ids = Array.from({ length: 30 }, (_, i) => `${i}@x.example`);
    const refs = answerReferences(ids, 'last@x.example');
    expect(refs).toHaveLength(20);
    expect(refs[0]).toBe('0@x.example');
    expect(refs.at(-1)).toBe('last@x.example');
    expect(answerReferences(['uid:1:2', 'a@b'], null)).toEqual(['a@b']);
  });

  it('leaves the signature out when there is none and quotes nothing when the mail had no text', () => {
    const mail = composeAnswer({
      messageId: 'm@x.example',
      mailbox: { name: 'J', email: 'j@x.example', signature: '  ' },
      to: { name: '', address: 'c@y.example' },
      body: 'Oui.',
      reply: {
        messageId: null,
        references: [],
        subject: 'Question',
        text: '',
        from: { name: '', address: 'c@y.example' },
        receivedAt: new Date(),
      },
      language: 'en',
    });
    expect(mail.text).toBe('Oui.\n');
    expect(mail.inReplyTo).toBeNull();
    expect(mail.references).toEqual([]);
  });
});
