/**
 * The mailbox watch (issue 13, beyond the spec): replies of the prospects read from the users' connected IMAP
 * mailboxes. Each pass opens the INBOX read-only (the user's mail is never marked read: imapflow fetches the source
 * with BODY.PEEK, and a read-only mailbox cannot change flags), fetches what arrived after the last UID seen, matches
 * each mail to a prospect of the account's user by the sender's address, and records it as an inbound e-mail answer
 * (history entry, unread inbox message, has_responses): it shows in the inbox and its badge like any answer.
 *
 * - Nothing is imported twice: the account remembers UIDVALIDITY and the last UID; a new UIDVALIDITY starts over and
 *   imported_mails (by Message-ID) skips what was already taken.
 * - One failing mailbox does not stop the others; its failure (a §8-style code) and the time of the check are stored
 *   on the account, and a refused login marks the account invalid. Failing accounts are retried with a backoff.
 * - Text and HTML are kept apart: the answer's content is the text part (mailparser derives it from the HTML when a
 *   mail has none), the HTML stays in the entry's data for a later sanitised view.
 * - Matching: by the sender's address (case-insensitive) among the user's prospects; the most recently active one when
 *   the same person is in several campaigns. In-Reply-To/References cannot help yet: the campaign engine's outgoing
 *   Message-IDs are not stored here.
 */
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import { sql } from 'kysely';
import type { Db } from '../db/index';
import type { EmailAccountRow } from '../db/types';
import { addAnswers } from '../domain/answers';
import type { SecretBox } from '../security/secret-box';
import { classify, type MailCheckReason } from './mail-check';

/** The code stored on an account whose mailbox could not be read (the §8 texts of the same failure). */
export const WATCH_ERROR_CODES = {
  credentials: 'bad_imap_credentials',
  unreachable: 'mail_server_unreachable',
  tls_mode: 'mail_server_tls_mismatch',
  certificate: 'mail_server_certificate_refused',
} as const satisfies Record<MailCheckReason, string>;

