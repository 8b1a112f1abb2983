import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { mapNoteText } from '../place-map.js';

/** A coordinate as GEDCOM writes it (`N42.3751`), blanks inside dropped: undefined when blank. */
const coordinate = (node: GedcomNode | undefined) => node?.value?.replace(/\s+/g, '') || undefined;

/**
 * A PLAC's MAP -> the text of the note that keeps its coordinates on the claim or event
 * (`../place-map.ts`), or undefined when it gives neither LATI nor LONG. What else stands under
 * MAP, and a second LATI or LONG, is reported.
 */
export function readPlaceMap(context: MappingContext, map: GedcomNode, path: string): string | undefined {
  const latitude = map.children.filter((part) => part.tag === 'LATI');
  const longitude = map.children.filter((part) => part.tag === 'LONG');
  for (const part of map.children) {
    const kept = part === latitude[0] || part === longitude[0];
    if (kept) for (const sub of part.children) context.lose(`${path}.${part.tag}.${sub.tag}`, sub, 'not kept with the coordinates');
    else context.lose(`${path}.${part.tag}`, part, part.tag === 'LATI' || part.tag === 'LONG' ? `second ${part.tag === 'LATI' ? 'latitude' : 'longitude'} not kept` : 'not kept with the coordinates');
  }
  const point = { latitude: coordinate(latitude[0]), longitude: coordinate(longitude[0]) };
  return point.latitude || point.longitude ? mapNoteText(point) : undefined;
}
