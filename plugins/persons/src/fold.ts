/**
 * Folding for name search and name sorting: what a person types without accents finds the
 * name written with them. NFD then drop the combining marks (Ó -> O, ü -> u), lower case,
 * and the letters NFD does not decompose: ø -> o, ß -> ss, æ -> ae, œ -> oe, ł -> l, đ -> d,
 * ð -> d, þ -> th, ı -> i.
 */
const LETTERS: Record<string, string> = { ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ẞ: 'ss' };
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(SPECIAL, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFC');
}

/** The words of a search, folded: runs of letters and digits (as the unicode61 tokenizer splits them). */
export function searchWords(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}
