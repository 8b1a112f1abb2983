import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { textAt } from './long-text.js';
import { writeNote } from './map-note.js';
import { contactLines } from './address.js';

/**
 * A SUBM record (who made or sent the file) -> a note about the run (target the `import_key`,
 * as a shared note nothing pointed at): "Submitter: <name>", then its address, phone, email, fax,
 * website, language and notes a line each. It is about the file, not about anyone in the tree;
 * the pointers to it (HEAD.SUBM, INDI.SUBM, FAM.SUBM) stay reported. A research interest
 * pointing at it (ANCI, DESI) names it in its note on the person (`person-lines.ts`).
 */
export function keepSubmitter(context: MappingContext, record: GedcomNode): void {
  const name = submitterName(record);
  const lines = contactLines(context, record, 'the note about the import run', 'Note', 'submitter details other than the name, address, phone, email, fax, website, language, notes and comments are not kept');
  writeNote(context, context.importKey, [`Submitter: ${name}`, ...lines].join('\n'), 'SUBM', record);
  context.keptAs('SUBM', record, 'kept as a note about the import run ("Submitter: ...": GET {P}/notes?target=<import_key>)');
}

/** The first pass: a submitter's name by its xref, for the research interests pointing at it (the record itself may come after them). */
export function readSubmitter(context: MappingContext, record: GedcomNode): void {
  if (record.xref) context.submitters.set(record.xref, submitterName(record));
}

const submitterName = (record: GedcomNode) => textAt(record, 'NAME') ?? (record.xref ? `@${record.xref}@` : 'unnamed');
