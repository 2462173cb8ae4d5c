/**
 * French elides 'de' (and 'le', 'que'…) before a word that starts with a vowel: 'le détail d’Alexander', 'les campagnes
 * d’Élodie', not 'de Alexander'. A message that puts a name after such a word takes an `elision` argument and chooses
 * its wording with it; English takes the argument without using it, so both languages have the same arguments:
 *
 *   fr: "Ouvrir le détail {elision, select, yes {d’{name}} other {de {name}}}"
 *   en: "{elision, select, other {Open the details of {name}}}"
 *
 * A leading vowel, accented or not, or a y elides. A leading h is left alone: h aspiré names such as Hugues or Hervé
 * keep 'de', and guessing wrong reads worse than 'de'.
 */
export type Elision = 'yes' | 'no';

/** Whether French elides the word before `name` ('Alexander' → 'yes', 'Bruno' → 'no'), for an ICU select. */
export function elision(name: string): Elision {
  return /^[aeiouyàâäéèêëîïôöùûüÿœæ]/iu.test(name.trim()) ? 'yes' : 'no';
}

/** The values of a message that names `name` after an elidable word: `{ name, elision }`. */
export function withElision(name: string): { name: string; elision: Elision } {
  return { name, elision: elision(name) };
}
