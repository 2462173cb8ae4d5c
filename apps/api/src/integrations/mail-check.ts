/**
 * Live check of an SMTP/IMAP account before it is stored: an IMAP login through imapflow,
 * then an SMTP login through nodemailer's `verify`, both with timeouts. The result says
 * which part failed and why, so the app can tell a wrong host, port or SSL mode from
 * refused credentials.
 */
import { isIP } from 'node:net';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';

export interface ServerEndpoint {
  /** The name the user typed: what TLS checks the certificate against (SNI). */
  host: string;
  /** Where to connect: the address MailHostGuard checked (integrations/mail-hosts.ts); never looked up again. */
  address: string;
  port: number;
  /** true: implicit TLS (ssl); false: plain connection upgraded with STARTTLS (tls), STARTTLS required. */
  secure: boolean;
}

export interface MailCheckInput {
  user: string;
  password: string;
  imap: ServerEndpoint;
  smtp: ServerEndpoint;
}

/** Why one part failed. */
export type MailCheckReason = 'unreachable' | 'tls_mode' | 'certificate' | 'credentials';
export type MailCheckResult =
  { ok: true } | { ok: false; part: 'imap' | 'smtp'; reason: MailCheckReason };
export type MailChecker = (input: MailCheckInput) => Promise<MailCheckResult>;

export interface MailCheckOptions {
  /** Per-step timeout (connection, greeting, socket inactivity). */
  timeoutMs?: number;
  /** Extra trusted certificate authorities (PEM), e.g. a company CA or the tests' self-signed certificate. */
  ca?: string | Buffer;
}

const CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  authenticationFailed?: unknown;
  responseCode?: unknown;
  cause?: unknown;
  tlsFailed?: unknown;
  serverResponseCode?: unknown;
}

/** Walks an error and its causes, collecting codes and messages. */
function facts(error: unknown): {
  codes: string[];
  text: string;
  auth: boolean;
  tlsFailed: boolean;
  responseCode: number | null;
} {
  const codes: string[] = [];
  let text = '';
  let auth = false;
  let tlsFailed = false;
  let responseCode: number | null = null;
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const e = current as ErrorLike;
    if (typeof e.code === 'string') codes.push(e.code);
    if (typeof e.serverResponseCode === 'string') codes.push(e.serverResponseCode);
    if (typeof e.message === 'string') text += ` ${e.message}`;
    if (e.authenticationFailed === true) auth = true;
    if (e.tlsFailed === true) tlsFailed = true;
    if (typeof e.responseCode === 'number' && responseCode === null) responseCode = e.responseCode;
    current = e.cause;
  }
  return { codes, text, auth, tlsFailed, responseCode };
}

/** Why a connection or login failed, from the error and its causes (also used by the mailbox watch). */
export function classify(error: unknown, part: 'imap' | 'smtp'): MailCheckReason {
  const f = facts(error);
  if (f.codes.some((c) => CERTIFICATE_CODES.has(c)) || /certificate|self[- ]signed/i.test(f.text))
    return 'certificate';
  // NO [UNAVAILABLE] (RFC 5530): the server could not check the credentials now (its password or token service is
  // down), which says nothing against them.
  if (part === 'imap' && f.codes.includes('UNAVAILABLE')) return 'unreachable';
  if (part === 'imap' && f.auth) return 'credentials';
  if (
    part === 'smtp' &&
    (f.codes.includes('EAUTH') || f.responseCode === 535 || f.responseCode === 534)
  )
    return 'credentials';
  // TLS spoken to a plain port ("wrong version number"), no greeting because the server waits for
  // a TLS handshake, or STARTTLS required but not offered: the SSL setting does not match the port.
  if (
    f.tlsFailed ||
    f.codes.some(
      (c) =>
        c.startsWith('ERR_SSL') ||
        c === 'GREETING_TIMEOUT' ||
        c === 'ETLS' ||
        c === 'UPGRADE_TIMEOUT',
    ) ||
    /wrong version number|packet length too long|greeting|STARTTLS|tls/i.test(f.text)
  ) {
    return 'tls_mode';
  }
  return 'unreachable';
}

/** The TLS server name of a connection made to an address: the host name typed (none for an address typed as such). */
export function tlsName(endpoint: Pick<ServerEndpoint, 'host'>): { servername?: string } {
  return isIP(endpoint.host) ? {} : { servername: endpoint.host };
}

async function checkImap(
  input: MailCheckInput,
  timeoutMs: number,
  ca: MailCheckOptions['ca'],
): Promise<MailCheckReason | null> {
  const client = new ImapFlow({
    host: input.imap.address,
    ...tlsName(input.imap),
    port: input.imap.port,
    secure: input.imap.secure,
    doSTARTTLS: input.imap.secure ? undefined : true,
    auth: { user: input.user, pass: input.password },
    logger: false,
    connectionTimeout: timeoutMs,
    // A plain client on an implicit-TLS port hears no greeting (the server waits for a TLS
    // handshake): the greeting timeout fires first and says so.
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs * 2,
    disableAutoIdle: true,
    tls: { rejectUnauthorized: true, ...(ca ? { ca } : {}) },
  });
  // A late socket error after the promise settled must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.logout().catch(() => undefined);
    return null;
  } catch (error) {
    return classify(error, 'imap');
  } finally {
    client.close();
  }
}

async function checkSmtp(
  input: MailCheckInput,
  timeoutMs: number,
  ca: MailCheckOptions['ca'],
): Promise<MailCheckReason | null> {
  const transport = nodemailer.createTransport({
    host: input.smtp.address,
    ...tlsName(input.smtp),
    port: input.smtp.port,
    secure: input.smtp.secure,
    requireTLS: !input.smtp.secure,
    auth: { user: input.user, pass: input.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    tls: { rejectUnauthorized: true, ...(ca ? { ca } : {}) },
  });
  try {
    await transport.verify();
    return null;
  } catch (error) {
    return classify(error, 'smtp');
  } finally {
    transport.close();
  }
}

export function liveMailChecker(options: MailCheckOptions = {}): MailChecker {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (input) => {
    const imap = await checkImap(input, timeoutMs, options.ca);
    if (imap) return { ok: false, part: 'imap', reason: imap };
    const smtp = await checkSmtp(input, timeoutMs, options.ca);
    if (smtp) return { ok: false, part: 'smtp', reason: smtp };
    return { ok: true };
  };
}
