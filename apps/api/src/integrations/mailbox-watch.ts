/**
 * The mailbox watch (beyond the spec): replies of the prospects, and the bounces of the campaigns' e-mails, read
 * from the users' connected IMAP mailboxes. Each pass opens the INBOX read-only (the user's mail is never marked
 * read: imapflow fetches the source with BODY.PEEK, and a read-only mailbox cannot change flags), fetches what arrived
 * after the last UID seen, matches each mail to a prospect of the account's user, and records a reply as an inbound
 * e-mail answer (history entry, unread inbox message, has_responses): it shows in the inbox and its badge like any
 * answer.
 *
 * - Nothing is imported twice: the account remembers UIDVALIDITY and the last UID; a new UIDVALIDITY starts over and
 *   imported_mails (by Message-ID) skips what was already taken.
 * - One failing mailbox does not stop the others; its failure (a §8-style code) and the time of the check are stored
 *   on the account, and a refused login marks the account invalid. Failing accounts wait longer after each failure.
 * - It runs as jobs (jobs/registry.ts): a pass every MAIL_WATCH_INTERVAL adds one read job per due mailbox, and a
 *   mailbox has at most one read waiting or running across the server instances.
 * - Text and HTML are kept apart: the answer's content is the text part (mailparser derives it from the HTML when a
 *   mail has none), the HTML stays in the entry's data for a later sanitised view.
 * - Matching: a mail whose In-Reply-To or References names one of the engine's sends (`sends.message_id`) is a reply
 *   of that send's prospect; otherwise, by the sender's address (case-insensitive) among the user's prospects, the
 *   most recently active one when the same person is in several campaigns. A reply is imported as an answer and
 *   recorded as the campaign's 'replied' event in one transaction (its step: the send it answers, or the last step
 *   sent to the prospect), which stops the sequence when the campaign stops on replies.
 * - Delivery status notifications (RFC 3464) are bounces of the send they return, never answers; a delay is
 *   ignored. A bounce stops the sequence, suppresses the address and counts towards the mailbox's bounce rate,
 *   which pauses the mailbox for the campaigns when too high.
 * - Every other mail is labelled by the reply classifier (replies/classify.ts, decisions 0180, 0181 and 0210).
 *   Automatic answers (out of office, RFC 3834) are imported with their label, shown in the inbox but never counted
 *   to handle, and are no reply: no event, the prospect has not answered, the sequence goes on, from the return date
 *   the answer states when it states one. A reply keeps its label (and a referral's address) in its entry's data
 *   and on its inbox message; an unsubscribe request written in words is also recorded as an unsubscribe, as the
 *   link would.
 * - Accounts signed in through Google or Microsoft are read from the provider's IMAP server with XOAUTH2 (SASL, the
 *   access token in place of a password). An access token that has expired, or that the server refuses, is renewed
 *   with the refresh token first (the new tokens are stored encrypted); a refresh the provider refuses (consent
 *   withdrawn) makes the account invalid with `oauth_reconnect_required`: its validate button signs in again.
 */
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { simpleParser } from 'mailparser';
import {
  EXTERNAL_SIGN_IN_ACCOUNT_TYPES,
  EXTERNAL_SIGN_IN_PROVIDERS,
  type ExternalSignInProvider,
  type IntegrationErrorCode,
  type ReplyLabel,
} from '@prospecta/domain';
import { inTransaction, type Db } from '../db/index';
import { classifyReply } from '../replies/classify';
import type { EmailAccountRow } from '../db/types';
import { campaignEventsRepository, REPLY_ENTRY_KEY } from '../repositories/campaign-events';
import { campaignsRepository } from '../repositories/campaigns';
import { webhookCampaign, webhookProspect } from '../webhooks/index';
import { inboxRepository } from '../repositories/inbox';
import { integrationsRepository, type IntegrationsRepository } from '../repositories/integrations';
import {
  mailboxRepliesRepository,
  type ReplyContext,
  type SendMatch,
} from '../repositories/mailbox-replies';
import { prospectsRepository } from '../repositories/prospects';
import type { SecretBox } from '../security/secret-box';
import { classify, tlsName, type MailCheckReason } from './mail-check';
import {
  deliveryReport,
  permanentFailures,
  threadMessageIds,
  type DeliveryReport,
} from './mail-report';
import {
  MailHostRefused,
  refusalReason,
  type MailHostGuard,
  type MailHostRefusalReason,
} from './mail-hosts';
import type { OAuthClients } from './oauth';
import { OAuthAccessFailed, withAccessToken } from './oauth-access';

