import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_LABELS } from '@prospecta/domain';
import { liveMailChecker } from '../src/integrations/mail-check';
import {
  dueAccounts,
  pollMailbox,
  readMailbox,
  watchedAccounts,
  type MailboxWatchDeps,
} from '../src/integrations/mailbox-watch';
import { expectContract, startTestApp, type TestApp } from './helpers';
import { peersMailHosts, startMailPeers, type MailPeers } from './peers/mail-peers';

/**
 * The mailbox watch against a real Dovecot: mails are delivered into the user's INBOX over IMAP (APPEND),
 * then read by the watch as the server would.
 */
const MAILBOX = { user: 'julien.watch@moreau-solutions-rh.fr', password: 'mailbox-password' };
let t: TestApp;
let peers: MailPeers;
let customer: string;
let accountId: number;
let prospect: { id: number; email: string };
let deps: MailboxWatchDeps;
const imported: number[] = [];
/** The `reply.received` webhook events' data the watch handed over. */
const replies: { userId: number; data: Record<string, unknown> }[] = [];

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

/** The INBOX's messages with their flags, as the user's own mail client would see them. */
async function inboxFlags(): Promise<string[][]> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: peers.imap.implicit,
    secure: true,
    auth: { user: MAILBOX.user, pass: MAILBOX.password },
    logger: false,
    tls: { ca: peers.ca },
  });
  await client.connect();
  const lock = await client.getMailboxLock('INBOX', { readOnly: true });
  const flags: string[][] = [];
  try {
    for await (const message of client.fetch('1:*', { flags: true }))
      flags.push([...(message.flags ?? [])]);
  } finally {
    lock.release();
  }
  await client.logout();
  return flags;
}

