/**
 * An answer to a prospect's e-mail, written in the inbox and sent at once through the engine's transport (decision
 * 0225):
 *
 * - From the chosen mailbox, else the one the prospect was contacted from (the campaign's send it replied to), else
 *   the one that received its mail; a mailbox that is not valid or that the engine paused is refused with its reason.
 * - Threaded on the prospect's mail: `In-Reply-To` its Message-ID, `References` its thread then it, the subject
 *   `Re: ` + its subject; plain text: the answer, the mailbox's signature after `-- ` (RFC 3676), then the prospect's
 *   text quoted under one line saying who wrote it and when (in the campaign's language).
 * - Sent once: the attempt is recorded `sending` (keyed by the app's idempotency key) and committed before any SMTP;
 *   the same key never sends again, and a second attempt on the same mail waits for the first.
 * - Accepted: an outbound `email` history entry with the answer and the signature, the prospect's mail read and
 *   answered; then the mail copied into the mailbox's Sent folder, best-effort (decision 0251). Refused or silent:
 *   the attempt `failed` with its code, nothing in the history.
 */
import { CAMPAIGN_LANGUAGES, type AnswerErrorCode } from '@prospecta/domain';
import type { CampaignLanguage } from '@prospecta/domain/contract';
import type { EmailAccountRow } from '../db/types';
import type { Repositories } from '../repositories/index';
import type { AnsweredMessage } from '../repositories/inbox-answers';
import { bareMessageId } from '../integrations/mail-report';
import type { OutgoingMail } from './compose';
import { newMessageId } from './plan';
import { sendThroughMailbox, type SendResult, type TransportDeps } from './transport';

const RE = /^\s*re\s*:/i;
/** At most this many Message-IDs in `References` (the thread's first, then its last ones: RFC 5322 §3.6.4). */
const MAX_REFERENCES = 20;

export interface AnswerComposeInput {
  messageId: string;
  mailbox: { name: string; email: string; signature: string };
  to: { name: string; address: string };
  /** The answer as written (plain text). */
  body: string;
  reply: {
    /** Without angle brackets; null when the mail had none we can answer. */
    messageId: string | null;
    /** The mail's own References, oldest first, without angle brackets. */
    references: readonly string[];
    subject: string | null;
    text: string;
    from: { name: string; address: string };
    receivedAt: Date;
  };
  language: CampaignLanguage;
}

/** A Message-ID as a header may carry it: `local@domain`, no space or bracket. */
const isMessageId = (id: string) => /^[^\s<>@]+@[^\s<>@]+$/.test(id);

/** The subject of an answer: `Re: ` + the mail's subject, once. */
export function answerSubject(subject: string | null): string {
  const line = (subject ?? '').replaceAll(/\s*[\r\n]+\s*/g, ' ').trim();
  if (line === '') return 'Re:';
  return RE.test(line) ? line : `Re: ${line}`;
}

/** The thread an answer names: the mail's References then the mail, without repeats, the first and the last ones. */
export function answerReferences(
  references: readonly string[],
  messageId: string | null,
): string[] {
  const ids = [...new Set([...references, ...(messageId ? [messageId] : [])])].filter(isMessageId);
  if (ids.length <= MAX_REFERENCES) return ids;
  return [ids[0] as string, ...ids.slice(ids.length - (MAX_REFERENCES - 1))];
}

const ATTRIBUTION: Record<CampaignLanguage, (date: string, who: string) => string> = {
  fr: (date, who) => `Le ${date}, ${who} a écrit\u00a0:`,
  en: (date, who) => `On ${date}, ${who} wrote:`,
};

function attributionDate(at: Date, language: CampaignLanguage): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CH' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/Zurich',
  }).format(at);
}

const lines = (text: string) => text.replaceAll(/\r\n?/g, '\n').replace(/\s+$/, '').split('\n');

/** The plain text of an answer: the body, the signature after `-- `, then the mail quoted. */
export function answerText(input: AnswerComposeInput): string {
  const body = lines(input.body).map((line) => line.replace(/\s+$/, ''));
  const signature =
    input.mailbox.signature.trim() === '' ? [] : ['', '-- ', ...lines(input.mailbox.signature)];
  const { from } = input.reply;
  const who = from.name ? `${from.name} <${from.address}>` : from.address;
  const quoted =
    input.reply.text.trim() === ''
      ? []
      : [
          '',
          ATTRIBUTION[input.language](attributionDate(input.reply.receivedAt, input.language), who),
          ...lines(input.reply.text).map((line) => (line === '' ? '>' : `> ${line}`)),
        ];
  return [...body, ...signature, ...quoted].join('\n') + '\n';
}

