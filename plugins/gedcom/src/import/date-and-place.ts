import type { GedcomNode } from '@rootline/gedcom';
import { parseGedcomDate, toGedcom7 } from '@rootline/gedcom-date';
import type { MappingContext } from './context.js';
import { asWritten } from './long-text.js';
import { readPlaceMap } from './place-map.js';
import type { KeptNote } from './map-note.js';

/**
 * A DATE as Rootline keeps it: the text as given. GEDCOM 7 puts what its grammar cannot say
 * into a PHRASE beside the payload (`DATE 12 MAR 1638` + `PHRASE 12 MAR 1637/38`, or an
 * empty `DATE` + `PHRASE 10 JAN`; our own 7.0 export writes both), so the phrase is the date
 * as given when the payload is empty or is what the phrase means as a date. A phrase that
 * says something else is kept beside the date, the way 5.5.1 writes it: `INT 1 JAN 1900
 * (New Year's Day)` for a single date, `BET 1900 AND 1910 (phrase)` otherwise.
 */
function dateAsGiven(date: GedcomNode | undefined): string | undefined {
  const payload = asWritten(date);
  const phrase = asWritten(date?.children.find((part) => part.tag === 'PHRASE'));
  if (!phrase) return payload;
  if (!payload || means(phrase, payload)) return phrase;
  return parseGedcomDate(payload).kind === 'date' ? `INT ${payload} (${phrase})` : `${payload} (${phrase})`;
}

/** Whether `phrase` read as a date is the date `payload` says (as a 7.0 exporter would write each). */
function means(phrase: string, payload: string): boolean {
  const read = parseGedcomDate(phrase);
  return read.kind !== 'phrase' && toGedcom7(read).date === toGedcom7(parseGedcomDate(payload)).date;
}

/**
 * The DATE (with its PHRASE) and PLAC of a fact or an event, as given, and the coordinates of
 * the place (PLAC.MAP) as the text of a note for `where` (the claim or the event): Rootline's
 * places are text and hold no coordinates. What else stands under them (a place's FORM, a
 * date's TIME) and a second DATE or PLAC are reported as not kept on `where`.
 */
export function dateAndPlace(context: MappingContext, node: GedcomNode, path: string, where: string): { date?: string; place?: string; map?: KeptNote } {
  const kept: { date?: string; place?: string; map?: KeptNote } = {};
  for (const part of node.children) {
    if (part.tag !== 'DATE' && part.tag !== 'PLAC') continue;
    const field = part.tag === 'DATE' ? 'date' : 'place';
    const given = field === 'date' ? dateAsGiven(part) : asWritten(part);
    const second = given !== undefined && kept[field] !== undefined;
    if (second) context.lose(`${path}.${part.tag}`, part, `second ${field} not kept on the ${where}`);
    else if (given !== undefined) kept[field] = given;
    for (const sub of part.children) {
      if (field === 'date' && sub.tag === 'PHRASE') continue;
      const subPath = `${path}.${part.tag}.${sub.tag}`;
      const text = field === 'place' && sub.tag === 'MAP' && !second && !kept.map ? readPlaceMap(context, sub, subPath) : undefined;
      if (text === undefined) context.lose(subPath, sub, `not kept on the ${where}`);
      else {
        kept.map = { text, path: subPath, node: sub };
        context.keptAs(subPath, sub, `coordinates kept as a note on the ${where} (a place holds none); exports write them back as MAP`);
      }
    }
  }
  return kept;
}