export interface MailboxWatchDeps {
  db: Db;
  secretBox: SecretBox;
  /** Called after answers were imported (the list cache must forget the dashboards). */
  onImported?: (userId: number, count: number) => void;
  log?: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

export interface MailboxWatchOptions {
  /** Per-step timeout (connection, greeting, socket). */
  timeoutMs?: number;
  /** Extra trusted certificate authorities (PEM). */
  ca?: string | Buffer;
  /** The most mails read from one mailbox in one pass (the rest come at the next). */
  batch?: number;
}

export type PollResult = { accountId: number; imported: number; skipped: number } | { accountId: number; error: MailCheckReason };

/** The accounts the watch reads: IMAP accounts with a stored password that are valid. */
export async function watchedAccounts(db: Db): Promise<EmailAccountRow[]> {
  return db
    .selectFrom('email_accounts')
    .selectAll()
    .where('is_valid', '=', true)
    .where('imap_host', 'is not', null)
    .where('imap_port', 'is not', null)
    .where('password_enc', 'is not', null)
    .orderBy('id')
    .execute();
}

async function prospectForSender(db: Db, userId: number, address: string): Promise<number | null> {
  const row = await db
    .selectFrom('prospects')
    .select('id')
    .where('user_id', '=', userId)
    .where(sql`lower(email)`, '=', address.toLowerCase())
    .orderBy(sql`event_date desc nulls last`)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** One pass over one account's INBOX. Never throws: a failure is stored on the account and answered. */
export async function pollMailbox(deps: MailboxWatchDeps, account: EmailAccountRow, options: MailboxWatchOptions = {}): Promise<PollResult> {
  const { db, secretBox } = deps;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const batch = options.batch ?? 200;
  const client = new ImapFlow({
    host: account.imap_host ?? '',
    port: account.imap_port ?? 993,
    secure: account.imap_secure ?? true,
    doSTARTTLS: account.imap_secure === false ? true : undefined,
    auth: { user: account.email, pass: account.password_enc ? secretBox.decrypt(account.password_enc, `email_account:${account.id}`) : '' },
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    disableAutoIdle: true,
    tls: { rejectUnauthorized: true, ...(options.ca ? { ca: options.ca } : {}) },
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const lock = await client.getMailboxLock('INBOX', { readOnly: true });
    let imported = 0;
    let skipped = 0;
    try {
      const mailbox = client.mailbox;
      if (!mailbox) throw new Error('INBOX could not be opened');
      const uidValidity = String(mailbox.uidValidity);
      const lastUid = account.imap_uidvalidity === uidValidity ? Number(account.imap_last_uid) : 0;
      let highest = lastUid;
      const mails: { uid: number; source: Buffer }[] = [];
      // `n:*` answers the newest mail even when its UID is below n: keep only the new ones.
      for await (const message of client.fetch(`${lastUid + 1}:*`, { uid: true, source: true }, { uid: true })) {
        if (message.uid <= lastUid || !message.source) continue;
        mails.push({ uid: message.uid, source: message.source });
        if (mails.length >= batch) break;
      }
      mails.sort((a, b) => a.uid - b.uid);
      for (const mail of mails) {
        highest = Math.max(highest, mail.uid);
        const parsed = await simpleParser(mail.source, { skipImageLinks: true });
        const sender = parsed.from?.value[0]?.address;
        const prospectId = sender ? await prospectForSender(db, account.user_id, sender) : null;
        if (!prospectId) {
          skipped += 1;
          continue;
        }
        const messageId = parsed.messageId ?? `uid:${uidValidity}:${mail.uid}`;
        const claimed = await db
          .insertInto('imported_mails')
          .values({ email_account_id: account.id, message_id: messageId })
          .onConflict((oc) => oc.doNothing())
          .returning('message_id')
          .executeTakeFirst();
        if (!claimed) {
          skipped += 1;
          continue;
        }
        const text = (parsed.text ?? '').trim();
        const [entryId] = await addAnswers(db, [
          {
            prospectId,
            userId: account.user_id,
            content: text || (parsed.subject ?? ''),
            channel: 'email',
            receivedAt: parsed.date ?? new Date(),
            data: { source: 'mailbox', email_account_id: account.id, message_id: messageId, subject: parsed.subject ?? null, from: sender, html: typeof parsed.html === 'string' ? parsed.html : null },
          },
        ]);
        await db.updateTable('imported_mails').set({ history_entry_id: entryId ?? null }).where('email_account_id', '=', account.id).where('message_id', '=', messageId).execute();
        imported += 1;
      }
      await db
        .updateTable('email_accounts')
        .set({ imap_uidvalidity: uidValidity, imap_last_uid: highest, last_checked_at: new Date(), last_error: null })
        .where('id', '=', account.id)
        .execute();
    } finally {
      lock.release();
    }
    await client.logout().catch(() => undefined);
    if (imported > 0) deps.onImported?.(account.user_id, imported);
    return { accountId: account.id, imported, skipped };
  } catch (error) {
    const reason = classify(error, 'imap');
    await db
      .updateTable('email_accounts')
      .set({ last_error: WATCH_ERROR_CODES[reason], last_checked_at: new Date(), ...(reason === 'credentials' ? { is_valid: false } : {}) })
      .where('id', '=', account.id)
      .execute();
    deps.log?.warn({ accountId: account.id, reason }, 'mailbox watch: the mailbox could not be read');
    return { accountId: account.id, error: reason };
  } finally {
    client.close();
  }
}

export interface WatcherOptions extends MailboxWatchOptions {
  /** Time between passes (ms). */
  intervalMs: number;
  /** The longest wait of a failing account's backoff (ms); default 30 minutes. */
  maxBackoffMs?: number;
  now?: () => number;
}

/**
 * Reads every watched mailbox every `intervalMs`, one after the other; a failing account waits twice as long after
 * each failure (up to maxBackoffMs), and is read again at the normal pace once it works.
 */
export class MailboxWatcher {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly failures = new Map<number, { count: number; retryAt: number }>();

  constructor(
    private readonly deps: MailboxWatchDeps,
    private readonly options: WatcherOptions,
  ) {}

  /** One pass now: every account that is not waiting out a backoff. */
  async pass(): Promise<PollResult[]> {
    const now = this.options.now ?? Date.now;
    const results: PollResult[] = [];
    for (const account of await watchedAccounts(this.deps.db)) {
      if (this.stopped) break;
      const failure = this.failures.get(account.id);
      if (failure && failure.retryAt > now()) continue;
      const result = await pollMailbox(this.deps, account, this.options);
      results.push(result);
      if ('error' in result) {
        const count = (failure?.count ?? 0) + 1;
        const wait = Math.min(this.options.intervalMs * 2 ** count, this.options.maxBackoffMs ?? 30 * 60_000);
        this.failures.set(account.id, { count, retryAt: now() + wait });
      } else {
        this.failures.delete(account.id);
      }
    }
    return results;
  }

  /** The wait before an account is read again (0 when it is not failing). */
  backoffOf(accountId: number): number {
    const failure = this.failures.get(accountId);
    return failure ? Math.max(0, failure.retryAt - (this.options.now ?? Date.now)()) : 0;
  }

  start(): void {
    this.stopped = false;
    const schedule = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.running = this.pass()
          .then(() => undefined)
          .catch((error: unknown) => this.deps.log?.warn({ err: error }, 'mailbox watch: a pass failed'))
          .finally(() => {
            this.running = null;
            schedule();
          });
      }, this.options.intervalMs);
      this.timer.unref?.();
    };
    schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