/** The answer as it leaves (pure: no database, no clock, no network). */
export function composeAnswer(input: AnswerComposeInput): OutgoingMail {
  const replyId =
    input.reply.messageId && isMessageId(input.reply.messageId) ? input.reply.messageId : null;
  return {
    from: { name: input.mailbox.name, address: input.mailbox.email },
    to: input.to,
    subject: answerSubject(input.reply.subject),
    messageId: input.messageId,
    inReplyTo: replyId,
    references: answerReferences(input.reply.references, replyId),
    headers: {},
    text: answerText(input),
    html: null,
  };
}

/** What the answer's sending says about its mail server, in the contract's codes. */
export function answerErrorOf(result: Exclude<SendResult, { kind: 'accepted' }>): AnswerErrorCode {
  switch (result.kind) {
    case 'permanent':
      return 'answer_refused';
    case 'temporary':
      // A 4xx is a refusal (for now); no code: silence or a connection lost, the mail may or may not have left.
      return result.code === null ? 'answer_timeout' : 'answer_refused';
    case 'credentials':
      return 'answer_credentials_refused';
    case 'error':
      return 'answer_failed';
  }
}

export type AnswerOutcome =
  | {
      kind: 'sent';
      replayed: boolean;
      historyEntryId: number;
      mail: Pick<OutgoingMail, 'from' | 'to' | 'subject'>;
      emailAccountId: number;
    }
  | { kind: 'refused'; code: AnswerErrorCode; detail: string };

export interface AnswerRequest {
  userId: number;
  messageId: number;
  body: string;
  emailAccountId: number | null;
  key: string;
}

export interface AnswerDeps extends TransportDeps {
  repos: Pick<Repositories, 'inboxAnswers'>;
  /**
   * Copies the sent mail into the mailbox's Sent folder (integrations/sent-copy.ts), after the answer is recorded;
   * it never fails the answer. Not called for a mail the local catcher took: it never left.
   */
  copyToSent?: (account: EmailAccountRow, mail: OutgoingMail, at: Date) => Promise<void>;
}

const languageOf = (value: string | null): CampaignLanguage =>
  (CAMPAIGN_LANGUAGES as readonly string[]).includes(value ?? '')
    ? (value as CampaignLanguage)
    : 'fr';

const refused = (code: AnswerErrorCode, detail: string): AnswerOutcome => ({
  kind: 'refused',
  code,
  detail,
});

/** Why a mailbox cannot send an answer now, or null. */
function unusable(account: EmailAccountRow): AnswerErrorCode | null {
  if (!account.is_valid) return 'answer_mailbox_invalid';
  if (account.sending_paused_at !== null) return 'answer_mailbox_paused';
  return null;
}

/**
 * The mailbox to answer from: the chosen one, else the first usable of the mailbox the prospect was contacted from
 * and the one that received its mail. A refusal names the first one's reason when none is usable.
 */
async function chooseMailbox(
  deps: AnswerDeps,
  request: AnswerRequest,
  message: AnsweredMessage,
  contactedFrom: number | null,
): Promise<EmailAccountRow | AnswerOutcome> {
  const repo = deps.repos.inboxAnswers;
  if (request.emailAccountId !== null) {
    const chosen = await repo.mailboxOf(request.userId, request.emailAccountId);
    if (!chosen)
      return refused('answer_no_mailbox', 'The chosen mailbox is not one of the user’s.');
    const reason = unusable(chosen);
    return reason ? refused(reason, `Mailbox ${chosen.id} cannot send now.`) : chosen;
  }
  const received =
    typeof message.data.email_account_id === 'number' ? message.data.email_account_id : null;
  let first: AnswerErrorCode | null = null;
  for (const id of [contactedFrom, received]) {
    if (id === null) continue;
    const account = await repo.mailboxOf(request.userId, id);
    if (!account) continue;
    const reason = unusable(account);
    if (!reason) return account;
    first ??= reason;
  }
  return refused(first ?? 'answer_no_mailbox', 'No mailbox of the user can send this answer.');
}

