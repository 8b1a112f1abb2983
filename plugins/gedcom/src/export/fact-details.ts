/**
 * The notes of a claim or event that stand for a line under its fact (`../fact-details.ts`:
 * the import's `Cause: Dysenterie` -> `2 CAUS Dysenterie`), taken out of the notes written as
 * NOTE: the first of each tag that GEDCOM 7 allows under that fact (`structure`, its structure
 * type: `INDI-DEAT`; an LDS ordinance takes no CAUS) and that the fact does not already have
 * (`has`: the TYPE of an EVEN), with a value that tag's payload takes in the target version (an
 * `Age: 0` is no GEDCOM age). The others stay notes. A redacted note is left to `noteStructures`
 * (not written, reported).
 */
import { fitsPayload, substructureRule } from '@rootline/gedcom';
import type { NoteDto } from '@rootline/contracts/notes';
import type { ExportContext } from './context.js';
import { readDetailNote, type DetailNotes } from '../fact-details.js';

const NONE: ReadonlyMap<string, string> = new Map();

/** How a structure's detail notes are read: by which table (the facts' by default), and which of them a redaction hides. */
export interface DetailReading {
  read?: DetailNotes['read'];
  /** Details not written at all, not even as notes (an address where the place is redacted), reported under `path`. */
  withhold?: { tags: ReadonlySet<string>; path: string };
}

export function takeFactDetails(
  context: ExportContext,
  notes: readonly NoteDto[] | undefined,
  structure: string | undefined,
  has: ReadonlySet<string>,
  { read = readDetailNote, withhold }: DetailReading = {},
): { details: ReadonlyMap<string, string>; notes: readonly NoteDto[] | undefined } {
  // Most facts have no note left once their coordinates are taken: nothing to read, no map made.
  if (!notes || notes.length === 0) return { details: NONE, notes };
  const shown = withhold ? withholding(context, notes, read, withhold) : notes;
  if (structure === undefined) return { details: NONE, notes: shown };
  const details = new Map<string, string>();
  const rest = shown.filter((note) => {
    const detail = context.shows(note.id, 'text') ? read(note.text) : undefined;
    if (!detail || has.has(detail.tag) || details.has(detail.tag)) return true;
    const type = typeOf(structure, detail.tag);
    if (type === undefined || !fitsPayload(type, detail.value, context.version)) return true;
    details.set(detail.tag, detail.value);
    return false;
  });
  return { details, notes: rest };
}

/** The notes but those standing for a withheld detail, which are reported. */
function withholding(context: ExportContext, notes: readonly NoteDto[], read: DetailNotes['read'], { tags, path }: NonNullable<DetailReading['withhold']>): readonly NoteDto[] {
  const shown = notes.filter((note) => !tags.has(read(note.text)?.tag ?? ''));
  if (shown.length < notes.length) context.lose(path, 'address of a redacted place not written', notes.length - shown.length);
  return shown;
}

/** The structure type of a detail's line under `structure` (`HUSB.AGE`: AGE under the event's HUSB); undefined where GEDCOM has no such line. */
function typeOf(structure: string, detail: string): string | undefined {
  let type: string | undefined = structure;
  for (const tag of detail.split('.')) type = type === undefined ? undefined : substructureRule(type, tag)?.type;
  return type;
}
