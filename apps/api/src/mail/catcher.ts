import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../db/index';
import type { CaughtHeaders } from '../db/types';

/**
 * The local mail catcher (MAIL_CATCHER, development and CI only; see docs/decisions/0177-local-mail-catcher.md):
 * an SMTP server the API server starts itself on 127.0.0.1, accepting any sender, recipient and password, that
 * stores every message it receives whole in the `outbox` table (transport 'catcher') and keeps only the newest
 * MAIL_CATCHER_KEEP. Campaign mails are delivered here instead of the customer's mailbox SMTP (`catcherTransport`),
 * and so are the server's own mails when SMTP_URL is unset (mailer.ts), so that nothing in development or a demo
 * reaches a real address. Staff read them at /staff/caught-mails (GET /api/dev/caught-mails).
 */

/** The largest message the catcher accepts (SMTP SIZE); a bigger one is refused with 552, never cut. */
export const CATCHER_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface CaughtEnvelope {
  from: string | null;
  to: string[];
}

/** One address list of a parsed message as written in its header (`Name <a@b>, c@d`). */
function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/** A header whose value mailparser may have turned into a list or an object: back to one line of text. */
function headerText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((v) => headerText(v)).join(' ');
  if (typeof value === 'object' && 'text' in value && typeof value.text === 'string') {
    return value.text;
  }
  return undefined;
}

