/**
 * The mailbox watch's push side: an IMAP IDLE connection kept open per watched mailbox, so that a reply is imported
 * seconds after it arrives instead of at the next poll (decision 0215). The poll (mailbox-watch.ts, its jobs) goes on
 * at its interval for every mailbox as the safety net and reads the mailboxes that have no IDLE connection.
 *
 * - One instance per mailbox: an instance keeps a mailbox's connection only while it holds the mailbox's lease
 *   (repositories/mailbox-leases.ts: a row with its holder and expiry), renewed every third of the lease's time;
 *   a lease that was not renewed (its instance died) is taken over once expired; stopping releases every lease.
 * - At most `maxConnections` connections per instance: the mailboxes beyond them are left to other instances, or to
 *   the poll alone.
 * - Each connection signs in as the poll does (the password, or XOAUTH2 with the token renewed when due), imports
 *   what arrived since the last UID at once (after a reconnect too), then IDLEs on the INBOX (read-only) and imports
 *   through the same path (`importNewMail`) at each EXISTS the server pushes. An XOAUTH2 connection signs in again
 *   before its access token expires.
 * - A server that does not advertise IDLE: the mailbox is parked (nobody opens its connection for `parkSeconds`); the
 *   poll reads it. A lost connection or a failed sign-in: reconnection after 1 s, 2 s, 4 s… up to `retryMaxMs`
 *   while the lease is kept; the failure itself is recorded on the account by the poll, as before.
 * - A mailbox that is no longer watched (deleted, made invalid) or whose lease was lost has its connection closed at
 *   the next renewal; one found gone when a mail comes is closed at once.
 */
import { randomUUID } from 'node:crypto';
import type { ImapFlow } from 'imapflow';
import type { EmailAccountRow } from '../db/types';
import { integrationsRepository } from '../repositories/integrations';
import { mailboxLeasesRepository } from '../repositories/mailbox-leases';
import {
  failureReason,
  importNewMail,
  openMailbox,
  readableOAuthTypes,
  type MailboxWatchDeps,
  type MailboxWatchOptions,
} from './mailbox-watch';
import { accessTokenRenewalTime } from './oauth-access';

