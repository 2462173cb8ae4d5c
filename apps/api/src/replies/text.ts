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
  return withoutSignatureBlock(kept.join('\n').trim());
}

/**
 * Removes a last paragraph that reads as a signature without a separator: after a blank line, two to six short
 * lines (a name, a title, a phone number, an address) none of which ends a sentence.
 */
function withoutSignatureBlock(text: string): string {
  const paragraphs = text.split(/\n\s*\n/);
  if (paragraphs.length < 2) return text;
  const lines = (paragraphs.at(-1) ?? '').split('\n').map((l) => l.trim());
  const signature =
    lines.length >= 2 &&
    lines.length <= 6 &&
    lines.every((l) => l.length <= 50 && !/[.?!:;]$/.test(l) && !/[?!]/.test(l));
  return signature ? paragraphs.slice(0, -1).join('\n\n').trim() : text;
}

/** Lower case without accents, so that "désinscrire", "desinscrire" and "DÉSINSCRIRE" read alike. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’‘`]/g, "'");
}

/**
 * Concepts of the intents, French and English together (folded words): a reply that names one gets the concept's
 * feature once, twice (`_meet_1`) and three times (`_meet_2`) when it names it as often, so that what one language's
 * replies teach the model helps the other's. Written by hand for this classifier; the model weighs them.
 */
const CONCEPTS: [string, RegExp][] = [
  [
    '_meet_',
    /\b(?:appel\w*|call|calls|telephon\w*|phone|visio|zoom|teams|rdv|rendez-vous|meet|meeting|reunion|creneaux?|slots?|dispo\w*|available|availability|free|libre|calendar|agenda|rappel\w*|chat|echange\w*|demo\w*|invit\w*|lundi|mardi|mercredi|jeudi|vendredi|monday|tuesday|wednesday|thursday|friday|demain|tomorrow|\d+h\d*|\d+ ?(?:am|pm))\b/g,
  ],
  [
    '_interest_',
    /\b(?:interess\w*|interested|interest\w*|curious|curieux|en savoir plus|learn more|know more|tell me more|dites-m'en|devis|quote|tarif\w*|pricing|prices?|price list|cout\w*|cost\w*|combien|how much|brochure|plaquette|doc\w*|essai|trial|tester|try|offre|offer|proposal|proposition|conditions|terms|contrat|contract|oui|yes|partant|in|super|great|love)\b/g,
  ],
  [
    '_neg_',
    /\b(?:pas|not|no|non|ne|n'|don't|doesn't|isn't|aucun\w*|neither|ni|never|jamais|plus)\b/g,
  ],
  [
    '_decline_',
    /\b(?:merci mais|thanks but|desole\w*|sorry|pass|passons|decline|declin\w*|autre choix|another option|deja|already|budget|priorite|priority|besoin|need|satisf\w*|happy with|concurrent|competitor|interne|in house|in-house)\b/g,
  ],
  [
    '_refer_',
    /\b(?:bonne personne|right person|wrong person|mauvais\w*|wrong|contact\w*|collegue|colleague|successeur|successor|responsable|head of|manager|directeur|director|direction|gerante?|owner|associe|partner|transfer\w*|forward\w*|passing this on|fais suivre|quitte|left|plus (?:dans|chez)|anymore|remplace\w*|replac\w*|adress\w*|charge|ressort|remit|area|perimetre|decisionnaire|decision maker|siege|headquarters|hq)\b/g,
  ],
];

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g;
const URL = /\bhttps?:\/\/\S+/g;

/**
 * The features of a text for the statistical model, each counted once: its folded words (an address, a link and a
 * number each become one placeholder word), the pairs of neighbouring words, the concepts it names and whether it
 * asks a question.
 */
export function features(text: string): string[] {
  const folded = fold(text);
  const words = folded
    .replace(URL, ' _url_ ')
    .replace(EMAIL, ' _email_ ')
    .replace(/\d+/g, ' _n_ ')
    .split(/[^a-z_]+/)
    .filter((w) => w !== '');
  const found = new Set<string>(words);
  for (let i = 1; i < words.length; i += 1) found.add(`${words[i - 1]} ${words[i]}`);
  for (const [name, re] of CONCEPTS) {
    const count = folded.match(re)?.length ?? 0;
    for (let i = 0; i < Math.min(count, 3); i += 1) found.add(i === 0 ? name : `${name}${i}`);
  }
  if (text.includes('?')) found.add('_question_');
  return [...found];
}
