/**
 * Whether French elides 'de'/'le' before this name ('les campagnes d’Élodie', 'd’Alexander'), for ICU selects:
 * `{elision, select, yes {d’{name}} other {de {name}}}`. A leading vowel elides; a leading h is left alone
 * (h aspiré names such as Hugues or Hervé keep 'de', and guessing wrong reads worse than 'de').
 */
export function elision(name: string): 'yes' | 'no' {
  return /^[aeiouyàâäéèêëîïôöùûüÿœæ]/iu.test(name.trim()) ? 'yes' : 'no';
}
