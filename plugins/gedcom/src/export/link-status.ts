/**
 * A child's link status back into its FAMC (`../link-status.ts`): the notes `Status of the link:
 * challenged` and `Status of the link in words: ...` of its parent edges become `STAT CHALLENGED`
 * and its PHRASE, taken out of the notes written as NOTE. 7.0 writes the word in capitals; 5.5.1
 * in its own lower case, and has no PHRASE (that note stays a NOTE); a word the version does not
 * have stays a NOTE too (`takeFactDetails` checks it as the validator would).
 */
import { substructureRule, type GedcomNode } from '@rootline/gedcom';
import type { NoteDto } from '@rootline/contracts/notes';
import { node, type ExportContext } from './context.js';
import { takeFactDetails } from './fact-details.js';
import { linkStatusNotes } from '../link-status.js';

const FAMC = substructureRule('record-INDI', 'FAMC')?.type;
const NONE: ReadonlySet<string> = new Set();

export function takeLinkStatus(context: ExportContext, notes: readonly NoteDto[]): { lines: GedcomNode[]; notes: readonly NoteDto[] | undefined } {
  const read = (text: string) => {
    const detail = linkStatusNotes.read(text);
    if (detail?.tag !== 'STAT') return detail;
    return { tag: 'STAT', value: context.version === '7.0' ? detail.value.toUpperCase() : detail.value.toLowerCase() };
  };
  const { details, notes: rest } = takeFactDetails(context, notes, FAMC, NONE, { read });
  const status = details.get('STAT');
  if (status === undefined) return { lines: [], notes: rest };
  const phrase = details.get('STAT.PHRASE');
  return { lines: [node('STAT', status, phrase === undefined ? [] : [node('PHRASE', phrase)])], notes: rest };
}
