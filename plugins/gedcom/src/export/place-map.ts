/**
 * The coordinates of a fact's place back into `PLAC.MAP`: the import keeps them as a note on
 * the claim or event (`../place-map.ts`); here that note is taken out of the notes written as
 * NOTE lines and becomes MAP (LATI, LONG) under the PLAC. The coordinates tell where the place
 * is, so a place that is redacted takes them with it; a fact with no place, or a point missing
 * its latitude or longitude (MAP needs both), keeps the note as a NOTE.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { NoteDto } from '@rootline/contracts/notes';
import { node, type ExportContext } from './context.js';
import { readMapNote, type MapPoint } from '../place-map.js';

export function takePlaceMap(
  context: ExportContext,
  notes: readonly NoteDto[] | undefined,
  place: { written: boolean; redacted: boolean },
  path: string,
): { map?: GedcomNode; notes: readonly NoteDto[] | undefined } {
  const found = notes && mapNote(context, notes);
  if (!found) return { notes };
  const rest = () => notes.filter((_, index) => index !== found.at);
  if (place.redacted) {
    context.lose(`${path}.PLAC.MAP`, 'coordinates of a redacted place not written');
    return { notes: rest() };
  }
  if (!place.written) return { notes };
  const { point } = found;
  if (!point.latitude || !point.longitude) {
    context.lose(`${path}.PLAC.MAP`, 'coordinates without both latitude and longitude: written as a note');
    return { notes };
  }
  return { map: node('MAP', undefined, [node('LATI', point.latitude), node('LONG', point.longitude)]), notes: rest() };
}

/** The first note that may be written and holds a point, with the point: each note's text read once. */
function mapNote(context: ExportContext, notes: readonly NoteDto[]): { at: number; point: MapPoint } | undefined {
  for (let at = 0; at < notes.length; at++) {
    const note = notes[at];
    if (!context.shows(note.id, 'text')) continue;
    const point = readMapNote(note.text);
    if (point) return { at, point };
  }
  return undefined;
}
