/**
 * Text helpers of the reply classifier: the visible part of a reply (quoted history and signature removed) and the
 * normalised words the rules and the statistical model read.
 */
import EmailReplyParser from 'email-reply-parser';

/** A forward's header line, above the forwarded text (Gmail, Outlook, Apple Mail; French and English). */
const FORWARD_HEADER =
  /^\s*-{2,}\s*(?:forwarded message|message transf[ée]r[ée]|begin forwarded message|d[ée]but du message r[ée]exp[ée]di[ée])\s*-*\s*:?\s*$/i;

/**
 * A closing formula alone on its line: what follows is the signature. email-reply-parser knows "Regards", "Cheers",
 * "Cordialement", "Bien à vous", "Envoyé de mon iPhone"…; these are the other frequent ones, French and English.
 */
const CLOSING =
  /^\s*(?:merci(?: d'avance| beaucoup| encore)?|bonne (?:journ[ée]e|soir[ée]e|fin de journ[ée]e|semaine)|bien (?:cordialement|[àa] vous|amicalement)|salutations(?: distingu[ée]es)?|sinc[èe]res salutations|amicalement|cdlt|bav|thanks(?: again| a lot)?|thank you|many thanks|best(?: regards| wishes)?|kind regards|warm regards|all the best|sincerely(?: yours)?|yours(?: sincerely| truly)?|cheers)\s*[,.!]*\s*$/i;

/**
 * The visible text of a reply: the quoted history ("Le … a écrit :", "On … wrote:", "De : … <…>", "-----Original
 * Message-----", "> " lines) and the signature ("-- ", "Envoyé de mon iPhone", the lines after a closing formula)
 * are removed by email-reply-parser and by the closings above. A mail that is only a forward keeps the forwarded
 * text. Returns the trimmed text (empty when nothing is left).
 */
export function visibleText(body: string): string {
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length > 0 && (lines[0]?.trim() === '' || FORWARD_HEADER.test(lines[0] ?? '')))
    lines.shift();
  const visible = new EmailReplyParser().read(lines.join('\n')).getVisibleText();
  const kept: string[] = [];
  for (const line of visible.split('\n')) {
    // A closing formula ends the reply, unless it is the whole reply ("Merci." alone is a message).
    if (CLOSING.test(line) && kept.some((l) => l.trim() !== '')) break;
    kept.push(line);
  }
  return kept.join('\n').trim();
}

/** Lower case without accents, so that "désinscrire", "desinscrire" and "DÉSINSCRIRE" read alike. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'");
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g;
const URL = /\bhttps?:\/\/\S+/g;

/**
 * The features of a text for the statistical model: its folded words (an address, a link and a number each become
 * one placeholder word) and the pairs of neighbouring words, each counted once.
 */
export function features(text: string): string[] {
  const words = fold(text)
    .replace(URL, ' _url_ ')
    .replace(EMAIL, ' _email_ ')
    .replace(/\d+/g, ' _n_ ')
    .split(/[^a-z_]+/)
    .filter((w) => w !== '');
  const found = new Set<string>(words);
  for (let i = 1; i < words.length; i += 1) found.add(`${words[i - 1]} ${words[i]}`);
  return [...found];
}
