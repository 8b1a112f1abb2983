/**
 * A `mention` claim (the import's SOUR of an individual, or of a family, as a whole:
 * `../import/mentions.ts`) as SOUR lines of the INDI itself: its source with the citation
 * (PAGE, DATA.TEXT, QUAY), then each citation attached to it as evidence, its notes under the
 * first. A mention that says more than that (a value, a date, a place) or cites nothing is
 * written as any other claim is, as a fact (EVEN, TYPE mention).
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { AssertionDto } from '@rootline/contracts/assertions';
import type { NoteDto } from '@rootline/contracts/notes';
import type { ExportContext } from './context.js';
import { claimCitations, type Cited } from './citations.js';
import { noteStructures } from './details.js';
import { MENTION } from '../import/mentions.js';

/** The SOUR lines of a mention claim, or undefined for a claim that is not one (written as a fact). */
export function mentionStructures(
  context: ExportContext,
  claim: AssertionDto,
  cited: Cited,
  notes: readonly NoteDto[] | undefined,
): GedcomNode[] | undefined {
  if (claim.kind !== MENTION || claim.value || claim.date || claim.place || !(claim.source || cited.evidence?.length)) return undefined;
  if (!context.shows(claim.id, 'kind') || !context.shows(claim.id, 'source')) {
    context.lose('INDI.SOUR', 'redacted citation not written');
    return [];
  }
  const [first, ...further] = claimCitations(context, claim, cited, 'INDI');
  if (!first) return [];
  return [{ ...first, children: [...first.children, ...noteStructures(context, notes, 'INDI.SOUR')] }, ...further];
}
