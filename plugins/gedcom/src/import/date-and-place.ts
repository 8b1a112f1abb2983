import type { GedcomNode } from '@rootline/gedcom';
import { parseGedcomDate, toGedcom7 } from '@rootline/gedcom-date';
import type { MappingContext } from './context.js';
import { asWritten } from './long-text.js';
import { readPlaceMap } from './place-map.js';
import { noteTexts, type KeptNote } from './map-note.js';
import { detailNoteText, FACT_DETAILS } from '../fact-details.js';

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
 * The DATE (with its PHRASE) and PLAC of a fact or an event, as given, and the notes for
 * `where` (the claim or the event) that keep what its place says beside its text: its
 * coordinates (PLAC.MAP: Rootline's places are text and hold no coordinates), its NOTEs and its
 * FORM (`../fact-details.ts`: `Note on the place: ...`, `Parts of the place: ...`), and the
 * date's TIME (`Time of day: ...`). What else stands under them (a place's TRAN, an extension)
 * and a second DATE or PLAC (with all under it) are reported as not kept on `where`.
 */
export function dateAndPlace(context: MappingContext, node: GedcomNode, path: string, where: string): { date?: string; place?: string; notes: KeptNote[] } {
  const kept: { date?: string; place?: string; notes: KeptNote[] } = { notes: [] };
  let mapped = false;
  for (const part of node.children) {
    if (part.tag !== 'DATE' && part.tag !== 'PLAC') continue;
    const field = part.tag === 'DATE' ? 'date' : 'place';
    const given = field === 'date' ? dateAsGiven(part) : asWritten(part);
    const second = given !== undefined && kept[field] !== undefined;
    if (second) context.lose(`${path}.${part.tag}`, part, `second ${field} not kept on the ${where}`);
    else if (given !== undefined) kept[field] = given;
    if (field === 'place' && !second) kept.notes.push(...placeNotes(context, part, `${path}.PLAC`, where));
    if (field === 'date' && !second) kept.notes.push(...timeNotes(context, part, `${path}.DATE`, where));
    for (const sub of part.children) {
      if (field === 'date' && (sub.tag === 'PHRASE' || (sub.tag === 'TIME' && !second))) continue;
      if (field === 'place' && !second && PLACE_LINES.has(sub.tag)) continue;
      const subPath = `${path}.${part.tag}.${sub.tag}`;
      const text = field === 'place' && sub.tag === 'MAP' && !second && !mapped ? readPlaceMap(context, sub, subPath) : undefined;
      if (text === undefined) context.lose(subPath, sub, `not kept on the ${where}`);
      else {
        mapped = true;
        kept.notes.push({ text, path: subPath, node: sub });
        context.keptAs(subPath, sub, `coordinates kept as a note on the ${where} (a place holds none); exports write them back as MAP`);
      }
    }
  }
  return kept;
}

/** A 7.0 DATE's TIME (the hour a register gives) -> the note that keeps it on the claim or event; a blank one is reported. */
function timeNotes(context: MappingContext, date: GedcomNode, path: string, where: string): KeptNote[] {
  const notes: KeptNote[] = [];
  for (const time of date.children) {
    if (time.tag !== 'TIME') continue;
    const text = asWritten(time);
    if (!text) context.lose(`${path}.TIME`, time, 'blank: nothing to keep');
    else {
      notes.push({ text: detailNoteText('DATE.TIME', text), path: `${path}.TIME`, node: time });
      context.keptAs(`${path}.TIME`, time, `kept as a note on the ${where} ("${FACT_DETAILS['DATE.TIME']}: ..."); 7.0 exports write it back under the DATE (5.5.1 has no TIME there: the note)`);
    }
  }
  return notes;
}

/** The lines under a PLAC that `placeNotes` keeps. */
const PLACE_LINES: ReadonlySet<string> = new Set(['NOTE', 'SNOTE', 'FORM']);

/**
 * A place's NOTEs (inline, or a shared note's text) and FORM -> the notes that keep them on the
 * claim or event, each reported as kept; a blank one is reported, as is a pointer to no note record.
 */
function placeNotes(context: MappingContext, place: GedcomNode, path: string, where: string): KeptNote[] {
  const notes: KeptNote[] = [];
  const keep = (detail: string, text: string | undefined, node: GedcomNode) => {
    const tagPath = `${path}.${node.tag}`;
    if (!text?.trim()) return context.lose(tagPath, node, 'blank: nothing to keep');
    notes.push({ text: detailNoteText(detail, text), path: tagPath, node });
    context.keptAs(tagPath, node, `kept as a note on the ${where} ("${FACT_DETAILS[detail]}: ..."); exports write it back as ${detail} where the ${where} has its place`);
  };
  for (const { text, note } of noteTexts(context, place, path)) keep('PLAC.NOTE', text, note);
  for (const form of place.children) if (form.tag === 'FORM') keep('PLAC.FORM', asWritten(form), form);
  return notes;
}