export interface IdleWatchSettings {
  /** This instance's name on the leases; default a random id per process. */
  holder?: string;
  /** The most IDLE connections this instance keeps open (MAIL_IDLE_CONNECTIONS). */
  maxConnections: number;
  /** A lease's life in seconds; renewed every third of it. */
  leaseSeconds: number;
  /** How long a mailbox whose server has no IDLE is left to the poll before it is tried again (seconds). */
  parkSeconds?: number;
  /** The least time an XOAUTH2 connection stays before it signs in again for a renewed token (ms; default a minute). */
  minTokenRenewalMs?: number;
  /** The first wait before a reconnection (ms), doubled at each failure up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** What a session's end means for its lease. */
type SessionEnd = 'stopped' | 'gone' | 'no_idle';

const sleep = (ms: number, cancelled: Promise<unknown>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void cancelled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** One mailbox's IDLE connection, reconnected until stopped. */
class IdleSession {
  private client: ImapFlow | null = null;
  private stopping = false;
  private signalStop!: () => void;
  private readonly stopped = new Promise<'stop'>((resolve) => {
    this.signalStop = () => resolve('stop');
  });
  /** Resolves when the session ends, with why. */
  readonly done: Promise<SessionEnd>;
  /** Whether the connection is open and IDLEs (between imports); for the tests and the bench. */
  listening = false;

  constructor(
    private readonly watch: MailboxIdleWatch,
    readonly accountId: number,
  ) {
    this.done = this.run();
  }

  /** Closes the connection; resolves once the session has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.signalStop();
    this.client?.close();
    await this.done;
  }

  private async run(): Promise<SessionEnd> {
    const { deps } = this.watch;
    const repo = integrationsRepository(deps.db);
    let failures = 0;
    while (!this.stopping) {
      let account: EmailAccountRow | undefined;
      try {
        account = await repo.watchedAccount(this.accountId, readableOAuthTypes(deps.oauth));
        if (!account) return 'gone';
        this.client = await openMailbox(deps, account, this.watch.connectionOptions);
        if (this.stopping) break;
        if (!this.client.capabilities.has('IDLE')) return 'no_idle';
        // The sign-in may have renewed the tokens: their expiry is read again.
        const signedIn = account.oauth_tokens_enc
          ? await repo.watchedAccount(this.accountId, readableOAuthTypes(deps.oauth))
          : undefined;
        const expiry = signedIn ? accessTokenRenewalTime(deps.secretBox, signedIn) : null;
        // Never sooner than a minute: a provider that grants very short tokens does not make a reconnection loop.
        const renewAt =
          expiry === null ? null : Math.max(expiry, Date.now() + this.watch.minTokenRenewalMs);
        const end = await this.listen(this.client, renewAt, () => (failures = 0));
        if (end !== 'renew') return end;
      } catch (error) {
        if (this.stopping) break;
        failures += 1;
        const wait = Math.min(
          this.watch.retryBaseMs * 2 ** Math.min(failures - 1, 20),
          this.watch.retryMaxMs,
        );
        deps.log?.warn(
          {
            accountId: this.accountId,
            reason: account ? failureReason(account, error) : undefined,
            err: error instanceof Error ? error.message : String(error),
            retryInMs: wait,
          },
          'mailbox watch: the IDLE connection failed, reconnecting',
        );
        await sleep(wait, this.stopped);
      } finally {
        this.listening = false;
        this.client?.close();
        this.client = null;
      }
    }
    return 'stopped';
  }

  /**
   * Imports what is new, then IDLEs until the server tells of a new mail (EXISTS), and again. Answers 'gone' when
   * the account is no longer watched, 'renew' when the access token is due for renewal (sign in again), 'stopped';
   * throws when the connection is lost.
   */
  private async listen(
    client: ImapFlow,
    renewAt: number | null,
    connected: () => void,
  ): Promise<SessionEnd | 'renew'> {
    const { deps } = this.watch;
    const repo = integrationsRepository(deps.db);
    let woken = false;
    let wake: (() => void) | null = null;
    const onExists = () => {
      woken = true;
      wake?.();
    };
    client.on('exists', onExists);
    const closed = new Promise<'closed'>((resolve) =>
      client.once('close', () => resolve('closed')),
    );
    let renewTimer: NodeJS.Timeout | undefined;
    const renewal =
      renewAt === null
        ? new Promise<never>(() => undefined)
        : new Promise<'renew'>((resolve) => {
            renewTimer = setTimeout(() => resolve('renew'), Math.max(0, renewAt - Date.now()));
          });
    try {
      for (;;) {
        const account = await repo.watchedAccount(this.accountId, readableOAuthTypes(deps.oauth));
        if (!account) return 'gone';
        woken = false;
        this.listening = false;
        const batch = this.watch.connectionOptions.batch ?? 200;
        const { imported, skipped } = await importNewMail(deps, repo, client, account, batch);
        connected();
        if (imported > 0) deps.onImported?.(account.user_id, imported);
        if (this.stopping) return 'stopped';
        if (renewAt !== null && Date.now() >= renewAt) return 'renew';
        // A full batch may have left mails behind: read on before waiting.
        if (woken || imported + skipped >= batch) continue;
        if (!client.usable) throw new Error('the IMAP connection was closed');
        // Ends when the next command (the import's FETCH) starts; imapflow restarts it every `maxIdleTimeMs`. It also
        // ends when the connection was quiet for `socketTimeoutMs` (imapflow then probes it with a NOOP): the loop
        // reads and IDLEs again, or no EXISTS would come until the next time-out.
        const idleStarted = Date.now();
        const idleEnded = client.idle().then(
          () => 'idle_ended' as const,
          () => 'idle_ended' as const,
        );
        this.listening = true;
        const reason = await Promise.race([
          new Promise<'mail'>((resolve) => {
            wake = () => resolve('mail');
            if (woken) resolve('mail');
          }),
          idleEnded,
          closed,
          renewal,
          this.stopped,
        ]);
        wake = null;
        if (reason === 'closed') throw new Error('the IMAP connection was closed');
        if (reason === 'stop') return 'stopped';
        if (reason === 'renew') return 'renew';
        if (reason === 'idle_ended' && Date.now() - idleStarted < 1_000 && !woken)
          throw new Error('the server ended IDLE at once');
      }
    } finally {
      clearTimeout(renewTimer);
      client.off('exists', onExists);
    }
  }
}

/**
 * The IDLE connections of one server instance: `start` takes free leases up to `maxConnections` and opens their
 * connections, and keeps at it every third of the lease's time (renewing its leases, closing the connections of
 * mailboxes no longer watched or whose lease was lost, taking free ones); `stop` closes them and releases the leases.
 */
export class MailboxIdleWatch {
  readonly holder: string;
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  readonly minTokenRenewalMs: number;
  private readonly sessions = new Map<number, IdleSession>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private closing = false;

  constructor(
    readonly deps: MailboxWatchDeps,
    private readonly settings: IdleWatchSettings,
    readonly connectionOptions: MailboxWatchOptions = {},
  ) {
    this.holder = settings.holder ?? randomUUID();
    this.retryBaseMs = settings.retryBaseMs ?? 1_000;
    this.retryMaxMs = settings.retryMaxMs ?? 5 * 60_000;
    this.minTokenRenewalMs = settings.minTokenRenewalMs ?? 60_000;
  }

  private get leases() {
    return mailboxLeasesRepository(this.deps.db);
  }

  /** The mailboxes whose lease this instance holds (their connection open, or reconnecting). */
  held(): number[] {
    return [...this.sessions.keys()].sort((a, b) => a - b);
  }

  /** Whether this mailbox's connection is open and waiting in IDLE. */
  listening(accountId: number): boolean {
    return this.sessions.get(accountId)?.listening ?? false;
  }

  start(): void {
    if (this.timer || this.closing) return;
    const every = Math.max(200, (this.settings.leaseSeconds * 1000) / 3);
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
    void this.tick();
  }

  /** One round: renew, close what is no longer ours or watched, take free mailboxes up to the limit. */
  tick(): Promise<void> {
    this.ticking ??= this.round()
      .catch((error: unknown) =>
        this.deps.log?.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'mailbox watch: the IDLE leases could not be renewed',
        ),
      )
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (this.closing) return;
    const { leaseSeconds, maxConnections } = this.settings;
    const watched = new Set(
      await integrationsRepository(this.deps.db).watchedAccountIds(
        readableOAuthTypes(this.deps.oauth),
      ),
    );
    const unwatched = this.held().filter((id) => !watched.has(id));
    await Promise.all(unwatched.map((id) => this.end(id)));
    const kept = new Set(await this.leases.renew(this.holder, this.held(), leaseSeconds));
    // Taken over by another instance after this one failed to renew in time: that one keeps the connection now.
    await Promise.all(
      this.held()
        .filter((id) => !kept.has(id))
        .map((id) => this.drop(id)),
    );
    if (this.closing) return;
    // Instances that look at once may ask for the same free mailboxes: what another took is looked for again.
    for (let attempt = 0; attempt < 3 && !this.closing; attempt += 1) {
      const room = maxConnections - this.sessions.size;
      if (room <= 0) return;
      const free = await this.leases.free(
        [...watched].filter((id) => !this.sessions.has(id)),
        room,
      );
      if (free.length === 0) return;
      const taken = await this.leases.acquire(this.holder, free, leaseSeconds);
      if (this.closing) {
        await this.leases.release(this.holder, taken);
        return;
      }
      for (const id of taken) this.open(id);
      if (taken.length === free.length) return;
    }
  }

  private open(accountId: number): void {
    const session = new IdleSession(this, accountId);
    this.sessions.set(accountId, session);
    void session.done.then(async (end) => {
      if (this.sessions.get(accountId) !== session) return;
      this.sessions.delete(accountId);
      if (end === 'no_idle') {
        this.deps.log?.info(
          { accountId },
          'mailbox watch: the server has no IDLE, the mailbox is polled',
        );
        await this.leases.park(this.holder, accountId, this.settings.parkSeconds ?? 3600);
      } else if (end === 'gone') await this.leases.release(this.holder, [accountId]);
    });
  }

  /** Closes a session whose lease is no longer ours (the lease is left as it is). */
  private async drop(accountId: number): Promise<void> {
    const session = this.sessions.get(accountId);
    this.sessions.delete(accountId);
    await session?.stop();
  }

  /** Closes a session and gives up its lease. */
  private async end(accountId: number): Promise<void> {
    await this.drop(accountId);
    await this.leases.release(this.holder, [accountId]);
  }

  /** Closes every connection and releases every lease (the server stops): other instances take them at once. */
  async stop(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    const held = this.held();
    await Promise.all(held.map((id) => this.drop(id)));
    await this.leases.release(this.holder);
  }

  /**
   * Stops as a process that dies would: connections closed, leases left to expire (for the tests of the takeover).
   */
  async abandon(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await Promise.all(this.held().map((id) => this.drop(id)));
  }
}
