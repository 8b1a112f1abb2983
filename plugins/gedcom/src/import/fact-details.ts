import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import type { KeptNote } from './map-note.js';
import { asWritten } from './long-text.js';
import { addressText } from './address.js';
import { detailNoteText, FACT_DETAILS, NOTE_ONLY_DETAILS, PARTNER_LINES } from '../fact-details.js';

/**
 * A line under a fact or event that no field holds but `../fact-details.ts` names (TYPE, CAUS,
 * AGNC, RELI, AGE, QUAY, ADDR and the ways to reach it; a partner's AGE under a family event's HUSB or WIFE): handed to `keep` as the
 * note that keeps it on the claim or event (`where`), and reported with where it went; a blank
 * one is reported as holding nothing. False for any other line (left to the caller).
 */
export function keepFactDetail(context: MappingContext, part: GedcomNode, path: string, where: string, keep: (note: KeptNote) => void): boolean {
  if (PARTNER_LINES.has(part.tag)) {
    for (const sub of part.children) {
      if (!keepDetail(context, sub, `${part.tag}.${sub.tag}`, path, where, keep)) context.lose(`${path}.${part.tag}.${sub.tag}`, sub, `not kept on the ${where}`);
    }
    return true;
  }
  return keepDetail(context, part, part.tag, path, where, keep);
}

/** One detail line, `detail` its name in FACT_DETAILS (`AGE`, `HUSB.AGE`); false when it names none. */
function keepDetail(context: MappingContext, part: GedcomNode, detail: string, path: string, where: string, keep: (note: KeptNote) => void): boolean {
  if (!Object.hasOwn(FACT_DETAILS, detail)) return false;
  const tagPath = `${path}.${detail}`;
  const text = detail === 'ADDR' ? addressText(part) : asWritten(part);
  if (text === undefined) context.lose(tagPath, part, 'blank: nothing to keep');
  else {
    const exported = NOTE_ONLY_DETAILS.has(detail) ? `GEDCOM has no ${detail} here, so exports write the note` : `exports write it back as ${detail}`;
    context.keptAs(tagPath, part, `kept as a note on the ${where} ("${FACT_DETAILS[detail]}: ..."); ${exported}`);
    keep({ text: detailNoteText(detail, text), path: tagPath, node: part });
  }
  // An address's parts are in its text, or make it.
  if (detail !== 'ADDR') for (const sub of part.children) context.lose(`${tagPath}.${sub.tag}`, sub, `not kept on the ${where}`);
  return true;
}
