import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { asWritten } from './long-text.js';
import { noteTexts, writeNote } from './map-note.js';

const child = (node: GedcomNode | undefined, tag: string) => node?.children.find((each) => each.tag === tag);

/**
 * What the file's HEAD says about the file itself -> a note about the run (target the
 * `import_key`), "About the file" and a line each: the program that wrote it (HEAD.SOUR: NAME,
 * VERS, CORP), when (DATE, TIME), the data it came from (SOUR.DATA), its copyright (COPR), the
 * form of its places (PLAC.FORM), its language (LANG) and its NOTEs. Nothing when it says none of
 * these. HEAD.FILE (a path of the machine that wrote it), DEST and SUBM are not kept: the run
 * knows its file name, and the submitter is kept from its record (`submitter.ts`).
 */
export function keepFileHeader(context: MappingContext, head: GedcomNode | undefined): void {
  if (!head) return;
  const system = child(head, 'SOUR');
  const program = [asWritten(child(system, 'NAME')) ?? asWritten(system), asWritten(child(system, 'VERS'))].filter(Boolean).join(' ');
  const corporation = asWritten(child(system, 'CORP'));
  const date = child(head, 'DATE');
  const lines = [
    program && `Made with: ${program}${corporation ? ` (${corporation})` : ''}`,
    asWritten(child(system, 'DATA')) && `Data from: ${asWritten(child(system, 'DATA'))}`,
    asWritten(date) && `Written on: ${[asWritten(date), asWritten(child(date, 'TIME'))].filter(Boolean).join(' ')}`,
    asWritten(child(head, 'COPR')) && `Copyright: ${asWritten(child(head, 'COPR'))}`,
    asWritten(child(child(head, 'PLAC'), 'FORM')) && `Place format: ${asWritten(child(child(head, 'PLAC'), 'FORM'))}`,
    asWritten(child(head, 'LANG')) && `Language: ${asWritten(child(head, 'LANG'))}`,
    ...noteTexts(context, head, 'HEAD').flatMap(({ text }) => (text?.trim() ? [`Note: ${text}`] : [])),
  ].filter((line): line is string => Boolean(line));
  if (lines.length) writeNote(context, context.importKey, ['About the file', ...lines].join('\n'), 'HEAD', head);
}