/**
 * Why a mailbox could not be read: the mail server's answer (mail-check's reasons), or, for an external sign-in
 * account, a refresh the provider refused (consent withdrawn: only a new sign-in helps) or could not answer.
 */
export type WatchFailureReason =
  | MailCheckReason
  | Exclude<MailHostRefusalReason, 'unreachable'>
  | 'consent_withdrawn'
  | 'provider_unreachable';

/** The code stored on an account whose mailbox could not be read (the §8 texts of the same failure). */
export const WATCH_ERROR_CODES = {
  credentials: 'bad_imap_credentials',
  unreachable: 'mail_server_unreachable',
  tls_mode: 'mail_server_tls_mismatch',
  certificate: 'mail_server_certificate_refused',
  address_refused: 'mail_server_address_refused',
  port_refused: 'mail_server_port_refused',
  consent_withdrawn: 'oauth_reconnect_required',
  provider_unreachable: 'oauth_provider_unreachable',
} as const satisfies Record<WatchFailureReason, IntegrationErrorCode>;

/** Failures the user must act on: the account becomes invalid (and is no longer read until it is fixed). */
const USER_MUST_ACT: ReadonlySet<WatchFailureReason> = new Set([
  'credentials',
  'address_refused',
  'port_refused',
  'consent_withdrawn',
]);

export interface MailboxWatchDeps {
  db: Db;
  secretBox: SecretBox;
  /** Which servers of SMTP/IMAP accounts may be reached (the address typed may have been refused since). */
  mailHosts: MailHostGuard;
  /** The external sign-in (token refresh, the providers' IMAP servers); without it, those accounts are not read. */
  oauth?: OAuthClients;
  /** Called after answers were imported (the list cache must forget the dashboards). */
  onImported?: (userId: number, count: number) => void;
  /** After an answer is stored: the `reply.received` webhook event's data (its webhooks are queued by the caller). */
  onReply?: (userId: number, data: Record<string, unknown>) => Promise<void>;
  log?: {
    warn(object: object, message: string): void;
    info(object: object, message: string): void;
  };
}

export interface MailboxWatchOptions {
  /** Per-step timeout (connection, greeting, socket). */
  timeoutMs?: number;
  /** Extra trusted certificate authorities (PEM). */
  ca?: string | Buffer;
  /** The most mails read from one mailbox in one pass (the rest come at the next). */
  batch?: number;
  /** A quiet connection past this long is probed (NOOP), and closed if the server does not answer; default twice `timeoutMs`. */
  socketTimeoutMs?: number;
  /** An IDLE is ended and started again after this long (RFC 2177: before 29 minutes); default none. */
  maxIdleTimeMs?: number;
}

export type PollResult =
  | { accountId: number; imported: number; skipped: number }
  | { accountId: number; error: WatchFailureReason };

/** The external sign-in provider of an account, or null for an SMTP/IMAP account. */
function providerOf(account: EmailAccountRow): ExternalSignInProvider | null {
  return (
    EXTERNAL_SIGN_IN_PROVIDERS.find(
      (p) => EXTERNAL_SIGN_IN_ACCOUNT_TYPES[p] === account.account_type,
    ) ?? null
  );
}

/** The account types of the configured providers: their accounts can be read. */
export function readableOAuthTypes(oauth: OAuthClients | undefined): string[] {
  return EXTERNAL_SIGN_IN_PROVIDERS.filter((p) => oauth?.isConfigured(p)).map(
    (p) => EXTERNAL_SIGN_IN_ACCOUNT_TYPES[p],
  );
}

