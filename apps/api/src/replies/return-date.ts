/**
 * The return date an out-of-office answer states, in French or English: "de retour le 6 janvier", "back on
 * Monday, August 17", "jusqu'au 15 décembre inclus", "until 3/12", "du 22 décembre au 2 janvier", "Out of office
 * until 2026-09-04". A date after "jusqu'au", "until", "au", "to" ends the absence (the person is back the next day);
 * a date after "retour", "back", "return", "reprendre", "reviens" is the day of return. Day before month (12/03 is
 * the 12th of March) unless that cannot be a date. A date without a year is the next one from the mail's date.
 */
import { fold } from './text';

const MONTHS: Record<string, number> = {
  janvier: 1, janv: 1, january: 1, jan: 1,
  fevrier: 2, fevr: 2, fev: 2, february: 2, feb: 2,
  mars: 3, march: 3,
  avril: 4, april: 4, apr: 4,
  mai: 5, may: 5,
  juin: 6, june: 6, jun: 6,
  juillet: 7, juil: 7, july: 7, jul: 7,
  aout: 8, august: 8, aug: 8,
  septembre: 9, september: 9, sept: 9, sep: 9,
  octobre: 10, october: 10, oct: 10,
  novembre: 11, november: 11, nov: 11,
  decembre: 12, december: 12, dec: 12,
};
const MONTH = `(${Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|')})\\.?`;
const ORDINAL = '(?:er|eme|st|nd|rd|th)?';

const DATE_PATTERNS: { re: RegExp; parts: (m: RegExpExecArray) => [number | null, number, number] }[] = [
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
const UNTIL = /(?:jusqu'?\s*(?:au|a|le)?|until|till|through|thru|\bau|\bto|\ba)\s+(?:(?:et y compris|inclus|le|the|[a-z]+day|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)[\s,]+)*$/;
const BACK = /(?:retour|back|return(?:ing)?|reprendr\w*|reviens|revien\w*|rentre\w*|reprise|present\w*)\b[^.\n]{0,30}$/;

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
  return found ? iso(found) : null;
}
