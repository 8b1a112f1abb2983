/**
 * The notes of a source that keep what its records are (`../source-data.ts`: the import's
 * `Events recorded: BIRT, CHR` / `Period: ...` / `Place: ...`, `Agency responsible for the
 * records: ...`, `Note on the records: ...`) as its DATA: an EVEN per such note (with DATE and
 * PLAC), the first AGNC, a NOTE each; taken out of the notes written as NOTE. A note whose
 * events or period the target version cannot read as those lines stays a note, as does a
 * redacted one (left to `noteStructures`: not written, reported).
 */
import { fitsPayload, recordType, structureTypeAt, type GedcomNode } from '@rootline/gedcom';
import type { NoteDto } from '@rootline/contracts/notes';
import { node, type ExportContext } from './context.js';
import { readRecordedEvents, readSourceData } from '../source-data.js';

/** Whether `value` fits the line at a path of tags under a SOUR record (`DATA`, `EVEN`, `DATE`) in the version written. */
const fits = (value: string | undefined, context: ExportContext, ...tags: string[]) => {
  const type = structureTypeAt(recordType('SOUR'), tags, context.version);
  return value === undefined || (type !== undefined && fitsPayload(type, value, context.version));
};

export function takeSourceData(context: ExportContext, notes: readonly NoteDto[] | undefined): { data: GedcomNode | undefined; notes: readonly NoteDto[] | undefined } {
  if (!notes || notes.length === 0) return { data: undefined, notes };
  const events: GedcomNode[] = [];
  const rest: GedcomNode[] = [];
  let agency: GedcomNode | undefined;
  const left = notes.filter((note) => {
    if (!context.shows(note.id, 'text')) return true;
    const recorded = readRecordedEvents(note.text);
    if (recorded) {
      if (!fits(recorded.events, context, 'DATA', 'EVEN') || !fits(recorded.period, context, 'DATA', 'EVEN', 'DATE')) return true;
      events.push(node('EVEN', recorded.events, [...(recorded.period ? [node('DATE', recorded.period)] : []), ...(recorded.place ? [node('PLAC', recorded.place)] : [])]));
      return false;
    }
    const line = readSourceData(note.text);
    if (line?.line === 'AGNC' && agency === undefined) agency = node('AGNC', line.value);
    else if (line?.line === 'NOTE') rest.push(node('NOTE', line.value));
    else return true;
    return false;
  });
  const children = [...events, ...(agency ? [agency] : []), ...rest];
  return children.length === 0 ? { data: undefined, notes } : { data: node('DATA', undefined, children), notes: left };
}