/** The accounts the watch reads: valid IMAP accounts with a stored password, and valid signed-in accounts of a configured provider. */
export async function watchedAccounts(db: Db, oauth?: OAuthClients): Promise<EmailAccountRow[]> {
  return integrationsRepository(db).watchedAccounts(readableOAuthTypes(oauth));
}

/** A failure whose reason is already known (not to be classified from a mail server's error). */
class WatchFailed extends Error {
  constructor(
    readonly reason: WatchFailureReason,
    cause?: unknown,
  ) {
    super(reason, { cause });
  }
}

interface ImapServer {
  /** Where to connect (an address checked by MailHostGuard, or the provider's server from the settings). */
  host: string;
  /** The name TLS checks, when `host` is an address the name resolved to. */
  servername?: string;
  port: number;
  /** true: implicit TLS; false: STARTTLS, required. */
  secure: boolean;
}

/** Connects and signs in; the caller closes the client. */
async function signIn(
  server: ImapServer,
  auth: ImapFlowOptions['auth'],
  options: MailboxWatchOptions,
): Promise<ImapFlow> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const client = new ImapFlow({
    host: server.host,
    ...(server.servername ? { servername: server.servername } : {}),
    port: server.port,
    secure: server.secure,
    doSTARTTLS: server.secure ? undefined : true,
    auth,
    logger: false,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: options.socketTimeoutMs ?? timeoutMs * 2,
    ...(options.maxIdleTimeMs ? { maxIdleTime: options.maxIdleTimeMs } : {}),
    disableAutoIdle: true,
    tls: { rejectUnauthorized: true, ...(options.ca ? { ca: options.ca } : {}) },
  });
  // A late socket error after the promise settled must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.close();
    throw error;
  }
}

/** An SMTP/IMAP account: its own server, its stored password. */
async function signInWithPassword(
  deps: MailboxWatchDeps,
  account: EmailAccountRow,
  options: MailboxWatchOptions,
): Promise<ImapFlow> {
  let password: string;
  try {
    password = deps.secretBox.decrypt(account.password_enc ?? '', `email_account:${account.id}`);
  } catch (error) {
    // Sealed with another key (or damaged): only the user can give it again.
    throw new WatchFailed('credentials', error);
  }
  const host = account.imap_host ?? '';
  const port = account.imap_port ?? 993;
  let address: string;
  try {
    ({ address } = await deps.mailHosts.resolve(host, port));
  } catch (error) {
    if (error instanceof MailHostRefused) throw new WatchFailed(refusalReason(error), error);
    throw error;
  }
  const server = { host: address, ...tlsName({ host }), port, secure: account.imap_secure ?? true };
  return signIn(server, { user: account.email, pass: password }, options);
}

/**
 * A Google or Microsoft account: the provider's IMAP server with XOAUTH2. The access token is renewed first when it
 * expires within a minute, and once more when the server refuses it; a refresh refused by the provider, or a fresh
 * token the server still refuses (the mail permission was withdrawn), means the user must sign in again.
 */
async function signInWithToken(
  deps: MailboxWatchDeps,
  account: EmailAccountRow,
  provider: ExternalSignInProvider,
  options: MailboxWatchOptions,
): Promise<ImapFlow> {
  const server = deps.oauth?.isConfigured(provider)
    ? { ...deps.oauth.imapServer(provider), secure: true }
    : null;
  try {
    return await withAccessToken(
      deps,
      account,
      provider,
      (accessToken) => {
        if (!server) throw new Error(`${provider} sign-in is not configured`);
        return signIn(server, { user: account.email, accessToken }, options);
      },
      (error) => classify(error, 'imap') === 'credentials',
    );
  } catch (error) {
    if (error instanceof OAuthAccessFailed) throw new WatchFailed(error.reason, error.cause);
    throw error;
  }
}

/** What became of one mail: an answer imported, a bounce recorded, or nothing (not ours, already taken, ignored). */
type MailOutcome = 'imported' | 'bounced' | 'skipped';

/**
 * A delivery status notification: a recipient that failed for good (5.x.x) is a bounce of the send the report
 * returns, found by the returned message's Message-ID, else (no Message-ID came back) by the recipient's address
 * among the mailbox's recent sends. The bounce is recorded once (the report's Message-ID is claimed in the same
 * transaction) and counts towards the sending mailbox's bounce rate. A delay (4.x.x) is ignored; a report is never
 * an answer.
 */
