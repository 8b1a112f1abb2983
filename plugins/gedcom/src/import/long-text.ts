import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { writeNote } from './map-note.js';

/** A value cut to `max` characters, its last one an ellipsis so a reader sees it goes on. */
export const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** A line's text as the file wrote it: its line breaks (CONT) kept, only blank ends trimmed; undefined when blank. */
export const asWritten = (node: GedcomNode | undefined) => node?.value?.trim() || undefined;

/** A structure's first substructure of this tag, if any. */
export const child = (node: GedcomNode | undefined, tag: string) => node?.children.find((each) => each.tag === tag);

/** The text as written at a path of tags under a structure (`textAt(head, 'PLAC', 'FORM')`), or undefined. */
export const textAt = (node: GedcomNode | undefined, ...tags: string[]) => asWritten(tags.reduce(child, node));

/** Text bound for a field that holds at most `max` characters (a source's title, a citation's page, a claim's place). */
export interface FieldText {
  value: string;
  max: number;
  /** What the field is, in the note that keeps the whole text ("Title", "Text from the source"). */
  label: string;
  /** Tag path of the line it came from, for the loss report. */
  path: string;
  node?: GedcomNode;
}

/** A line's text bound for a field, or undefined when the line is missing or blank. */
export function fieldOf(node: GedcomNode | undefined, max: number, label: string, path: string): FieldText | undefined {
  const value = asWritten(node);
  return value === undefined ? undefined : { value, max, label, path, node };
}

/** What the field stores: the text, or its start ending in "…" when it is longer than the field holds. */
export const fieldValue = (field: FieldText) => clip(field.value, field.max);

/** What each field given stores, by name (the fields not given left out). */
export function fieldValues(fields: Record<string, FieldText | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).flatMap(([name, field]) => (field ? [[name, fieldValue(field)]] : [])));
}

/**
 * The fields that were cut: each one's whole text becomes a note on `target` (the record the
 * field belongs to), headed by what it is, and the loss report says where the text went, so
 * evidence longer than a field never vanishes in silence.
 */
export function keepWholeTexts(context: MappingContext, target: string, fields: readonly (FieldText | undefined)[], where: string): void {
  for (const field of fields) {
    if (!field || field.value.length <= field.max) continue;
    writeNote(context, target, `${field.label} (whole):\n${field.value}`, field.path, field.node);
    context.keptAs(field.path, field.node, `longer than ${field.max.toLocaleString('en')} characters: cut in the ${where}, the whole text kept as a note on it`);
  }
}
