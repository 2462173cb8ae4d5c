/**
 * The return date an out-of-office answer states, in French or English: "de retour le 6 janvier", "back on
 * Monday, August 17", "jusqu'au 15 décembre inclus", "until 3/12", "du 22 décembre au 2 janvier", "Out of office
 * until 2026-09-04". A date after "jusqu'au", "until", "au", "to" ends the absence (the person is back the next day);
 * a date after "retour", "back", "return", "reprendre", "reviens" is the day of return. Day before month (12/03 is
 * the 12th of March) unless that cannot be a date. A date without a year is the next one from the mail's date; a
 * return before the mail's date is none.
 */
import { fold } from './text';

/** The names of the months, French and English, folded, in the order of the year. */
const MONTH_NAMES = [
  ['janvier', 'janv', 'january', 'jan'],
  ['fevrier', 'fevr', 'fev', 'february', 'feb'],
  ['mars', 'march'],
  ['avril', 'april', 'apr'],
  ['mai', 'may'],
  ['juin', 'june', 'jun'],
  ['juillet', 'juil', 'july', 'jul'],
  ['aout', 'august', 'aug'],
  ['septembre', 'september', 'sept', 'sep'],
  ['octobre', 'october', 'oct'],
  ['novembre', 'november', 'nov'],
  ['decembre', 'december', 'dec'],
];
const MONTHS: Record<string, number> = Object.fromEntries(
  MONTH_NAMES.flatMap((names, i) => names.map((name) => [name, i + 1])),
);
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const ORDINAL = '(?:er|eme|st|nd|rd|th)?';

const DATE_PATTERNS: {
  re: RegExp;
  parts: (m: RegExpExecArray) => [number | null, number, number];
}[] = [
  // 2026-09-04
  { re: /\b(\d{4})-(\d{2})-(\d{2})\b/g, parts: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
  // 15 décembre 2026, 1er mars, 17th August
  {
    re: new RegExp(`\\b(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?${MONTH}(?:,?\\s+(\\d{4}))?`, 'g'),
    parts: (m) => [m[3] ? Number(m[3]) : null, MONTHS[m[2]!]!, Number(m[1])],
  },
  // December 15th, 2026; August 17
  {
    re: new RegExp(`\\b${MONTH}\\s+(\\d{1,2})${ORDINAL}\\b(?:,?\\s+(\\d{4}))?`, 'g'),
    parts: (m) => [m[3] ? Number(m[3]) : null, MONTHS[m[1]!]!, Number(m[2])],
  },
  // 04/09/2026, 3/12, 3.12.26
  {
    re: /\b(\d{1,2})[/.](\d{1,2})(?:[/.](\d{4}|\d{2}))?\b/g,
    parts: (m) => {
      const year = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : null;
      const a = Number(m[1]);
      const b = Number(m[2]);
      return b > 12 && a <= 12 ? [year, a, b] : [year, b, a];
    },
  },
];

/** Words before a date that make it the last day of absence, or the day of return (folded, at most 40 characters). */
const UNTIL =
  /(?:jusqu'?\s*(?:au|a|le)?|until|till|through|thru|\bau|\bto|\ba)\s+(?:(?:et y compris|inclus|le|the|[a-z]+day|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)[\s,]+)*$/;
const BACK =
  /(?:retour|back|return(?:ing)?|reprendr\w*|reviens|revien\w*|rentre\w*|reprise|present\w*|reopen\w*|reouverture|rouvr\w*)\b[^.\n]{0,30}$/;

function validDate(year: number, month: number, day: number): Date | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 ? date : null;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The day the person is back (YYYY-MM-DD), or null when the text states none. `received` is the mail's date: a date
 * without a year is the first one from a week before it on.
 */
export function returnDate(text: string, received: Date): string | null {
  const folded = fold(text);
  let back: Date | null = null;
  let until: Date | null = null;
  const earliest = received.getTime() - 7 * 86_400_000;
  for (const { re, parts } of DATE_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(folded); m; m = re.exec(folded)) {
      const [year, month, day] = parts(m);
      let date = validDate(year ?? received.getUTCFullYear(), month, day);
      if (date && year === null && date.getTime() < earliest)
        date = validDate(received.getUTCFullYear() + 1, month, day);
      if (!date) continue;
      const before = folded.slice(Math.max(0, m.index - 40), m.index);
      if (UNTIL.test(before)) {
        const next = new Date(date.getTime() + 86_400_000);
        if (!until || next > until) until = next;
      } else if (BACK.test(before)) {
        if (!back || date > back) back = date;
      }
    }
  }
  const found = back ?? until;
  // A return before the mail was sent delays nothing (an answer left on since an earlier absence).
  return found && found.getTime() >= received.getTime() - 86_400_000 ? iso(found) : null;
}
