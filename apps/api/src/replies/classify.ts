/**
 * The reply classifier: what an incoming mail is (packages/domain reply-labels.ts), decided on this machine with no
 * network and no large model (decision 0180).
 *
 * 1. Headers: a delivery status notification (RFC 3464, read by integrations/mail-report.ts) is a `bounce`; an
 *    automatic answer (RFC 3834 `Auto-Submitted`, `X-Autoreply`, `X-Autorespond`, `Precedence` auto_reply/bulk/junk,
 *    an out-of-office subject) is an `auto_reply`.
 * 2. Patterns on the visible text (quoted history and signature removed, accents folded): the words of a bounce
 *    report, of an unsubscribe request, of an out-of-office answer.
 * 3. Otherwise the statistical model (model.ts) gives the intent of a human reply.
 *
 * An out-of-office answer carries the return date it states; a `wrong_person` reply the address it refers to, when
 * it names one (not the sender's own).
 */
import { simpleParser } from 'mailparser';
import type { ReplyLabel } from '@prospecta/domain';
import { deliveryReport, isAutoReply, type HeaderLookup } from '../integrations/mail-report';
import modelJson from './reply-model.json' with { type: 'json' };
import { predict, type ReplyModel } from './model';
import { returnDate } from './return-date';
import { fold, visibleText } from './text';

export interface ReplyClassification {
  label: ReplyLabel;
  /** How sure the classifier is, 0 to 1: a rule's fixed confidence, or the model's probability. */
  confidence: number;
  /** auto_reply: the day the person is back (YYYY-MM-DD), when the answer states it. */
  returnDate?: string;
  /** wrong_person: the address of the person to write to, when the reply names one. */
  referral?: string;
}

/** What the classifier reads of a mail (the mailbox watch has it from mailparser). */
export interface ReplyInput {
  /** The mail's header fields (mailparser's `headers`); absent: only the text is read. */
  headers?: HeaderLookup;
  subject?: string | null;
  /** The text part (mailparser derives it from the HTML when there is none). */
  text?: string | null;
  /** The sender's address: never the referral. */
  from?: string | null;
  /** The mail's date, for a return date without a year (default: now). */
  date?: Date | null;
  /** The raw source, to recognise a delivery status notification (RFC 3464). */
  source?: Buffer | string;
}

const model = modelJson as ReplyModel;

/** Confidence of the rules: the headers are set by the machines themselves; words can be misread. */
const HEADER_CONFIDENCE = 0.99;
const PATTERN_CONFIDENCE = 0.95;

