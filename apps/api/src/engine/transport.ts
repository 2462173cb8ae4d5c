/**
 * Hands one composed mail to its mailbox's SMTP server (nodemailer) and says how it went, in the engine's words:
 *
 * - An SMTP/IMAP account: its own server, checked by the mail-host policy before any connection (no loopback,
 *   private or link-local address unless MAIL_HOST_ALLOWLIST names it; mail ports only), reached at the checked
 *   address with the typed name for TLS; its password decrypted from the account (SecretBox).
 * - A Google or Microsoft account: the provider's SMTP server with XOAUTH2 and the stored access token, renewed as
 *   the mailbox watch renews it (integrations/oauth-access.ts).
 * - Short connection, greeting and socket timeouts: a silent server costs a send seconds, not minutes.
 */
import { createHash } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import {
  EXTERNAL_SIGN_IN_ACCOUNT_TYPES,
  EXTERNAL_SIGN_IN_PROVIDERS,
  type ExternalSignInProvider,
} from '@prospecta/domain';
import type { Db } from '../db/index';
import type { EmailAccountRow } from '../db/types';
import { classify, tlsName } from '../integrations/mail-check';
import { MailHostRefused, type MailHostGuard } from '../integrations/mail-hosts';
import type { OAuthClients } from '../integrations/oauth';
import { OAuthAccessFailed, withAccessToken } from '../integrations/oauth-access';
import { catcherTransportOptions, type MailCatcher } from '../mail/catcher';
import type { SecretBox } from '../security/secret-box';
import type { OutgoingMail } from './compose';

export interface TransportDeps {
  db: Db;
  secretBox: SecretBox;
  mailHosts: MailHostGuard;
  oauth?: OAuthClients | undefined;
  smtp?: SmtpOptions;
  /** Connections kept open per mailbox for its next sends; without it, one connection per mail. */
  pools?: SmtpPools;
  /**
   * In development and CI, the local mail catcher (mail/catcher.ts): every mail goes to it instead of the mailbox's
   * server, so a demo campaign never writes to a real address.
   */
  catcher?: MailCatcher | null;
}

export interface SmtpOptions {
  /** Connection and greeting timeout; the socket's inactivity timeout is twice as long. Default 10 s. */
  timeoutMs?: number;
  /** Extra trusted certificate authorities (PEM): a company CA, the tests' self-signed certificate. */
  ca?: string | Buffer;
}

/** How the mailbox's SMTP server answered one mail. */
export type SendResult =
  /** Accepted (2xx after DATA): `response` is the server's answer. */
  | { kind: 'accepted'; response: string }
  /** A temporary refusal (4xx), a timeout or a connection dropped before the answer to DATA. */
  | { kind: 'temporary'; code: number | null; error: string }
  /** A permanent refusal (5xx) of the address or of the mail. */
  | { kind: 'permanent'; code: number; error: string }
  /** The server refused the credentials (or the provider's access is gone): the mailbox, not the prospect. */
  | { kind: 'credentials'; error: string }
  /** Anything else: TLS, certificate, a server the policy refuses, a provider that does not answer. */
  | { kind: 'error'; error: string };

/** SMTP replies about the client's authentication, not the recipient (RFC 4954). */
const AUTH_CODES = new Set([530, 534, 535, 538]);
/** Network failures nodemailer reports: the mail was not accepted, trying later may work. */
const NETWORK_CODES = new Set(['ETIMEDOUT', 'ECONNECTION', 'ESOCKET', 'EPROTOCOL', 'ECONNRESET']);

function providerOf(account: Pick<EmailAccountRow, 'account_type'>): ExternalSignInProvider | null {
  return (
    EXTERNAL_SIGN_IN_PROVIDERS.find(
      (p) => EXTERNAL_SIGN_IN_ACCOUNT_TYPES[p] === account.account_type,
    ) ?? null
  );
}

const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/** What an error of nodemailer (or of the steps before it) means for the send. */
export function sendResultOf(error: unknown): Exclude<SendResult, { kind: 'accepted' }> {
  const message = messageOf(error);
  if (error instanceof OAuthAccessFailed)
    return error.reason === 'consent_withdrawn'
      ? { kind: 'credentials', error: message }
      : { kind: 'error', error: message };
  if (error instanceof MailHostRefused) return { kind: 'error', error: message };
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  if (e.code === 'EAUTH' || (code !== null && AUTH_CODES.has(code)))
    return { kind: 'credentials', error: message };
  if (code !== null && code >= 500 && code < 600)
    return { kind: 'permanent', code, error: message };
  if (code !== null && code >= 400 && code < 500)
    return { kind: 'temporary', code, error: message };
  const reason = classify(error, 'smtp');
  if (reason === 'certificate' || reason === 'tls_mode') return { kind: 'error', error: message };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code))
    return { kind: 'temporary', code: null, error: message };
  return { kind: 'error', error: message };
}

/** The nodemailer message of a composed mail (envelope: the mailbox to the prospect). */
export function nodemailerMessage(mail: OutgoingMail): SendMailOptions {
  return {
    from: mail.from,
    to: mail.to.name ? mail.to : mail.to.address,
    subject: mail.subject,
    messageId: `<${mail.messageId}>`,
    ...(mail.inReplyTo ? { inReplyTo: `<${mail.inReplyTo}>` } : {}),
    ...(mail.references.length ? { references: mail.references.map((id) => `<${id}>`) } : {}),
    headers: mail.headers,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    envelope: { from: mail.from.address, to: [mail.to.address] },
  };
}

