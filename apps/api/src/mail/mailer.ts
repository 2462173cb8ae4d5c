import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/index';
import { catcherTransportOptions, type MailCatcher } from './catcher';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'catcher' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
}

/** Sends through SMTP (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

/**
 * Without SMTP_URL and with the local mail catcher on (MAIL_CATCHER, development and CI): through SMTP to the
 * catcher, which stores the message whole in the outbox table; GET /api/dev/outbox still lists it.
 */
export function catcherMailer(catcher: MailCatcher, from: string): Mailer {
  let transporter: Transporter | null = null;
  return {
    transport: 'catcher',
    async send(message) {
      // Made at the first mail: the catcher's port is known once the server has started it.
      transporter ??= nodemailer.createTransport(catcherTransportOptions(catcher));
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
  };
}

/**
 * Without SMTP configuration nor the catcher, messages land in the local outbox table: a log
 * line announces them and GET /api/dev/outbox (DEV_OUTBOX=true, development and CI only) or
 * `pnpm --filter @prospecta/api cli outbox` lists them.
 */
export function outboxMailer(db: Db, log: Logger): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      const row = await db
        .insertInto('outbox')
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          transport: 'outbox',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      log.info(
        { outboxId: row.id, to: message.to, subject: message.subject },
        'e-mail written to the dev outbox (SMTP_URL unset)',
      );
    },
  };
}

export async function listOutbox(db: Db, limit = 50) {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'to', 'subject', 'text', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    created_at: r.created_at.toISOString(),
  }));
}
