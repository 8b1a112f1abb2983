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
import type { WriteVersion } from './version.js';

const FAMC = substructureRule('record-INDI', 'FAMC')?.type;
const NONE: ReadonlySet<string> = new Set();

/** The status notes as each version words them: made once, as every FAMC of an export asks. */
const reading = (cased: (word: string) => string) => ({
  read(text: string) {
    const detail = linkStatusNotes.read(text);
    return detail?.tag === 'STAT' ? { tag: 'STAT', value: cased(detail.value) } : detail;
  },
});
const READING: Record<WriteVersion, { read(text: string): { tag: string; value: string } | undefined }> = {
  '7.0': reading((word) => word.toUpperCase()),
  '5.5.1': reading((word) => word.toLowerCase()),
};

export function takeLinkStatus(context: ExportContext, notes: readonly NoteDto[]): { lines: GedcomNode[]; notes: readonly NoteDto[] | undefined } {
  const { details, notes: rest } = takeFactDetails(context, notes, FAMC, NONE, READING[context.version]);
  const status = details.get('STAT');
  if (status === undefined) return { lines: [], notes: rest };
  const phrase = details.get('STAT.PHRASE');
  return { lines: [node('STAT', status, phrase === undefined ? [] : [node('PHRASE', phrase)])], notes: rest };
}
