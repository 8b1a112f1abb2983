import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { asWritten, child } from './long-text.js';
import { noteTexts } from './map-note.js';
import { recordedEventsText, sourceDataText, SOURCE_DATA_LABELS } from '../source-data.js';

/**
 * A source record's DATA (`../source-data.ts`) -> the texts of the notes that keep it on the
 * source: one per EVEN (with its DATE and PLAC), one for the AGNC, one per NOTE. Each line is
 * reported kept; what else is under them (a period's PHRASE, a place's FORM or MAP) is reported
 * not kept.
 */
export function sourceDataNotes(context: MappingContext, data: GedcomNode): string[] {
  const notes: string[] = [];
  const kept = (path: string, node: GedcomNode, words: string) =>
    context.keptAs(`SOUR.DATA.${path}`, node, `kept as a note on the source ("${words}: ..."); exports write it back as DATA.${path}`);
  for (const part of data.children) {
    if (part.tag === 'EVEN') {
      const events = asWritten(part);
      if (events === undefined) {
        context.lose('SOUR.DATA.EVEN', part, 'blank: nothing to keep');
        continue;
      }
      const [date, place] = [child(part, 'DATE'), child(part, 'PLAC')];
      kept('EVEN', part, SOURCE_DATA_LABELS.EVEN);
      for (const sub of part.children) {
        if (sub === date || sub === place) for (const under of sub.children) context.lose(`SOUR.DATA.EVEN.${sub.tag}.${under.tag}`, under, 'not kept on the source');
        else context.lose(`SOUR.DATA.EVEN.${sub.tag}`, sub, 'not kept on the source');
      }
      notes.push(recordedEventsText({ events, period: asWritten(date), place: asWritten(place) }));
    } else if (part.tag === 'AGNC' && asWritten(part)) {
      kept('AGNC', part, SOURCE_DATA_LABELS.AGNC);
      notes.push(sourceDataText('AGNC', asWritten(part)!));
    } else if (part.tag !== 'NOTE' && part.tag !== 'SNOTE') {
      context.lose(`SOUR.DATA.${part.tag}`, part, part.tag === 'AGNC' ? 'blank: nothing to keep' : 'not kept on the source');
    }
  }
  for (const { text, note } of noteTexts(context, data, 'SOUR.DATA')) {
    if (!text?.trim()) continue;
    kept(note.tag, note, SOURCE_DATA_LABELS.NOTE);
    notes.push(sourceDataText('NOTE', text));
  }
  return notes;
}
