/**
 * A claim's source (and the citations attached to it as evidence) as GEDCOM source citations: `SOUR @S1@` with PAGE (where in the source),
 * QUAY (0 to 3), DATA.TEXT and the web address as `_LINK` (extensions.ts), the elements the importer reads back, an
 * `OBJE @Mn@` for each media object attached to the citation (the scan of the record page: attachments.ts), and the
 * citation's notes: the date of the entry as DATA.DATE (`../citation-details.ts`), the others as NOTEs. Other elements of a
 * template citation (a register's volume, a census's piece) have no line of their own: they
 * are reported, and the citation keeps its page.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { CitationDto } from '@rootline/contracts/sources';
import { node, pointer, type ExportContext } from './context.js';
import { CITATION_LINK } from './extensions.js';
import { mediaLinks, NOTHING_ATTACHED, type Attached } from './attachments.js';
import type { NoteDto } from '@rootline/contracts/notes';
import { noteStructures } from './details.js';
import { takeFactDetails } from './fact-details.js';
import { citationDetailNotes } from '../citation-details.js';

const WRITTEN = new Set(['page', 'quality', 'text', 'url']);
const NO_LINES: ReadonlySet<string> = new Set();

/** What a claim's SOURs are written from, read for its batch: its citations, those attached to it as evidence, the media objects attached to them, their notes. */
export interface Cited {
  citations: ReadonlyMap<string, CitationDto>;
  evidence: readonly string[] | undefined;
  attached: Attached;
  notes: ReadonlyMap<string, readonly NoteDto[]>;
}

/** What a citation's lines beside its elements are written from: the media objects attached to it, its notes (by citation). */
type Around = Partial<Pick<Cited, 'attached' | 'notes'>>;

export function citationStructure(context: ExportContext, source: string, citation: CitationDto | undefined, path: string, { attached = NOTHING_ATTACHED, notes }: Around = {}): GedcomNode | undefined {
  if (context.redacted(source)?.whole) {
    context.lose(`${path}.SOUR`, 'citation of a redacted source not written');
    return undefined;
  }
  const parts: GedcomNode[] = [];
  if (citation && !context.redacted(citation.id)?.whole) {
    const elements = citation.elements;
    const { details, notes: rest } = takeFactDetails(context, notes?.get(citation.id), 'SOUR', NO_LINES, { read: citationDetailNotes.read });
    if (elements.page) parts.push(node('PAGE', elements.page));
    const entered = details.get('DATA.DATE');
    const data = [...(entered ? [node('DATE', entered)] : []), ...(elements.text ? [node('TEXT', elements.text)] : [])];
    if (data.length) parts.push(node('DATA', undefined, data));
    if (elements.quality !== undefined) {
      if (/^[0-3]$/.test(elements.quality.trim())) parts.push(node('QUAY', elements.quality.trim()));
      else context.lose(`${path}.SOUR.QUAY`, 'quality other than 0 to 3 not written');
    }
    if (elements.url) parts.push(node(CITATION_LINK, elements.url));
    for (const key of Object.keys(elements)) if (!WRITTEN.has(key)) context.lose(`${path}.SOUR.PAGE`, `citation element "${key}" has no GEDCOM line: not written`);
    parts.push(...mediaLinks(context, attached, citation.id, 'SOUR', `${path}.SOUR`));
    parts.push(...noteStructures(context, rest, `${path}.SOUR`));
  }
  return pointer('SOUR', context.sourceXref(source), parts);
}

/**
 * Every SOUR of a claim: its own source citation, then each citation attached to it as
 * evidence (the importer reads a structure's further SOURs back as evidence), each once.
 */
export function claimCitations(context: ExportContext, claim: { source: string | null; citation: string | null }, { citations, evidence, ...around }: Cited, path: string): GedcomNode[] {
  const written: GedcomNode[] = [];
  if (claim.source) {
    const own = citationStructure(context, claim.source, claim.citation ? citations.get(claim.citation) : undefined, path, around);
    if (own) written.push(own);
  }
  for (const id of new Set(evidence)) {
    const cited = id === claim.citation ? undefined : citations.get(id);
    if (!cited?.source) continue;
    const structure = citationStructure(context, cited.source, cited, path, around);
    if (structure) written.push(structure);
  }
  return written;
}
