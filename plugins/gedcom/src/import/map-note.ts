import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';

/** Notes longer than the notes plugin takes are cut, and the cut reported. */
const MAX_NOTE = 100_000;

/**
 * The NOTEs (inline text, or a pointer to a NOTE record; GEDCOM 7 SNOTE) under a structure
 * -> notes about `target` (the entity the structure became). A pointer to no NOTE record is
 * reported. A shared note pointed at from several places becomes a note on each of them.
 */
export function mapNotes(context: MappingContext, node: GedcomNode, target: string, path: string): void {
  for (const { text, note } of noteTexts(context, node, path)) writeNote(context, target, text, `${path}.${note.tag}`, note);
}

/**
 * The texts of the NOTEs under a structure, a shared note's text read from its record (and
 * the record marked as used); a pointer to no NOTE record is reported and gives no text.
 */
export function noteTexts(context: MappingContext, node: GedcomNode, path: string): { text: string | undefined; note: GedcomNode }[] {
  const texts: { text: string | undefined; note: GedcomNode }[] = [];
  for (const note of node.children) {
    if (note.tag !== 'NOTE' && note.tag !== 'SNOTE') continue;
    if (!note.pointer) {
      texts.push({ text: note.value, note });
      continue;
    }
    const text = context.sharedNotes.get(note.pointer);
    if (text === undefined) {
      context.lose(`${path}.${note.tag}`, note, `points to no note record (@${note.pointer}@)`);
      continue;
    }
    context.notesUsed.add(note.pointer);
    texts.push({ text, note });
  }
  return texts;
}

/**
 * A note the import makes of a line no field holds (a place's coordinates, the cause of a
 * death), written once the claim or event it is about exists. `path`: the line's tag path.
 */
export interface KeptNote {
  text: string;
  path: string;
  node: GedcomNode;
}

/** One note about `target`; a text longer than a note holds is cut, and the cut reported. */
export function writeNote(context: MappingContext, target: string, text: string | undefined, path: string, node: GedcomNode | undefined): void {
  if (!text?.trim()) return;
  if (text.length > MAX_NOTE) context.lose(path, node, `note longer than ${MAX_NOTE} characters: cut`);
  context.created('note', context.services.notesService.create(context.actor, { target, text: text.slice(0, MAX_NOTE) }).id);
}

/** A NOTE record (SNOTE in 7.0): its text, kept for the structures pointing at it. */
export function readNoteRecord(context: MappingContext, record: GedcomNode): void {
  if (!record.xref) return context.lose(record.tag, record, 'note record without a cross-reference id: nothing can point at it');
  context.sharedNotes.set(record.xref, record.value ?? '');
  for (const part of record.children) context.lose(`${record.tag}.${part.tag}`, part, 'not kept on the note');
}

/**
 * Shared notes nothing pointed at: kept as notes about the run itself (target = the
 * import_key), so the text is not lost and undo still takes them away.
 */
export function keepUnusedNotes(context: MappingContext): void {
  for (const [xref, text] of context.sharedNotes) {
    if (!context.notesUsed.has(xref)) writeNote(context, context.importKey, text, 'NOTE', { level: 0, tag: 'NOTE', line: 0, children: [] });
  }
}
