import { doubleMetaphone } from 'double-metaphone';
import daitchMokotoff from 'talisman/phonetics/daitch-mokotoff.js';
import { jaroWinkler } from '@skyra/jaro-winkler';

/**
 * The phonetic codes of one folded word (fold.ts), each from a kept library:
 * - Double Metaphone (`double-metaphone`): primary and secondary codes, English and the
 *   spellings English clerks met (Smith/Smyth SM0, Schmidt/Schmitt XMT);
 * - Daitch–Mokotoff Soundex (`talisman`): six digits, several codes when a letter can sound two
 *   ways; built for Central and Eastern European and Jewish names (Kowalski/Kovalsky 578450,
 *   Rabinowitz/Rabinovich 976740), where Double Metaphone often splits what a record mixes.
 */
export interface Codes {
  metaphone: string[];
  soundex: string[];
}

/** Double Metaphone, both codes when they differ; [] when the word gives none. */
export function metaphoneCodes(word: string): string[] {
  const [primary, secondary] = doubleMetaphone(word);
  return [...new Set([primary, secondary])].filter((code) => code !== '');
}

/** Daitch–Mokotoff codes; [] for a word without a coded letter (it would be 000000). */
export function soundexCodes(word: string): string[] {
  return daitchMokotoff(word).filter((code) => code !== '000000');
}

export function codesOf(word: string): Codes {
  return { metaphone: metaphoneCodes(word), soundex: soundexCodes(word) };
}

/** The first code `a` and `b` share, or null. */
export function sharedCode(a: readonly string[], b: readonly string[]): string | null {
  return a.find((code) => b.includes(code)) ?? null;
}

/** Jaro–Winkler similarity (`@skyra/jaro-winkler`) of two folded words, 0..1. */
export function similarity(a: string, b: string): number {
  return jaroWinkler(a, b);
}
