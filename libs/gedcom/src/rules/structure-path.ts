import { substructureRule } from './lookup.js';
import { isOnly70 } from '../validate/gedcom551.js';

/**
 * The structure type at a path of tags below the structure type `start` (`record-SOUR` then
 * DATA, EVEN, DATE: `DATA-EVEN-DATE`; `HUSB` then AGE, PHRASE: `PHRASE`), walked down the GEDCOM 7
 * tables; undefined where GEDCOM 7 has no such line, or where `version` is 5.5.1 and one of the
 * tags is GEDCOM 7's only (5.5.1 has no PHRASE): what a writer asks before it writes a nested line.
 */
export function structureTypeAt(start: string | undefined, tags: readonly string[], version: '5.5.1' | '7.0'): string | undefined {
  let type = start;
  for (const tag of tags) {
    if (type === undefined || (version === '5.5.1' && isOnly70(tag))) return undefined;
    type = substructureRule(type, tag)?.type;
  }
  return type;
}
