/**
 * The copy of an answer sent from the inbox into its mailbox's Sent folder (decision 0251), as a mail program keeps
 * one: the mail as it left, appended over IMAP (APPEND) with the \Seen flag, to the folder the server marks \Sent
 * (SPECIAL-USE, RFC 6154), else the one whose name says it is (imapflow's list of usual names in many languages,
 * "Sent", "Sent Items", "Envoyés"…). Best-effort: the answer is sent and recorded before, and a copy that fails is
 * logged and stored on the mailbox (`sent_copy_error`) where its other problems show; one that works clears it.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import type { SentCopyError } from '@prospecta/domain';
import type { EmailAccountRow } from '../db/types';
import { nodemailerMessage } from '../engine/transport';
import type { OutgoingMail } from '../engine/compose';
import {
  failureReason,
  openMailbox,
  type MailboxWatchDeps,
  type MailboxWatchOptions,
} from './mailbox-watch';

const SENT = '\\Sent';

/** The mail as a mail program stores it (RFC 5322 bytes): the headers and text the SMTP server was given. */
export function rawMail(mail: OutgoingMail, date: Date): Promise<Buffer> {
  const { envelope: _envelope, ...message } = nodemailerMessage(mail);
  return new MailComposer({ ...message, date }).compile().build();
}

export type SentCopyOutcome =
  { kind: 'copied'; folder: string } | { kind: 'failed'; error: SentCopyError; detail: string };

class CopyFailed extends Error {
  constructor(
    readonly code: SentCopyError,
    message: string,
  ) {
    super(message);
  }
}

/** Appends `raw` to the account's Sent folder; never throws. */
export async function copyToSent(
  deps: MailboxWatchDeps,
  account: EmailAccountRow,
  raw: Buffer,
  at: Date,
  options: MailboxWatchOptions = {},
): Promise<SentCopyOutcome> {
  let client: Awaited<ReturnType<typeof openMailbox>> | null = null;
  try {
    try {
      client = await openMailbox(deps, account, options);
    } catch (error) {
      throw new CopyFailed(
        'mailbox_unreachable',
        `${failureReason(account, error)}: ${messageOf(error)}`,
      );
    }
    const folders = await client.list();
    const sent = folders.find((f) => f.specialUse === SENT && !f.flags.has('\\Noselect'));
    if (!sent) throw new CopyFailed('no_sent_folder', 'no folder is marked \\Sent or named as one');
    let appended: Awaited<ReturnType<typeof client.append>>;
    try {
      appended = await client.append(sent.path, raw, ['\\Seen'], at);
    } catch (error) {
      throw new CopyFailed('append_refused', messageOf(error));
    }
    if (!appended) throw new CopyFailed('append_refused', `APPEND to ${sent.path} refused`);
    await client.logout().catch(() => undefined);
    return { kind: 'copied', folder: sent.path };
  } catch (error) {
    return error instanceof CopyFailed
      ? { kind: 'failed', error: error.code, detail: error.message }
      : { kind: 'failed', error: 'mailbox_unreachable', detail: messageOf(error) };
  } finally {
    client?.close();
  }
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
