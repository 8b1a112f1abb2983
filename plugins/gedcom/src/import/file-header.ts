import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { asWritten, child, textAt } from './long-text.js';
import { noteTexts, writeNote } from './map-note.js';

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
  const program = [textAt(system, 'NAME') ?? asWritten(system), textAt(system, 'VERS')].filter(Boolean).join(' ');
  const corporation = textAt(system, 'CORP');
  const written = textAt(head, 'DATE');
  const said: [string, string | undefined][] = [
    ['Made with', program && `${program}${corporation ? ` (${corporation})` : ''}`],
    ['Data from', textAt(system, 'DATA')],
    ['Written on', written && [written, textAt(head, 'DATE', 'TIME')].filter(Boolean).join(' ')],
    ['Copyright', textAt(head, 'COPR')],
    ['Place format', textAt(head, 'PLAC', 'FORM')],
    ['Language', textAt(head, 'LANG')],
  ];
  const lines = [
    ...said.flatMap(([label, text]) => (text ? [`${label}: ${text}`] : [])),
    ...noteTexts(context, head, 'HEAD').flatMap(({ text }) => (text?.trim() ? [`Note: ${text}`] : [])),
  ];
  if (lines.length) writeNote(context, context.importKey, ['About the file', ...lines].join('\n'), 'HEAD', head);
}
