/**
 * The notes of a person (or of a family's spouse edge) that stand for identifiers
 * (`../identifiers.ts`: the import's `Reference number: KENNJP88`) as their lines, taken out of
 * the notes written as NOTE:
 *
 * - REFN, with its TYPE, in both versions;
 * - the record id: 5.5.1 RIN (once: a second stays a note); 7.0 has no RIN, so REFN with TYPE
 *   `RIN` (which the import reads back as the record id);
 * - the unique id: 7.0 UID; 5.5.1 `_UID` (as PAF, Legacy and RootsMagic write it);
 * - the FamilySearch id: 7.0 EXID with FamilySearch's TYPE; 5.5.1 `_FSFTID` (as RootsMagic and
 *   Ancestral Quest write it; Family Tree Maker's `FSID` is no tag of either version);
 * - the Ancestral File number and the record file number: 7.0 EXID with the TYPE GEDCOM 7 names
 *   for each (an RFN's resource in the TYPE's fragment); 5.5.1 AFN and RFN, which it has under
 *   INDI only (elsewhere they stay notes, reported);
 * - another external id: 7.0 EXID with its TYPE; 5.5.1 has none, so it stays a note (reported);
 * - the restriction notice: RESN where the record has one (INDI, FAM, OBJE), in the version's
 *   words (`restrictionFor`); a value GEDCOM does not list, or a list in 5.5.1, stays a note (reported).
 *
 * `path` is the record's tag (INDI, FAM, SOUR, OBJE).
 * A redacted note is left to `noteStructures` (not written, reported).
 */
import { fitsPayload, substructureRule, type GedcomNode } from '@rootline/gedcom';
import type { NoteDto } from '@rootline/contracts/notes';
import { node, type ExportContext } from './context.js';
import { AFN_TYPE, FAMILYSEARCH, readIdentifierNote, rfnAsExid, type Identifier } from '../identifiers.js';
import { restrictionFor } from './version.js';

export function takeIdentifiers(context: ExportContext, notes: readonly NoteDto[] | undefined, path: string): { lines: GedcomNode[]; notes: readonly NoteDto[] | undefined } {
  if (!notes) return { lines: [], notes };
  const lines: GedcomNode[] = [];
  const rest = notes.filter((note) => {
    const identifier = context.shows(note.id, 'text') ? readIdentifierNote(note.text) : undefined;
    const line = identifier && lineOf(context, identifier, lines, path);
    if (line) lines.push(line);
    return !line;
  });
  return { lines, notes: rest };
}

/** The identifier's line in the export's version, or undefined when it has none there (it stays a note). */
function lineOf(context: ExportContext, { kind, value, type }: Identifier, written: readonly GedcomNode[], path: string): GedcomNode | undefined {
  const seven = context.version === '7.0';
  switch (kind) {
    case 'REFN':
      return node('REFN', value, type ? [node('TYPE', type)] : []);
    case 'RIN':
      if (seven) return node('REFN', value, [node('TYPE', 'RIN')]);
      return written.some((line) => line.tag === 'RIN') ? undefined : node('RIN', value);
    case 'UID':
      return node(seven ? 'UID' : '_UID', value);
    case 'FSID':
      return seven ? node('EXID', value, [node('TYPE', FAMILYSEARCH)]) : node('_FSFTID', value);
    case 'AFN':
    case 'RFN': {
      if (seven) {
        const exid = kind === 'AFN' ? { value, type: AFN_TYPE } : rfnAsExid(value);
        return node('EXID', exid.value, [node('TYPE', exid.type)]);
      }
      if (path === 'INDI') return node(kind, value);
      context.lose(`${path}.${kind}`, `5.5.1 has ${kind} under INDI only: written as a note`);
      return undefined;
    }
    case 'RESN': {
      const restriction = restrictionFor(value, context.version);
      // 5.5.1 has RESN on INDI and FAM records only (7.0 adds OBJE).
      const type = seven || path === 'INDI' || path === 'FAM' ? substructureRule(`record-${path}`, 'RESN')?.type : undefined;
      if (restriction !== undefined && type !== undefined && fitsPayload(type, restriction, context.version)) return node('RESN', restriction);
      context.lose(`${path}.RESN`, `restriction "${value}" has no RESN line here in ${context.version}: written as a note`);
      return undefined;
    }
    case 'EXID':
      if (seven) return node('EXID', value, type ? [node('TYPE', type)] : []);
      context.lose(`${path}.EXID`, 'an external id (7.0 EXID) has no 5.5.1 line: written as a note');
      return undefined;
  }
}
