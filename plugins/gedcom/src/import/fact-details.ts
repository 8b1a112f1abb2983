import { isOnly70, type GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import type { KeptNote } from './map-note.js';
import { asWritten } from './long-text.js';
import { addressText } from './address.js';
import { detailNoteText, FACT_DETAILS, NOTE_ONLY_DETAILS, PARTNER_LINES } from '../fact-details.js';

/**
 * A line under a fact or event that no field holds but `../fact-details.ts` names (TYPE, CAUS,
 * AGNC, RELI, AGE and its PHRASE, QUAY, ADDR and the ways to reach it, an ordinance's TEMP and STAT; a partner's AGE under a family event's HUSB or WIFE): handed to `keep` as the
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

/**
 * One detail line, `detail` its name in FACT_DETAILS (`AGE`, `HUSB.AGE`); false when it names
 * none. The lines under it that are details of their own (`AGE.PHRASE`, `STAT.DATE`) are kept
 * the same way, the others reported.
 */
function keepDetail(context: MappingContext, part: GedcomNode, detail: string, path: string, where: string, keep: (note: KeptNote) => void): boolean {
  if (!Object.hasOwn(FACT_DETAILS, detail)) return false;
  const tagPath = `${path}.${detail}`;
  const text = detail === 'ADDR' ? addressText(part) : asWritten(part);
  if (text === undefined) context.lose(tagPath, part, 'blank: nothing to keep');
  else {
    context.keptAs(tagPath, part, `kept as a note on the ${where} ("${FACT_DETAILS[detail]}: ..."); ${exportedAs(detail)}`);
    keep({ text: detailNoteText(detail, text), path: tagPath, node: part });
  }
  // An address's parts are in its text, or make it.
  if (detail === 'ADDR') return true;
  for (const sub of part.children) {
    if (!keepDetail(context, sub, `${detail}.${sub.tag}`, path, where, keep)) context.lose(`${tagPath}.${sub.tag}`, sub, `not kept on the ${where}`);
  }
  return true;
}

/** What the exports make of a detail's note, in the loss report's words. */
function exportedAs(detail: string): string {
  if (NOTE_ONLY_DETAILS.has(detail)) return `GEDCOM has no ${detail} here, so exports write the note`;
  const only70 = detail.split('.').find((tag) => isOnly70(tag));
  return only70 ? `7.0 exports write it back as ${detail}; 5.5.1 has no ${only70}, so those write the note` : `exports write it back as ${detail}`;
}
