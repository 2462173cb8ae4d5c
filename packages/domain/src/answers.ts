/**
 * Answering a prospect's e-mail from the inbox (decision 0225) and the signature of a mailbox (decision 0226): the
 * limits both sides check, the refusals the app writes a sentence for, and the signature's one normal form.
 */
import type { AnswerErrorCode, SentCopyError } from './contract';

export type { AnswerErrorCode, SentCopyError } from './contract';

/** The longest answer (characters), quoted text and signature not counted. */
export const ANSWER_MAX_LENGTH = 10_000;

/** The longest signature (characters) and its most lines: a signature, not a letter. */
export const EMAIL_SIGNATURE_MAX_LENGTH = 1000;
export const EMAIL_SIGNATURE_MAX_LINES = 10;

/** Why an answer was not sent, in the contract's order. */
export const ANSWER_ERROR_CODES = [
  'answer_mailbox_invalid',
  'answer_mailbox_paused',
  'answer_no_mailbox',
  'answer_not_email',
  'answer_refused',
  'answer_credentials_refused',
  'answer_timeout',
  'answer_failed',
  'answer_in_progress',
] as const satisfies readonly AnswerErrorCode[];
const everyAnswerError: [AnswerErrorCode] extends [(typeof ANSWER_ERROR_CODES)[number]]
  ? true
  : never = true;
void everyAnswerError;

export function isAnswerErrorCode(value: unknown): value is AnswerErrorCode {
  return typeof value === 'string' && (ANSWER_ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Why a sent answer could not be copied into its mailbox's Sent folder (decision 0251), in the contract's order: no
 * folder found, the IMAP server unreachable or refusing the sign-in, the copy refused.
 */
export const SENT_COPY_ERRORS = [
  'no_sent_folder',
  'mailbox_unreachable',
  'append_refused',
] as const satisfies readonly SentCopyError[];
const everySentCopyError: [SentCopyError] extends [(typeof SENT_COPY_ERRORS)[number]]
  ? true
  : never = true;
void everySentCopyError;

export function isSentCopyError(value: unknown): value is SentCopyError {
  return typeof value === 'string' && (SENT_COPY_ERRORS as readonly string[]).includes(value);
}

/**
 * The signature as stored and sent: Windows line ends made `\n`, each line's trailing spaces and the blank lines at
 * both ends removed (a mail program shows them as nothing, and the `-- ` line above it stays the only one of its
 * kind).
 */
export function normalizeSignature(text: string): string {
  return text
    .replaceAll(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/^\n+/, '')
    .replace(/\n+$/, '');
}

export type SignatureProblem = 'too_long' | 'too_many_lines' | 'separator';

/**
 * What is wrong with a signature, after normalizeSignature: too long, too many lines, or a line that is the
 * signature separator itself (`--`, which the mail is about to write above it). Null: fine.
 */
export function signatureProblem(text: string): SignatureProblem | null {
  const signature = normalizeSignature(text);
  if (signature.length > EMAIL_SIGNATURE_MAX_LENGTH) return 'too_long';
  if (signature !== '' && signature.split('\n').length > EMAIL_SIGNATURE_MAX_LINES)
    return 'too_many_lines';
  if (signature.split('\n').some((line) => line === '--')) return 'separator';
  return null;
}

/** Whether an answer's body is worth sending: not blank and within ANSWER_MAX_LENGTH. */
export function isSendableAnswer(body: string): boolean {
  return body.trim() !== '' && body.length <= ANSWER_MAX_LENGTH;
}
