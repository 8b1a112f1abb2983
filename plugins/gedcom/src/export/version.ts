/**
 * The two versions the export writes, and what each cannot say: the differences that decide
 * a line's shape or send an item to the loss report.
 */
import { isOnly70 } from '@rootline/gedcom';

export type WriteVersion = '7.0' | '5.5.1';

/** Whether the version has the tag: 5.5.1 lacks what only 7.0 defines (INIL, the LDS initiatory). */
export function hasTag(tag: string, version: WriteVersion): boolean {
  return version === '7.0' || !isOnly70(tag);
}

/** GEDCOM 5.5.1's SEX has no X ("does not fit male or female"): written U there, and reported. */
export function sexFor(sex: string | null, version: WriteVersion): string | undefined {
  if (sex === null) return undefined;
  return version === '5.5.1' && sex === 'X' ? 'U' : sex;
}

/**
 * PEDI of a child in a family, from the family plugin's pedigree. 7.0 has BIRTH, ADOPTED,
 * FOSTER, SEALING and OTHER (with a PHRASE); 5.5.1 has birth, adopted, foster, sealing.
 * Undefined: no PEDI line (a reader takes that as birth).
 */
export function pedigreeLine(pedigree: string, version: WriteVersion): { value: string; phrase?: string } | undefined {
  switch (pedigree) {
    case 'birth':
      return undefined;
    case 'adopted':
    case 'foster':
      return { value: version === '7.0' ? pedigree.toUpperCase() : pedigree };
    default:
      // step, unknown: 7.0 says OTHER (a step-child keeps the word in its PHRASE); 5.5.1 has no word for either.
      return version === '7.0' ? { value: 'OTHER', ...(pedigree === 'step' ? { phrase: 'step' } : {}) } : undefined;
  }
}

/**
 * A restriction notice (RESN) as the version writes it: 7.0 a list of its words in capitals
 * (`CONFIDENTIAL, LOCKED`); 5.5.1 one word in lower case (`privacy`), so a list stays a note
 * there (undefined).
 */
export function restrictionFor(value: string, version: WriteVersion): string | undefined {
  const words = value.split(/\s*,\s*/).filter(Boolean);
  if (version === '7.0') return words.map((word) => word.toUpperCase()).join(', ');
  return words.length === 1 ? words[0].toLowerCase() : undefined;
}