async function recordBounce(
  deps: MailboxWatchDeps,
  account: EmailAccountRow,
  report: DeliveryReport,
  messageId: string,
): Promise<MailOutcome> {
  const failures = permanentFailures(report);
  if (failures.length === 0) return 'skipped';
  const sends = mailboxRepliesRepository(deps.db);
  let send: SendMatch | null = report.originalMessageId
    ? await sends.sendByMessageIds(account.user_id, [report.originalMessageId])
    : null;
  let failure = failures[0];
  // A returned message that is not one of ours (the user's own mail) is not a campaign's bounce; without the
  // returned message's Message-ID, the recipient is looked up among the mailbox's recent sends.
  if (!send && report.originalMessageId === null) {
    for (const candidate of failures) {
      if (!candidate.address) continue;
      send = await sends.recentSendTo(account.id, candidate.address);
      if (send) {
        failure = candidate;
        break;
      }
    }
  }
  if (!send || !failure) return 'skipped';
  const match = send;
  const recorded = await inTransaction(deps.db, async (trx) => {
    if (!(await integrationsRepository(trx).claimImportedMail(account.id, messageId))) return false;
    await campaignEventsRepository(trx).record([
      {
        type: 'bounced',
        campaignId: match.campaignId,
        prospectId: match.prospectId,
        stepId: match.stepId,
        sendId: match.sendId,
        emailAccountId: match.emailAccountId ?? account.id,
        data: {
          message_id: messageId,
          recipient: failure.address,
          action: failure.action,
          status: failure.status,
          diagnostic: failure.diagnostic,
        },
      },
    ]);
    const paused = await mailboxRepliesRepository(trx).pauseOnBounceRate(
      match.emailAccountId ?? account.id,
    );
    if (paused)
      deps.log?.warn(
        { accountId: match.emailAccountId ?? account.id },
        'mailbox watch: too many bounces, the mailbox is paused for the campaigns',
      );
    return true;
  });
  return recorded ? 'bounced' : 'skipped';
}

/**
 * One mail of the INBOX: a delivery status notification is a bounce; an automatic answer (out of office) is
 * imported labelled, without a reply event; otherwise a mail that answers one of our sends (In-Reply-To, References) is a reply of that send's prospect,
 * else a mail whose sender is one of the user's prospects is a reply of that prospect. A reply is imported as an
 * unread answer and recorded as the campaign's 'replied' event in one transaction (the event stops the prospect's
 * sequence when the campaign stops on replies, and cancels its planned sends).
 */
