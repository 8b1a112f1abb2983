/**
 * An association's role (the import keeps RELA's word, or ROLE's PHRASE, in lower case) as a
 * GEDCOM 7 ROLE: the value of the specification's list the word means (`father` -> FATH,
 * `Witness` -> WITN, `fath` -> FATH, case aside), a kind of one with the word kept as its
 * PHRASE (`godmother` -> GODP + PHRASE godmother), anything else OTHER with the word as PHRASE.
 */
import type { GedcomNode } from '@rootline/gedcom';
import { enumerationValues } from '@rootline/gedcom';
import { node } from './context.js';

/** ROLE's values, from the specification's tables (CHIL, CLERGY, FATH, ...). */
const ROLES = enumerationValues('ROLE');

/** The words of the list's meanings (gedcom-3-structures-4-enumerations), British spelling too. */
const MEANS: Record<string, string> = {
  child: 'CHIL', clergy: 'CLERGY', father: 'FATH', friend: 'FRIEND', godparent: 'GODP', husband: 'HUSB', mother: 'MOTH',
  multiple: 'MULTIPLE', neighbor: 'NGHBR', neighbour: 'NGHBR', officiator: 'OFFICIATOR', parent: 'PARENT', spouse: 'SPOU',
  wife: 'WIFE', witness: 'WITN',
};

/** Kinds of a listed role that say more than its value: the word stays, as PHRASE (MULTIPLE asks for one). */
const KINDS: Record<string, string> = { godfather: 'GODP', godmother: 'GODP', twin: 'MULTIPLE', triplet: 'MULTIPLE' };

export function roleStructure(role: string): GedcomNode {
  const word = role.trim().toLowerCase();
  const listed = ROLES.has(word.toUpperCase()) ? word.toUpperCase() : MEANS[word];
  if (listed && ROLES.has(listed)) return node('ROLE', listed);
  const kind = KINDS[word];
  return node('ROLE', kind && ROLES.has(kind) ? kind : 'OTHER', [node('PHRASE', role)]);
}
