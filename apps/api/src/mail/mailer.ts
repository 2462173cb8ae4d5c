import nodemailer from 'nodemailer';
import type { Db } from '../db/index';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
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
 * Without SMTP configuration, messages land in the local outbox table: a log
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
