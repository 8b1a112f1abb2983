import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import type { KeptNote } from './map-note.js';
import { asWritten } from './long-text.js';
import { detailNoteText, FACT_DETAILS } from '../fact-details.js';

/**
 * A line under a fact or event that no field holds but `../fact-details.ts` names (TYPE, CAUS,
 * AGNC, RELI): handed to `keep` as the note that keeps it on the claim or event (`where`), and
 * reported with where it went; a blank one is reported as holding nothing. False for any other
 * line (left to the caller).
 */
export function keepFactDetail(context: MappingContext, part: GedcomNode, path: string, where: string, keep: (note: KeptNote) => void): boolean {
  if (!Object.hasOwn(FACT_DETAILS, part.tag)) return false;
  const tagPath = `${path}.${part.tag}`;
  const text = asWritten(part);
  if (text === undefined) context.lose(tagPath, part, 'blank: nothing to keep');
  else {
    context.keptAs(tagPath, part, `kept as a note on the ${where} ("${FACT_DETAILS[part.tag]}: ..."); exports write it back as ${part.tag}`);
    keep({ text: detailNoteText(part.tag, text), path: tagPath, node: part });
  }
  for (const sub of part.children) context.lose(`${tagPath}.${sub.tag}`, sub, `not kept on the ${where}`);
  return true;
}