async function importMail(
  deps: MailboxWatchDeps,
  account: EmailAccountRow,
  source: Buffer,
  fallbackId: string,
): Promise<MailOutcome> {
  const { db } = deps;
  const parsed = await simpleParser(source, { skipImageLinks: true });
  const messageId = parsed.messageId ?? fallbackId;
  const report = deliveryReport(source);
  if (report) return recordBounce(deps, account, report, messageId);
  const sender = parsed.from?.value[0]?.address;
  const label = classifyReply({
    headers: parsed.headers,
    subject: parsed.subject ?? null,
    text: parsed.text ?? null,
    from: sender ?? null,
    date: parsed.date ?? null,
  });
  // A bounce without a report that names our send cannot be matched: neither an answer nor a campaign's bounce.
  if (label.label === 'bounce') return 'skipped';
  const replies = mailboxRepliesRepository(db);
  const answered = await replies.sendByMessageIds(
    account.user_id,
    threadMessageIds(parsed.inReplyTo, parsed.references),
  );
  let prospectId: number | null;
  let context: ReplyContext | null;
  if (answered) {
    prospectId = answered.prospectId;
    context = { campaignId: answered.campaignId, stepId: answered.stepId, sendId: answered.sendId };
  } else {
    prospectId = sender
      ? await prospectsRepository(db).findBySender(account.user_id, sender)
      : null;
    context = prospectId ? await replies.replyContext(prospectId) : null;
  }
  if (!prospectId) return 'skipped';
  const prospect = prospectId;
  const automatic = label.label === 'auto_reply';
  // Not an answer to handle: the sequence goes on, from the return date the answer states when it states one.
  if (automatic && context && label.returnDate)
    await mailboxRepliesRepository(db).holdUntil(prospect, context.campaignId, label.returnDate);
  const text = (parsed.text ?? '').trim();
  const imported = await inTransaction(db, async (trx) => {
    const repo = integrationsRepository(trx);
    if (!(await repo.claimImportedMail(account.id, messageId))) return false;
    const [entryId] = await inboxRepository(trx).addAnswers([
      {
        prospectId: prospect,
        userId: account.user_id,
        content: text || (parsed.subject ?? ''),
        channel: 'email',
        receivedAt: parsed.date ?? new Date(),
        label: label.label,
        data: {
          source: 'mailbox',
          email_account_id: account.id,
          message_id: messageId,
          subject: parsed.subject ?? null,
          from: sender ?? null,
          // The thread it belongs to, oldest first: an answer from the inbox names it in its References.
          references: threadMessageIds(undefined, parsed.references).reverse(),
          html: typeof parsed.html === 'string' ? parsed.html : null,
          label: label.label,
          label_confidence: label.confidence,
          referral: label.referral ?? null,
        },
      },
    ]);
    await repo.linkImportedMail(account.id, messageId, entryId ?? null);
    // An automatic answer is shown (labelled) but is no reply: no event, the campaign's figures do not move.
    if (context && !automatic) {
      const reply = {
        campaignId: context.campaignId,
        prospectId: prospect,
        stepId: context.stepId,
        sendId: context.sendId,
        emailAccountId: account.id,
      };
      await campaignEventsRepository(trx).record([
        { ...reply, type: 'replied', data: { message_id: messageId, label: label.label } },
        // Asked in words to receive no more mail: honoured as the unsubscribe link is.
        ...(label.label === 'unsubscribe'
          ? [
              {
                ...reply,
                type: 'unsubscribed' as const,
                data: {
                  message_id: messageId,
                  source: 'reply',
                  [REPLY_ENTRY_KEY]: entryId ?? null,
                },
              },
            ]
          : []),
      ]);
    }
    return true;
  });
  if (imported && deps.onReply)
    await replyEvent(deps, account.user_id, prospect, parsed, label.label);
  return imported ? 'imported' : 'skipped';
}

/** The `reply.received` event of a stored answer: the prospect, its campaign, the mail's subject and date. */
async function replyEvent(
  deps: MailboxWatchDeps,
  userId: number,
  prospectId: number,
  parsed: { subject?: string | undefined; date?: Date | undefined },
  label: ReplyLabel,
): Promise<void> {
  const prospect = await prospectsRepository(deps.db).findById(prospectId);
  const campaign = prospect && (await campaignsRepository(deps.db).findById(prospect.campaign_id));
  if (!prospect || !campaign) return;
  await deps.onReply?.(userId, {
    prospect: webhookProspect(prospect),
    campaign: webhookCampaign(campaign),
    // The classifier's label (packages/domain reply-labels.ts).
    reply: {
      subject: parsed.subject ?? null,
      received_at: (parsed.date ?? new Date()).toISOString(),
      label,
    },
  });
}

/**
 * Connects to the account's IMAP server and signs in (its password, or XOAUTH2 with a token renewed when due or
 * refused); the caller closes the client. Throws a failure whose reason `failureReason` tells.
 */
export function openMailbox(
  deps: MailboxWatchDeps,
  account: EmailAccountRow,
  options: MailboxWatchOptions = {},
): Promise<ImapFlow> {
  const provider = providerOf(account);
  return provider
    ? signInWithToken(deps, account, provider, options)
    : signInWithPassword(deps, account, options);
}

/** Why `openMailbox` or a read failed, as the account would record it. */
export function failureReason(account: EmailAccountRow, error: unknown): WatchFailureReason {
  const reason = error instanceof WatchFailed ? error.reason : classify(error, 'imap');
  // A signed-in account has no password to get wrong: a refused sign-in means the access is gone.
  return providerOf(account) && reason === 'credentials' ? 'consent_withdrawn' : reason;
}