/** Parses a raw message and stores it, then deletes what is beyond the newest `keep`. Returns the row's id. */
export async function storeCaughtMail(
  db: Db,
  raw: Buffer,
  envelope: CaughtEnvelope,
  keep: number,
): Promise<number> {
  const parsed = await simpleParser(raw, { skipImageLinks: true });
  const lines = new Map(parsed.headerLines.map((line) => [line.key, line.line]));
  // The raw header lines ("List-Unsubscribe: <…>, <…>") keep the value exactly as sent, folded lines joined.
  const rawHeader = (key: string): string | undefined => {
    const line = lines.get(key);
    if (line === undefined) return undefined;
    return line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim();
  };
  const headers: CaughtHeaders = {};
  const messageId = parsed.messageId ?? rawHeader('message-id');
  if (messageId) headers.message_id = messageId;
  const inReplyTo = parsed.inReplyTo ?? rawHeader('in-reply-to');
  if (inReplyTo) headers.in_reply_to = inReplyTo;
  const references = headerText(parsed.references) ?? rawHeader('references');
  if (references) headers.references = references;
  const listUnsubscribe = rawHeader('list-unsubscribe');
  if (listUnsubscribe) headers.list_unsubscribe = listUnsubscribe;
  const listUnsubscribePost = rawHeader('list-unsubscribe-post');
  if (listUnsubscribePost) headers.list_unsubscribe_post = listUnsubscribePost;

  const to = addressText(parsed.to) || envelope.to.join(', ');
  const row = await db
    .insertInto('outbox')
    .values({
      to,
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      transport: 'catcher',
      raw: raw.toString('utf8'),
      envelope_from: envelope.from,
      envelope_to: JSON.stringify(envelope.to),
      from: addressText(parsed.from) || envelope.from,
      html: typeof parsed.html === 'string' ? parsed.html : null,
      sent_at: parsed.date ?? null,
      headers: JSON.stringify(headers),
      size: raw.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('outbox')
    .where('transport', '=', 'catcher')
    .where('id', '<=', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('transport', '=', 'catcher')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1),
    )
    .execute();
  return row.id;
}

export class MailCatcher {
  private server: SMTPServer | null = null;
  private boundPort: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: { port: number; keep: number },
    private readonly log: Logger,
  ) {}

  /** The port it listens on (127.0.0.1); throws before `start`. */
  get port(): number {
    if (this.boundPort === null) throw new Error('The mail catcher is not started.');
    return this.boundPort;
  }

  get listening(): boolean {
    return this.boundPort !== null;
  }

  async start(): Promise<number> {
    if (this.boundPort !== null) return this.boundPort;
    const server = new SMTPServer({
      // Loopback only and never deployed: plain SMTP, any password (campaign senders sign in as their mailbox).
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
      size: CATCHER_MAX_MESSAGE_BYTES,
      banner: 'Prospecta mail catcher: nothing leaves this machine',
      logger: false,
      onAuth: (auth, _session, callback) => {
        callback(null, { user: auth.username ?? 'anyone' });
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', (error) => callback(error));
        stream.on('end', () => {
          if (stream.sizeExceeded) {
            const error = Object.assign(
              new Error(
                `Message exceeds the catcher's size limit of ${CATCHER_MAX_MESSAGE_BYTES} bytes`,
              ),
              { responseCode: 552 },
            );
            callback(error);
            return;
          }
          const envelope: CaughtEnvelope = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          storeCaughtMail(this.db, Buffer.concat(chunks), envelope, this.options.keep).then(
            (id) => {
              this.log.info(
                { caughtMailId: id, to: envelope.to },
                'e-mail caught by the local mail catcher',
              );
              callback(null, `Caught as ${id}`);
            },
            (error: unknown) => {
              this.log.warn({ err: error }, 'the mail catcher could not store a message');
              callback(
                Object.assign(new Error('The catcher could not store the message'), {
                  responseCode: 451,
                }),
              );
            },
          );
        });
      },
    });
    server.on('error', (error) => this.log.warn({ err: error }, 'mail catcher error'));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.options.port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.boundPort = (server.server.address() as AddressInfo).port;
    this.log.info({ port: this.boundPort }, 'local mail catcher listening on 127.0.0.1');
    return this.boundPort;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.boundPort = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * The nodemailer SMTP options that deliver to the catcher: 127.0.0.1 at its port, plain SMTP. A campaign's deliverer
 * uses them INSTEAD of the sending mailbox's SMTP server whenever the catcher is on (`services.mailCatcher` not null),
 * keeping its own From, envelope and headers, so the caught message is exactly what the prospect would get.
 */
export function catcherTransportOptions(catcher: MailCatcher): SMTPTransport.Options {
  return {
    host: '127.0.0.1',
    port: catcher.port,
    secure: false,
    ignoreTLS: true,
    // The catcher accepts any sign-in; none is needed.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/**
 * The nodemailer transport to the catcher when it is on, else null (send through the mailbox's own SMTP server):
 *
 *     const transport = catcherTransport(services) ?? nodemailer.createTransport(mailboxSmtpOptions);
 *     await transport.sendMail(message);
 */
export function catcherTransport(services: {
  mailCatcher: MailCatcher | null;
}): Transporter<SMTPTransport.SentMessageInfo> | null {
  const catcher = services.mailCatcher;
  if (!catcher) return null;
  return nodemailer.createTransport(catcherTransportOptions(catcher));
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The newest caught mails, newest first (GET /api/dev/caught-mails). */
export async function listCaughtMails(db: Db, limit: number) {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'from', 'to', 'subject', 'sent_at', 'created_at'])
    .where('transport', '=', 'catcher')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    from: r.from ?? '',
    to: r.to,
    subject: r.subject,
    date: iso(r.sent_at),
    received_at: r.created_at.toISOString(),
  }));
}

/** One caught mail whole (GET /api/dev/caught-mails/{id}); undefined when it is not kept. */
export async function findCaughtMail(db: Db, id: number) {
  const r = await db
    .selectFrom('outbox')
    .selectAll()
    .where('transport', '=', 'catcher')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: r.id,
    from: r.from ?? '',
    to: r.to,
    subject: r.subject,
    date: iso(r.sent_at),
    received_at: r.created_at.toISOString(),
    envelope_from: r.envelope_from,
    envelope_to: r.envelope_to ?? [],
    headers: r.headers ?? {},
    text: r.text,
    html: r.html,
    raw: r.raw ?? '',
    size: r.size ?? 0,
  };
}
