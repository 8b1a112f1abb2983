import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import type { KeptNote } from './map-note.js';
import { asWritten } from './long-text.js';
import { AFN_TYPE, FAMILYSEARCH, identifierNoteText, rfnOfExid, type IdentifierKind } from '../identifiers.js';

/** The lines that are identifiers (`../identifiers.ts`), by tag: `_UID` is UID, `_FSFTID` FamilySearch's id. */
const KINDS: Readonly<Record<string, IdentifierKind>> = { REFN: 'REFN', RIN: 'RIN', UID: 'UID', _UID: 'UID', FSID: 'FSID', _FSFTID: 'FSID', AFN: 'AFN', RFN: 'RFN', EXID: 'EXID', RESN: 'RESN' };

/** Lines under an identifier that say what kind it is. */
const TYPED: ReadonlySet<string> = new Set(['REFN', 'EXID']);

/**
 * An identifier line of an INDI, FAM, SOUR or OBJE record (REFN, RIN, UID, `_UID`, FSID,
 * `_FSFTID`, AFN, RFN, EXID; and RESN, the restriction notice) -> the note that keeps it on `where` (the person, the family, the
 * source, the media object), reported with where it went; a blank one is reported as holding
 * nothing. A REFN typed `RIN` is a record id (our 7.0 export writes RIN so: 7.0 has none), an
 * EXID of FamilySearch's TYPE a FamilySearch id, one of AFN's or RFN's TYPE (GEDCOM 7's
 * conversion of 5.5.1's AFN and RFN) that number. False for any other line (left to the caller).
 */
export function keepIdentifier(context: MappingContext, part: GedcomNode, path: string, where: string, keep: (note: KeptNote) => void): boolean {
  let kind = Object.hasOwn(KINDS, part.tag) ? KINDS[part.tag] : undefined;
  if (kind === undefined) return false;
  const tagPath = `${path}.${part.tag}`;
  const typeNode = TYPED.has(kind) ? part.children.find((sub) => sub.tag === 'TYPE') : undefined;
  let type = asWritten(typeNode);
  let value = asWritten(part);
  if (kind === 'REFN' && type?.toUpperCase() === 'RIN') [kind, type] = ['RIN', undefined];
  if (kind === 'EXID' && type === FAMILYSEARCH) [kind, type] = ['FSID', undefined];
  if (kind === 'EXID' && type === AFN_TYPE) [kind, type] = ['AFN', undefined];
  const rfn = kind === 'EXID' && value !== undefined ? rfnOfExid(value, type) : undefined;
  if (rfn !== undefined) [kind, type, value] = ['RFN', undefined, rfn];
  if (value === undefined) context.lose(tagPath, part, 'blank: nothing to keep');
  else {
    const text = identifierNoteText({ kind, value, ...(type ? { type } : {}) });
    const acted = kind === 'RESN' ? '; Rootline does not act on it (a redaction hides)' : '';
    context.keptAs(tagPath, part, `kept as a note on the ${where} ("${identifierNoteText({ kind, value: '...' })}"); exports write it back${acted}`);
    keep({ text, path: tagPath, node: part });
  }
  for (const sub of part.children) if (sub !== typeNode) context.lose(`${tagPath}.${sub.tag}`, sub, 'not kept with the identifier');
  return true;
}
