/**
 * The lines every fact and event shares: DATE (in the target version's form: 7.0 moves
 * free text into a PHRASE, 5.5.1 keeps it in parentheses), PLAC, and the notes about it.
 */
import type { GedcomNode } from '@rootline/gedcom';
import { formatGedcomDate, isPlainDate, isValidGedcomDate, parseGedcomDate, toGedcom7 } from '@rootline/gedcom-date';
import type { NoteDto } from '@rootline/contracts/notes';
import { node, type ExportContext } from './context.js';

/** A plain date whose day may be past its month's end (29 FEB in a year not leap, 31 APR): the only plain dates that may be no date at all. */
const MAYBE_PAST_MONTH_END = /(?:^| )(?:29|30|31) (?:FEB|APR|JUN|SEP|NOV) \d+$/;

/**
 * A date as the version writes it. One no calendar has (`29 FEB 1635`, `31 APR 1900`: a file's
 * typo kept as written) is no DATE payload in either version: 7.0 writes it as the PHRASE of an
 * empty DATE, 5.5.1 as a date phrase in parentheses, so nothing of it is lost and the file stays valid.
 */
function dateStructure(text: string, context: ExportContext): GedcomNode {
  // Most stored dates (12 MAR 1850, ABT 1850) are written as they stand in either version: not parsed again.
  if (isPlainDate(text) && (!MAYBE_PAST_MONTH_END.test(text) || isValidGedcomDate(text, context.version))) return node('DATE', text);
  const parsed = parseGedcomDate(text);
  if (context.version === '5.5.1') {
    const written = formatGedcomDate(parsed, { version: '5.5.1' });
    return node('DATE', isValidGedcomDate(written, '5.5.1') ? written : `(${text})`);
  }
  const { date, phrase } = toGedcom7(parsed);
  if (!isValidGedcomDate(date, '7.0')) return node('DATE', '', [node('PHRASE', text)]);
  return node('DATE', date, phrase ? [node('PHRASE', phrase)] : []);
}

/** DATE and PLAC, those given; MAP (the place's coordinates, `place-map.ts`) under the PLAC. */
export function dateAndPlace(context: ExportContext, date: string | null | undefined, place: string | null | undefined, map?: GedcomNode): GedcomNode[] {
  const lines: GedcomNode[] = [];
  if (date) lines.push(dateStructure(date, context));
  if (place) lines.push(node('PLAC', place, map ? [map] : []));
  return lines;
}

/** NOTE lines for the notes about one entity, a redacted note left out (and reported). */
export function noteStructures(context: ExportContext, notes: readonly NoteDto[] | undefined, path: string): GedcomNode[] {
  const written: GedcomNode[] = [];
  for (const note of notes ?? []) {
    if (!context.shows(note.id, 'text')) {
      context.lose(`${path}.NOTE`, 'redacted note not written');
      continue;
    }
    if (note.text.trim()) {
      written.push(node('NOTE', note.text));
      context.count('notes');
    }
  }
  return written;
}

/** Groups rows by a key, keeping their order. */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
