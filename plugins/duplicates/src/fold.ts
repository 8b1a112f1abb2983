/**
 * Folding for name comparison: what a clerk wrote with or without accents, apostrophes, case or
 * spaces compares equal. NFD then drop the combining marks (Ó -> O, ü -> u), lower case, the
 * letters NFD does not decompose (ø -> o, ß -> ss, æ -> ae, œ -> oe, ł -> l, đ/ð -> d, þ -> th,
 * ı -> i), and everything that is not a letter becomes a word break.
 */
const LETTERS: Record<string, string> = { ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ẞ: 'ss' };
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

/** The words of a name, folded ("Ó Súilleabháin" -> ["o", "suilleabhain"], "O'Brien" -> ["o", "brien"]). */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPECIAL, (letter) => LETTERS[letter])
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== '');
}

/**
 * Particles that come before a surname and are often left out or written into it: "van der
 * Berg" is filed under Berg (the GEDCOM surname prefix), "de la Cruz" under Cruz. "O'" and
 * "Mc"/"Mac" are part of the name and stay.
 */
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'ten', 'ter', 'zu', 'vom', 'dos', 'das']);

/**
 * A surname as folded words joined, in each form a clerk may have filed it: whole, and without
 * the particles in front when a word is left ("van der Berg" -> ["vanderberg", "berg"],
 * "Le Blanc" -> ["leblanc", "blanc"], "O'Sullivan" and "O Sullivan" -> ["osullivan"],
 * "Ó Súilleabháin" -> ["osuilleabhain"]); [] when the text holds no letter. The first form is
 * the whole name.
 */
export function surnameForms(text: string): string[] {
  const words = nameWords(text);
  if (words.length === 0) return [];
  let first = 0;
  while (first < words.length - 1 && PARTICLES.has(words[first])) first++;
  const whole = words.join('');
  return first === 0 ? [whole] : [whole, words.slice(first).join('')];
}

/** Words of given names that are not names ("Isabel of Scotland", "Maria de la Cruz" when written into GIVN). */
const NOT_NAMES = new Set([...PARTICLES, 'of', 'the']);

/**
 * Given names as folded words ("John Henry" -> ["john", "henry"]; "J. H." -> ["j", "h"]), without
 * the words that are not names ("Isabel of" -> ["isabel"]) unless nothing else is left.
 */
export function foldGiven(text: string): string[] {
  const words = nameWords(text);
  const names = words.filter((word) => !NOT_NAMES.has(word));
  return names.length > 0 ? names : words;
}
