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
import nodemailer, { type SendMailOptions } from 'nodemailer';
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
import type { SecretBox } from '../security/secret-box';
import type { ComposedMail } from './compose';

export interface TransportDeps {
  db: Db;
  secretBox: SecretBox;
  mailHosts: MailHostGuard;
  oauth?: OAuthClients | undefined;
  smtp?: SmtpOptions;
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
export function nodemailerMessage(mail: ComposedMail): SendMailOptions {
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

interface Server {
  host: string;
  servername?: string;
  port: number;
  secure: boolean;
}

async function deliverTo(
  server: Server,
  auth: SMTPTransport.Options['auth'],
  mail: ComposedMail,
  options: SmtpOptions,
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
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
  });
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
  mail: ComposedMail,
): Promise<SendResult> {
  const options = deps.smtp ?? {};
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
      );
    }
    return { kind: 'accepted', response };
  } catch (error) {
    return sendResultOf(error);
  }
}