function mail(
  from: string,
  messageId: string,
  subject: string,
  body: string,
  html?: string,
): string {
  const headers = [
    `From: ${from}`,
    `To: ${MAILBOX.user}`,
    `Subject: ${subject}`,
    `Message-ID: <${messageId}>`,
    'Date: Mon, 23 Nov 2026 09:15:00 +0100',
    'MIME-Version: 1.0',
  ];
  if (!html)
    return [...headers, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');
  return [
    ...headers,
    'Content-Type: multipart/alternative; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '--b1',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '--b1--',
    '',
  ].join('\r\n');
}

async function account() {
  return t.database.db
    .selectFrom('email_accounts')
    .selectAll()
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  peers = await startMailPeers([MAILBOX]);
  t = await startTestApp(
    { mailHosts: peersMailHosts(peers) },
    liveMailChecker({ timeoutMs: 2_000, ca: peers.ca }),
  );
  customer = (await t.login('customer@example.com')).access;
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
  // A prospect of the customer that has not answered yet: its reply must become an answer to handle.
  const row = await t.database.db
    .selectFrom('prospects')
    .select(['id', 'email'])
    .where('user_id', '=', t.facts.customerId)
    .where('has_responses', '=', false)
    .where('prospecting_status', 'in', ['ongoing', 'to_call'])
    .where('email', 'is not', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  prospect = { id: row.id, email: row.email as string };
  deps = {
    db: t.database.db,
    secretBox: t.app.services.secretBox,
    mailHosts: t.app.services.mailHosts,
    onImported: (_user, count) => imported.push(count),
    onReply: async (userId, data) => {
      replies.push({ userId, data });
    },
  };
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peers?.close();
});

describe('the mailbox watch', () => {
  it("imports a prospect's reply as an unread answer, leaves the mail unread in the mailbox, and skips other senders", async () => {
    const sender = prospect.email.toUpperCase(); // addresses match whatever their case
    await deliver(
      mail(
        sender,
        'reply-1@prospect.example',
        'Re: Votre logiciel de paie',
        'Bonjour, pouvons-nous en parler jeudi ?',
        '<p>Bonjour, pouvons-nous en parler <b>jeudi</b> ?</p><script>alert(1)</script>',
      ),
    );
    await deliver(
      mail(
        'newsletter@unrelated.example',
        'news-1@unrelated.example',
        'Newsletter',
        'Not a prospect.',
      ),
    );
    const unreadBefore = (await t.call('GET', '/api/users/user', { token: customer })).json();

    const result = await pollMailbox(deps, await account(), { ca: peers.ca, timeoutMs: 5_000 });
    expect(result).toEqual({ accountId, imported: 1, skipped: 1 });
    expect(imported).toEqual([1]);
    // One reply.received event for the prospect's answer, none for the other sender.
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      userId: t.facts.customerId,
      data: {
        prospect: { id: prospect.id },
        reply: { subject: 'Re: Votre logiciel de paie' },
      },
    });
    expect(REPLY_LABELS).toContain((replies[0]!.data.reply as { label: string }).label);

    const inbox = await t.call('GET', `/api/v1/users/${t.facts.customerId}/inbox-messages`, {
      token: customer,
    });
    expect(inbox.statusCode).toBe(200);
    expect(JSON.stringify(inbox.json())).toContain('Bonjour, pouvons-nous en parler jeudi ?');
    const entry = await t.database.db
      .selectFrom('history_entries')
      .select(['content', 'direction', 'type', 'data'])
      .where('prospect_id', '=', prospect.id)
      .where('direction', '=', 'inbound')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // Text and HTML kept apart: the answer's text is the text part; the HTML waits in the data for a sanitised view.
    expect(entry).toMatchObject({
      type: 'email',
      content: 'Bonjour, pouvons-nous en parler jeudi ?',
    });
    expect(entry.data).toMatchObject({
      source: 'mailbox',
      subject: 'Re: Votre logiciel de paie',
      message_id: '<reply-1@prospect.example>',
    });
    const flagged = await t.database.db
      .selectFrom('prospects')
      .select('has_responses')
      .where('id', '=', prospect.id)
      .executeTakeFirstOrThrow();
    expect(flagged.has_responses).toBe(true);
    const unreadAfter = (await t.call('GET', '/api/users/user', { token: customer })).json();
    expect(JSON.stringify(unreadAfter)).not.toEqual(JSON.stringify(unreadBefore));

    // Read with BODY.PEEK in a read-only mailbox: neither mail is marked read.
    expect((await inboxFlags()).every((flags) => !flags.includes('\\Seen'))).toBe(true);
    // The account shows when it was read, without an error.
    const listed = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expectContract('listEmailAccounts', listed, 200);
    expect(
      listed.json().email_accounts_list.find((a: { id: number }) => a.id === accountId),
    ).toMatchObject({ last_error: null, last_checked_at: expect.any(String) });
  });

  it('imports nothing twice: not at the next pass, nor after the mailbox was renumbered (UIDVALIDITY) or the server restarted', async () => {
    expect(await pollMailbox(deps, await account(), { ca: peers.ca })).toEqual({
      accountId,
      imported: 0,
      skipped: 0,
    });
    // As if the mailbox had been rebuilt: a new UIDVALIDITY means reading from the start again; Message-IDs stop doubles.
    await t.database.db
      .updateTable('email_accounts')
      .set({ imap_uidvalidity: 'renumbered', imap_last_uid: 0 })
      .where('id', '=', accountId)
      .execute();
    expect(await pollMailbox(deps, await account(), { ca: peers.ca })).toEqual({
      accountId,
      imported: 0,
      skipped: 2,
    });
    const answers = await t.database.db
      .selectFrom('history_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('prospect_id', '=', prospect.id)
      .where(sql`data->>'message_id'`, '=', '<reply-1@prospect.example>')
      .executeTakeFirstOrThrow();
    expect(answers.n).toBe(1);
    // A later reply is the only new one.
    await deliver(
      mail(
        prospect.email,
        'reply-2@prospect.example',
        'Re: Re: Votre logiciel de paie',
        'Jeudi 10 h me convient.',
      ),
    );
    expect(await pollMailbox(deps, await account(), { ca: peers.ca })).toEqual({
      accountId,
      imported: 1,
      skipped: 0,
    });
  });

  it('keeps reading the other mailboxes when one fails, shows the failure on that account and backs off', async () => {
    // A second account of the same user whose server is gone.
    const broken = await t.database.db
      .insertInto('email_accounts')
      .values({
        user_id: t.facts.customerId,
        name: 'Boîte fermée',
        email: 'closed@moreau-solutions-rh.fr',
        account_type: 'SMTP',
        is_valid: true,
        imap_host: '127.0.0.1',
        imap_port: peers.closedPort,
        imap_secure: true,
        password_enc: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('email_accounts')
      .set({ password_enc: deps.secretBox.encrypt('x', `email_account:${broken.id}`) })
      .where('id', '=', broken.id)
      .execute();
    await deliver(
      mail(prospect.email, 'reply-3@prospect.example', 'Encore moi', 'Un dernier détail.'),
    );

    const options = { ca: peers.ca, timeoutMs: 2_000 };
    const schedule = { intervalSeconds: 60 };
    const due = async (at: Date) =>
      (await dueAccounts(t.database.db, undefined, schedule, at)).map((a) => a.id);
    const mine = (await watchedAccounts(t.database.db))
      .filter((a) => a.id === accountId || a.id === broken.id)
      .map((a) => a.id);
    expect(mine).toEqual([accountId, broken.id].sort((a, b) => a - b));
    expect(await due(new Date())).toEqual(expect.arrayContaining([accountId, broken.id]));
    // Each read is one job of its own (jobs/registry.ts): one failing does not stop the other.
    expect(await readMailbox(deps, broken.id, options)).toEqual({
      accountId: broken.id,
      error: 'unreachable',
    });
    expect(await readMailbox(deps, accountId, options)).toEqual({
      accountId,
      imported: 1,
      skipped: 0,
    });
    const failedRow = () =>
      t.database.db
        .selectFrom('email_accounts')
        .selectAll()
        .where('id', '=', broken.id)
        .executeTakeFirstOrThrow();
    const failed = await failedRow();
    expect(failed).toMatchObject({
      last_error: 'mail_server_unreachable',
      is_valid: true,
      watch_failures: 1,
    });
    expect(failed.last_checked_at).toBeInstanceOf(Date);
    // The failing account waits twice the interval after its read; the working one is due at every pass.
    const checked = (failed.last_checked_at as Date).getTime();
    expect(await due(new Date(checked + 119_000))).not.toContain(broken.id);
    expect(await due(new Date(checked + 119_000))).toContain(accountId);
    expect(await due(new Date(checked + 120_000))).toContain(broken.id);
    // Twice as long again after a second failure (kept in the database: every instance waits the same).
    await readMailbox(deps, broken.id, options);
    const twice = await failedRow();
    expect(twice.watch_failures).toBe(2);
    const again = (twice.last_checked_at as Date).getTime();
    expect(await due(new Date(again + 239_000))).not.toContain(broken.id);
    expect(await due(new Date(again + 240_000))).toContain(broken.id);
    // Never longer than the longest wait.
    expect(
      (
        await dueAccounts(
          t.database.db,
          undefined,
          { intervalSeconds: 60, maxWaitSeconds: 90 },
          new Date(again + 90_000),
        )
      ).map((a) => a.id),
    ).toContain(broken.id);
  });

  it('marks an account whose password is refused invalid, with the reason', async () => {
    await t.database.db
      .updateTable('email_accounts')
      .set({
        password_enc: deps.secretBox.encrypt('changed-by-the-user', `email_account:${accountId}`),
      })
      .where('id', '=', accountId)
      .execute();
    expect(await pollMailbox(deps, await account(), { ca: peers.ca, timeoutMs: 2_000 })).toEqual({
      accountId,
      error: 'credentials',
    });
    const listed = await t.call('GET', '/api/v2/integrations/email', { token: customer });
    expectContract('listEmailAccounts', listed, 200);
    expect(
      listed.json().email_accounts_list.find((a: { id: number }) => a.id === accountId),
    ).toMatchObject({ is_valid: false, last_error: 'bad_imap_credentials' });
    // Invalid accounts are no longer watched.
    expect((await watchedAccounts(t.database.db)).map((a) => a.id)).not.toContain(accountId);
  });
});