/** Words of an unsubscribe request (folded: no accents, lower case). */
const UNSUBSCRIBE = [
  /\b(?:me |vous )?desinscri/,
  /\bdesabonn/,
  /\bunsubscribe\b/,
  /\bopt(?:-| )?(?:me )?out\b/,
  /\bne (?:souhaite|veux|desire) plus recevoir\b/,
  /\bne plus (?:me )?(?:recevoir|contacter|solliciter|relancer|ecrire|m'ecrire|m'envoyer)\b/,
  /\bne (?:me )?(?:contactez|sollicitez|relancez|ecrivez) plus\b/,
  /\b(?:cess|arret)(?:er|ez) de m'(?:envoyer|ecrire|contacter)/,
  /\bplus de (?:mails|e-?mails|messages)\b/,
  /\bje m'oppose a l'utilisation\b|\bi object to (?:my|the use)/,
  /\b(?:retirez|supprimez|enlevez|effacez|rayez)[- ]moi\b/,
  /\b(?:retirer|supprimer|enlever|effacer|rayer) (?:mon adresse|mes coordonnees|mon (?:e-?mail|mail|contact))/,
  /\b(?:supprimez|retirez|effacez) (?:mon adresse|mes coordonnees|mon (?:e-?mail|mail|contact))/,
  /\bme (?:retirer|supprimer|desinscrire) de\b/,
  /\bremove me\b/,
  /\btake me off\b/,
  /\b(?:delete|remove) my (?:address|e-?mail|details|contact)/,
  /\b(?:don't|do not|no longer) (?:want to )?receive\b/,
  /\b(?:don't|do not|never) (?:contact|email|e-mail|write to|message) me (?:again|anymore|any more)\b/,
  /\bstop (?:emailing|e-mailing|mailing|sending|contacting|writing to) (?:me|us)\b/,
  /^\s*stop\s*[.!]*\s*$/m,
];

/** Words of an automatic answer about an absence or a receipt (folded). */
const OUT_OF_OFFICE = [
  /\babsente? du bureau\b/,
  // Not "I was out of the office last week": a person writing back.
  /(?<!\b(?:was|were|been|etais|etait) )\bout of (?:the )?office\b/,
  /\booo\b/,
  /\b(?:reponse|message|courriel|mail) automatique\b/,
  /\baccuse de reception automatique\b/,
  /\b(?:automatic|automated|auto)[- ]?(?:reply|response|answer|message|acknowledg\w*)\b/,
  /\bje (?:suis|serai) (?:actuellement )?(?:absente?|en (?:conges|vacances|deplacement|formation|arret maladie|conge paye))\b/,
  /\b(?:i am|i'm|i will be|i'll be) (?:currently )?(?:out|away|on (?:annual leave|holiday|holidays|vacation|sick leave|leave)|travell?ing)\b/,
  /\b(?:acces limite|limited access|sans acces a (?:ma messagerie|mes (?:e-?)?mails)|without access to (?:my )?e-?mail)\b/,
  /\bvotre message ne sera pas transfere\b|\bwill not be forwarded\b/,
  /\b(?:adresse|boite) (?:n'est plus consultee|n'est plus active)|\b(?:mailbox|address) is no longer (?:monitored|in use|checked|active)\b/,
  /\b(?:nos )?bureaux (?:sont|seront) fermes\b|\boffices? (?:are|is|will be) closed\b/,
];

/** Words of a delivery failure report that came without its RFC 3464 structure (folded). */
const BOUNCE = [
  /\bdelivery (?:to the following recipients?|status notification|has failed|failed)\b/,
  /\b(?:could not|couldn't|cannot|can't) be delivered\b/,
  /\bmail delivery (?:failed|subsystem|software)\b/,
  /\bundeliverable\b|\bundelivered mail\b/,
  /\b(?:n'a pas pu etre remis|echec de (?:la )?remise|non remis)\b/,
];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** No header fields: isAutoReply then reads the subject only. */
const NO_HEADERS: HeaderLookup = { get: () => undefined, has: () => false };

const rounded = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Classifies one incoming mail. Pure and synchronous: the mailbox watch calls it with what mailparser gave
 * (`headers`, `subject`, `text`, the sender, the date) and the raw source.
 */
export function classifyReply(input: ReplyInput): ReplyClassification {
  const subject = input.subject ?? '';
  const body = input.text ?? '';
  const date = input.date ?? new Date();
  if (input.source !== undefined && deliveryReport(input.source))
    return { label: 'bounce', confidence: 1 };
  const visible = visibleText(body);
  const foldedSubject = fold(subject);
  const folded = fold(visible);
  const outOfOffice = (confidence: number): ReplyClassification => {
    const back = returnDate(`${subject}\n${visible || body}`, date);
    return { label: 'auto_reply', confidence, ...(back ? { returnDate: back } : {}) };
  };
  if (BOUNCE.some((re) => re.test(foldedSubject) || re.test(folded)))
    return { label: 'bounce', confidence: PATTERN_CONFIDENCE };
  if (input.headers && isAutoReply(input.headers, '')) return outOfOffice(HEADER_CONFIDENCE);
  if (isAutoReply(NO_HEADERS, subject)) return outOfOffice(PATTERN_CONFIDENCE);
  if (UNSUBSCRIBE.some((re) => re.test(folded)))
    return { label: 'unsubscribe', confidence: PATTERN_CONFIDENCE };
  if (OUT_OF_OFFICE.some((re) => re.test(folded))) return outOfOffice(PATTERN_CONFIDENCE);
  const [best] = predict(model, visible || subject);
  const label = best?.label ?? 'other';
  const confidence = rounded(best?.probability ?? 0);
  if (label === 'auto_reply') return outOfOffice(confidence);
  if (label === 'wrong_person') {
    const referral = referralAddress(visible, input.from);
    return { label, confidence, ...(referral ? { referral } : {}) };
  }
  return { label, confidence };
}

/** The first address of the visible text that is not the sender's own (lower case), or null. */
export function referralAddress(visible: string, from?: string | null): string | null {
  const own = from?.trim().toLowerCase();
  for (const match of visible.matchAll(EMAIL)) {
    const address = match[0].replace(/\.+$/, '').toLowerCase();
    if (address !== own) return address;
  }
  return null;
}

/** Parses one raw message (RFC 5322) and classifies it: what `cli classify-reply` prints. */
export async function classifyRawMail(source: Buffer): Promise<ReplyClassification> {
  const parsed = await simpleParser(source, { skipImageLinks: true });
  return classifyReply({
    headers: parsed.headers,
    subject: parsed.subject ?? null,
    text: parsed.text ?? null,
    from: parsed.from?.value[0]?.address ?? null,
    date: parsed.date ?? null,
    source,
  });
}
