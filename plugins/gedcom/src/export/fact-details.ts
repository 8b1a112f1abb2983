/**
 * The notes of a claim or event that stand for a line under its fact (`../fact-details.ts`:
 * the import's `Cause: Dysenterie` -> `2 CAUS Dysenterie`), taken out of the notes written as
 * NOTE: the first of each tag that GEDCOM 7 allows under that fact (`structure`, its structure
 * type: `INDI-DEAT`; an LDS ordinance takes no CAUS) and that the fact does not already have
 * (`has`: the TYPE of an EVEN), with a value that tag's payload takes in the target version (an
 * `Age: 0` is no GEDCOM age), whose tags the version has (5.5.1: no PHRASE), with the lines
 * GEDCOM requires under it and, for a detail of a detail (`AGE.PHRASE`), its own line written.
 * The others stay notes. A redacted note is left to `noteStructures`
 * (not written, reported).
 */
import { fitsPayload, requiredTags, structureTypeAt } from '@rootline/gedcom';
import type { NoteDto } from '@rootline/contracts/notes';
import type { ExportContext } from './context.js';
import { FACT_DETAILS, readDetailNote, type DetailNotes } from '../fact-details.js';
import { restrictionFor } from './version.js';

const NONE: ReadonlyMap<string, string> = new Map();

/** How a structure's detail notes are read: by which table (the facts' by default), and which of them a redaction hides. */
export interface DetailReading {
  read?: DetailNotes['read'];
  /** Details not written at all, not even as notes (an address where the place is redacted), reported under `path` for `reason`. */
  withhold?: readonly { tags: ReadonlySet<string>; path: string; reason: string }[];
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
  const taken = new Map<string, { value: string; note: NoteDto; type: string }>();
  for (const note of shown) {
    const detail = context.shows(note.id, 'text') ? read(note.text) : undefined;
    if (!detail || has.has(detail.tag) || taken.has(detail.tag)) continue;
    // The structure type of the detail's line under `structure` (`HUSB.AGE`: AGE under the event's HUSB); none where GEDCOM has no such line in this version.
    const type = structureTypeAt(structure, detail.tag.split('.'), context.version);
    const value = detail.tag === 'RESN' ? restrictionFor(detail.value, context.version) : detail.value;
    if (type === undefined || value === undefined || !fitsPayload(type, value, context.version)) continue;
    taken.set(detail.tag, { value, note, type });
  }
  whole(taken);
  const written = new Set([...taken.values()].map(({ note }) => note));
  return { details: new Map([...taken].map(([tag, { value }]) => [tag, value])), notes: written.size === 0 ? shown : shown.filter((note) => !written.has(note)) };
}

/**
 * Leaves out of `taken` a detail missing a line GEDCOM requires under it (a STAT without its
 * DATE) and a detail of a detail left out (an `AGE.PHRASE` whose AGE is not written): their
 * notes stay notes. Checked again until nothing more goes (a detail left out may orphan another).
 */
function whole(taken: Map<string, { type: string }>): void {
  for (let changed = true; changed; ) {
    changed = false;
    for (const [tag, { type }] of taken) {
      const cut = tag.lastIndexOf('.');
      const orphan = cut > 0 && Object.hasOwn(FACT_DETAILS, tag.slice(0, cut)) && !taken.has(tag.slice(0, cut));
      if (orphan || requiredTags(type).some((sub) => !taken.has(`${tag}.${sub}`))) changed = taken.delete(tag);
    }
  }
}

/** The notes but those standing for a withheld detail, which are reported. */
function withholding(context: ExportContext, notes: readonly NoteDto[], read: DetailNotes['read'], withhold: NonNullable<DetailReading['withhold']>): readonly NoteDto[] {
  let shown = notes;
  for (const { tags, path, reason } of withhold) {
    const kept = shown.filter((note) => !tags.has(read(note.text)?.tag ?? ''));
    if (kept.length < shown.length) context.lose(path, reason, shown.length - kept.length);
    shown = kept;
  }
  return shown;
}