/** The stored outcome of an attempt made with the same key: never sent twice. */
async function replay(
  deps: AnswerDeps,
  userId: number,
  key: string,
): Promise<AnswerOutcome | null> {
  const attempt = await deps.repos.inboxAnswers.attemptByKey(userId, key);
  if (!attempt) return null;
  if (attempt.state === 'sent' && attempt.history_entry_id !== null) {
    const entry = await deps.repos.inboxAnswers.historyEntry(attempt.history_entry_id);
    const data = (typeof entry.data === 'string' ? JSON.parse(entry.data) : entry.data) as Record<
      string,
      unknown
    >;
    return {
      kind: 'sent',
      replayed: true,
      historyEntryId: attempt.history_entry_id,
      emailAccountId: attempt.email_account_id ?? 0,
      mail: {
        from: { name: '', address: String(data.from ?? '') },
        to: { name: '', address: String(data.to ?? '') },
        subject: String(data.subject ?? ''),
      },
    };
  }
  if (attempt.state === 'failed')
    return refused(
      (attempt.error_code as AnswerErrorCode | null) ?? 'answer_failed',
      'This attempt failed already; a new attempt needs a new key.',
    );
  return refused('answer_in_progress', 'This attempt is being sent, or its outcome is unknown.');
}

/** Answers a prospect's e-mail (see the module's comment). */
export async function answerMessage(
  deps: AnswerDeps,
  request: AnswerRequest,
  message: AnsweredMessage,
): Promise<AnswerOutcome> {
  const repo = deps.repos.inboxAnswers;
  const replayed = await replay(deps, request.userId, request.key);
  if (replayed) return replayed;
  if (message.type !== 'email')
    return refused('answer_not_email', 'Only an e-mail can be answered by e-mail.');
  const body = request.body.replaceAll(/\r\n?/g, '\n');

  const replyId = bareMessageId(
    typeof message.data.message_id === 'string' ? message.data.message_id : null,
  );
  const contacted = await repo.contactedFrom(message.prospectId, replyId);
  const mailbox = await chooseMailbox(deps, request, message, contacted.emailAccountId);
  if (!(mailbox && 'id' in mailbox)) return mailbox;

  const fromAddress =
    typeof message.data.from === 'string' && message.data.from.includes('@')
      ? message.data.from
      : (message.prospect.email ?? '').trim();
  if (!fromAddress) return refused('answer_refused', 'The prospect has no address to answer.');
  const prospectName = [message.prospect.first_name, message.prospect.last_name]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
  const storedReferences = Array.isArray(message.data.references)
    ? message.data.references.filter((id): id is string => typeof id === 'string')
    : contacted.thread;
  const at = new Date();
  const mail = composeAnswer({
    messageId: newMessageId(mailbox.email),
    mailbox: { name: mailbox.name, email: mailbox.email, signature: mailbox.signature },
    to: { name: prospectName, address: fromAddress },
    body,
    reply: {
      messageId: replyId,
      references: storedReferences,
      subject: typeof message.data.subject === 'string' ? message.data.subject : null,
      text: message.content,
      from: { name: prospectName, address: fromAddress },
      receivedAt: message.receivedAt,
    },
    language: languageOf(message.campaignLanguage),
  });

  const attemptId = await repo.start({
    userId: request.userId,
    replyEntryId: message.entryId,
    prospectId: message.prospectId,
    key: request.key,
    emailAccountId: mailbox.id,
    messageId: mail.messageId,
    at,
  });
  if (attemptId === null)
    return (
      (await replay(deps, request.userId, request.key)) ??
      refused('answer_in_progress', 'Another answer to this message is being sent.')
    );

  const result = await sendThroughMailbox(deps, mailbox, mail);
  if (result.kind !== 'accepted') {
    const code = answerErrorOf(result);
    await repo.fail(attemptId, code, result.error);
    return refused(code, result.error);
  }
  // What was written and signed, not the quoted mail: the history already holds it.
  const signature = mailbox.signature.trim();
  const content = signature
    ? `${body.replace(/\s+$/, '')}\n\n-- \n${signature}`
    : body.replace(/\s+$/, '');
  const sentAt = new Date();
  const historyEntryId = await repo.sent(attemptId, {
    prospectId: message.prospectId,
    replyEntryId: message.entryId,
    replyReceivedAt: message.receivedAt,
    content,
    data: {
      source: 'inbox_answer',
      email_account_id: mailbox.id,
      message_id: mail.messageId,
      in_reply_to: mail.inReplyTo,
      references: mail.references,
      subject: mail.subject,
      from: mail.from.address,
      to: mail.to.address,
      answered_entry_id: message.entryId,
      response: result.response,
    },
    at: sentAt,
  });
  if (deps.copyToSent && !deps.catcher) await deps.copyToSent(mailbox, mail, sentAt);
  return {
    kind: 'sent',
    replayed: false,
    historyEntryId,
    emailAccountId: mailbox.id,
    mail: { from: mail.from, to: mail.to, subject: mail.subject },
  };
}
