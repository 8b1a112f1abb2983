import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { textAt } from './long-text.js';
import { writeNote } from './map-note.js';
import { contactLines } from './address.js';

/**
 * A SUBM record (who made or sent the file) -> a note about the run (target the `import_key`,
 * as a shared note nothing pointed at): "Submitter: <name>", then its address, phone, email, fax,
 * website, language and notes a line each. It is about the file, not about anyone in the tree;
 * the pointers to it (HEAD.SUBM, INDI.SUBM, ANCI, DESI) stay reported.
 */
export function keepSubmitter(context: MappingContext, record: GedcomNode): void {
  const name = textAt(record, 'NAME') ?? (record.xref ? `@${record.xref}@` : 'unnamed');
  const lines = contactLines(context, record, 'the note about the import run', 'Note', 'submitter details other than the name, address, phone, email, fax, website, language and notes are not kept');
  writeNote(context, context.importKey, [`Submitter: ${name}`, ...lines].join('\n'), 'SUBM', record);
  context.keptAs('SUBM', record, 'kept as a note about the import run ("Submitter: ...": GET {P}/notes?target=<import_key>)');
}
