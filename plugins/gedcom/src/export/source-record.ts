/**
 * A source as a SOUR record: TITL, AUTH, PUBL, what its records are (DATA, kept as notes:
 * `source-data.ts`), its identifiers (REFN, RIN, UID, EXID: kept as
 * notes, `identifiers.ts`), the notes about it and the media objects attached to it. The source's web
 * address has no place in a GEDCOM source record: it is written as a note (and reported),
 * so it still reaches the reader.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { NoteDto } from '@rootline/contracts/notes';
import type { SourceSummary } from '@rootline/contracts/sources';
import { node, record, type ExportContext } from './context.js';
import { noteStructures } from './details.js';
import { mediaLinks, type Attached } from './attachments.js';
import { takeIdentifiers } from './identifiers.js';
import { takeSourceData } from './source-data.js';

export function sourceRecord(context: ExportContext, source: SourceSummary, notes: readonly NoteDto[] | undefined, attached: Attached): GedcomNode | undefined {
  const redacted = context.redacted(source.id);
  if (redacted?.whole) {
    context.lose('SOUR', 'redacted source not written');
    return undefined;
  }
  const shows = (field: string) => !redacted?.fields.has(field);
  if (redacted) context.lose('SOUR', 'redacted value not written', redacted.fields.size);
  const lines: GedcomNode[] = [];
  if (shows('title')) lines.push(node('TITL', source.title));
  if (source.author && shows('author')) lines.push(node('AUTH', source.author));
  if (source.publisher && shows('publisher')) lines.push(node('PUBL', source.publisher));
  if (source.url && shows('url')) {
    context.lose('SOUR.WWW', 'a source record has no web address line: written as a note');
    lines.push(node('NOTE', `Online at ${source.url}`));
  }
  const recorded = takeSourceData(context, notes);
  if (recorded.data) lines.push(recorded.data);
  const identified = takeIdentifiers(context, recorded.notes, 'SOUR');
  lines.push(...identified.lines, ...noteStructures(context, identified.notes, 'SOUR'));
  lines.push(...mediaLinks(context, attached, source.id, 'record-SOUR', 'SOUR'));
  context.count('sources');
  return record('SOUR', context.sourceXref(source.id), lines);
}
