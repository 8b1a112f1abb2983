import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import type { KeptNote } from './map-note.js';
import { asWritten } from './long-text.js';
import { contactLine } from './address.js';

/** Whose lines a research interest is in (GEDCOM's ANCI and DESI), in the note's words. */
const INTERESTS: Readonly<Record<string, string>> = { ANCI: 'ancestors', DESI: 'descendants' };

/** How to reach a person, as some programs write it on the INDI itself (GEDCOM puts it under RESI or an event). */
const CONTACTS = new Set(['ADDR', 'PHON', 'EMAIL', 'FAX', 'WWW']);

/**
 * INDI lines with no place in a person but a note, once reported "not mapped", each now a note on
 * the person in the genealogist's words, which both exports write as a NOTE (GEDCOM has no line
 * for either under INDI that a note could come back as):
 * - a research interest: ANCI or DESI. GEDCOM points them at the submitter who is interested in
 *   this person's ancestors or descendants (`ANCI @U1@`: "Interest in researching this person's
 *   ancestors: submitter Margaret Cole", the submitter's NAME); Ancestris writes how keen
 *   instead (`ANCI HIGH`: "...: HIGH");
 * - an address, phone, email, fax or website written on the INDI ("Email: ann@example.org").
 * A blank one is reported as holding nothing, a line under it as not kept. False for any other line.
 */
export function keepPersonLine(context: MappingContext, part: GedcomNode, keep: (note: KeptNote) => void): boolean {
  const path = `INDI.${part.tag}`;
  let text: string | undefined;
  let label: string;
  if (Object.hasOwn(INTERESTS, part.tag)) {
    label = `Interest in researching this person's ${INTERESTS[part.tag]}`;
    const said = part.pointer ? interested(context, part.pointer) : asWritten(part);
    text = said && `${label}: ${said}`;
  } else if (CONTACTS.has(part.tag)) {
    const line = contactLine(part)!;
    label = line.label;
    text = line.text && `${label}: ${line.text}`;
  } else return false;
  if (text === undefined) context.lose(path, part, 'blank: nothing to keep');
  else {
    context.keptAs(path, part, `kept as a note on the person ("${label}: ..."); exports write the note`);
    keep({ text, path, node: part });
  }
  // An ADDR's parts (ADR1, CITY...) are in its text already.
  if (part.tag !== 'ADDR') for (const sub of part.children) context.lose(`${path}.${sub.tag}`, sub, 'not kept with the line');
  return true;
}

/** Who a research interest's pointer names: the submitter's name, its xref if the file has no such record, or nobody named (`@VOID@`). */
function interested(context: MappingContext, pointer: string): string {
  if (pointer === 'VOID') return 'a submitter the file does not name';
  return `submitter ${context.submitters.get(pointer) ?? `@${pointer}@`}`;
}