/**
 * Reads the INBOX after the last UID seen and imports the prospects' mails; answers the counts. The INBOX is opened
 * read-only, or stays open when it already is (an IDLE connection).
 */
export async function importNewMail(
  deps: MailboxWatchDeps,
  repo: IntegrationsRepository,
  client: ImapFlow,
  account: EmailAccountRow,
  batch: number,
) {
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
    for await (const message of client.fetch(
      `${lastUid + 1}:*`,
      { uid: true, source: true },
      { uid: true },
    )) {
      if (message.uid <= lastUid || !message.source) continue;
      mails.push({ uid: message.uid, source: message.source });
      if (mails.length >= batch) break;
    }
    mails.sort((a, b) => a.uid - b.uid);
    for (const mail of mails) {
      highest = Math.max(highest, mail.uid);
      const outcome = await importMail(
        deps,
        account,
        mail.source,
        `uid:${uidValidity}:${mail.uid}`,
      );
      if (outcome === 'imported') imported += 1;
      else skipped += 1;
    }
    await repo.recordMailboxRead(account.id, uidValidity, highest);
  } finally {
    lock.release();
  }
  return { imported, skipped };
}

/** One pass over one account's INBOX. Never throws: a failure is stored on the account and answered. */
export async function pollMailbox(
  deps: MailboxWatchDeps,
  account: EmailAccountRow,
  options: MailboxWatchOptions = {},
): Promise<PollResult> {
  const repo = integrationsRepository(deps.db);
  let client: ImapFlow | null = null;
  try {
    client = await openMailbox(deps, account, options);
    const { imported, skipped } = await importNewMail(
      deps,
      repo,
      client,
      account,
      options.batch ?? 200,
    );
    await client.logout().catch(() => undefined);
    if (imported > 0) deps.onImported?.(account.user_id, imported);
    return { accountId: account.id, imported, skipped };
  } catch (error) {
    const reason = failureReason(account, error);
    await repo.recordMailboxFailure(account.id, {
      code: WATCH_ERROR_CODES[reason],
      invalidate: USER_MUST_ACT.has(reason),
      dropTokens: reason === 'consent_withdrawn',
    });
    const cause = error instanceof WatchFailed ? error.cause : error;
    deps.log?.warn(
      {
        accountId: account.id,
        reason,
        err: cause instanceof Error ? cause.message : String(cause),
      },
      'mailbox watch: the mailbox could not be read',
    );
    return { accountId: account.id, error: reason };
  } finally {
    client?.close();
  }
}

export interface WatchSchedule {
  /** Seconds between two reads of a mailbox that works (MAIL_WATCH_INTERVAL). */
  intervalSeconds: number;
  /** The longest wait of a failing mailbox, in seconds (default 30 minutes). */
  maxWaitSeconds?: number;
}

/**
 * The accounts a pass of the watch reads now: every watched account, except a failing one that is still waiting out
 * its wait (the interval, twice as long after each consecutive failure, at most `maxWaitSeconds`); it is read at the
 * normal pace again once a read works. The failures are counted on the account, so the wait holds on every
 * instance and after a restart.
 */
export async function dueAccounts(
  db: Db,
  oauth: OAuthClients | undefined,
  schedule: WatchSchedule,
  now: Date = new Date(),
): Promise<EmailAccountRow[]> {
  return integrationsRepository(db).dueWatchedAccounts(readableOAuthTypes(oauth), {
    intervalSeconds: schedule.intervalSeconds,
    maxWaitSeconds: schedule.maxWaitSeconds ?? 30 * 60,
    now,
  });
}

/** One read of one mailbox (a read job): null when the account is no longer watched (removed, invalid). */
export async function readMailbox(
  deps: MailboxWatchDeps,
  accountId: number,
  options: MailboxWatchOptions = {},
): Promise<PollResult | null> {
  const account = await integrationsRepository(deps.db).watchedAccount(
    accountId,
    readableOAuthTypes(deps.oauth),
  );
  return account ? pollMailbox(deps, account, options) : null;
}