/**
 * Open SMTP connections per mailbox, reused by its next sends: one TLS handshake and one login for many mails
 * instead of one per mail. A pool is keyed by where and as whom it connects (a changed password, token or server
 * makes a new one); its connections close after `idleMs` without a mail, and all of them once the credentials are
 * refused. nodemailer never sends a
 * mail again on its own (`maxRequeues: 0`): a mail whose connection dropped is the deliverer's to defer.
 */
export class SmtpPools {
  private readonly pools = new Map<number, { key: string; transport: Transporter }>();

  constructor(
    private readonly settings: { maxConnections: number; idleMs: number } = {
      maxConnections: 2,
      idleMs: 30_000,
    },
  ) {}

  /** The account's pooled transport for these options, made (and the previous one closed) when they changed. */
  transport(accountId: number, options: SMTPTransport.Options): Transporter {
    const key = createHash('sha256').update(JSON.stringify(options)).digest('base64url');
    const current = this.pools.get(accountId);
    if (current?.key === key) return current.transport;
    // A previous pool's connections finish their mails and close once idle.
    const transport = nodemailer.createTransport({
      ...options,
      pool: true,
      maxConnections: this.settings.maxConnections,
      maxMessages: 1000,
      maxRequeues: 0,
      idleTimeout: this.settings.idleMs,
    } as SMTPTransport.Options);
    this.pools.set(accountId, { key, transport });
    return transport;
  }

  /** Closes the account's connections (its credentials were refused: the next send signs in afresh). */
  drop(accountId: number): void {
    this.pools.get(accountId)?.transport.close();
    this.pools.delete(accountId);
  }

  close(): void {
    for (const { transport } of this.pools.values()) transport.close();
    this.pools.clear();
  }
}

interface Server {
  host: string;
  servername?: string;
  port: number;
  secure: boolean;
}

async function deliverTo(
  server: Server,
  auth: SMTPTransport.Options['auth'],
  mail: OutgoingMail,
  options: SmtpOptions,
  pool: { pools: SmtpPools; accountId: number } | null,
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transportOptions: SMTPTransport.Options = {
    host: server.host,
    ...(server.servername ? { servername: server.servername } : {}),
    port: server.port,
    secure: server.secure,
    requireTLS: !server.secure,
    auth,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    dnsTimeout: timeoutMs,
    tls: { rejectUnauthorized: true, ...(options.ca ? { ca: options.ca } : {}) },
  };
  if (pool) {
    const info = (await pool.pools
      .transport(pool.accountId, transportOptions)
      .sendMail(nodemailerMessage(mail))) as SMTPTransport.SentMessageInfo;
    return info.response;
  }
  const transport = nodemailer.createTransport(transportOptions);
  try {
    const info = await transport.sendMail(nodemailerMessage(mail));
    return info.response;
  } finally {
    transport.close();
  }
}

/** Sends one mail through the account's SMTP server; never throws (every failure is a SendResult). */
export async function sendThroughMailbox(
  deps: TransportDeps,
  account: EmailAccountRow,
  mail: OutgoingMail,
): Promise<SendResult> {
  if (deps.catcher) return sendToCatcher(deps.catcher, mail);
  const options = deps.smtp ?? {};
  const pool = deps.pools ? { pools: deps.pools, accountId: account.id } : null;
  const result = await attempt(deps, account, mail, options, pool);
  if (result.kind === 'credentials') deps.pools?.drop(account.id);
  return result;
}

/** The mail as it would leave, handed to the local catcher instead (no mail-host check, no credentials). */
async function sendToCatcher(catcher: MailCatcher, mail: OutgoingMail): Promise<SendResult> {
  const transport = nodemailer.createTransport(catcherTransportOptions(catcher));
  try {
    const info = (await transport.sendMail(
      nodemailerMessage(mail),
    )) as SMTPTransport.SentMessageInfo;
    return { kind: 'accepted', response: info.response };
  } catch (error) {
    return sendResultOf(error);
  } finally {
    transport.close();
  }
}

async function attempt(
  deps: TransportDeps,
  account: EmailAccountRow,
  mail: OutgoingMail,
  options: SmtpOptions,
  pool: { pools: SmtpPools; accountId: number } | null,
): Promise<SendResult> {
  try {
    const provider = providerOf(account);
    let response: string;
    if (provider) {
      response = await withAccessToken(
        deps,
        account,
        provider,
        (accessToken) => {
          const { host, port } = (deps.oauth as OAuthClients).smtpServer(provider);
          return deliverTo(
            { host, port, secure: port === 465 },
            { type: 'OAuth2', user: account.email, accessToken },
            mail,
            options,
            pool,
          );
        },
        (error) => sendResultOf(error).kind === 'credentials',
      );
    } else {
      let password: string;
      try {
        password = deps.secretBox.decrypt(
          account.password_enc ?? '',
          `email_account:${account.id}`,
        );
      } catch (error) {
        // Sealed with another key (or damaged): only the user can give it again.
        return { kind: 'credentials', error: `password unreadable: ${messageOf(error)}` };
      }
      const host = account.smtp_host ?? '';
      const port = account.smtp_port ?? 587;
      const { address } = await deps.mailHosts.resolve(host, port);
      response = await deliverTo(
        { host: address, ...tlsName({ host }), port, secure: account.smtp_secure ?? port === 465 },
        { user: account.email, pass: password },
        mail,
        options,
        pool,
      );
    }
    return { kind: 'accepted', response };
  } catch (error) {
    return sendResultOf(error);
  }
}
