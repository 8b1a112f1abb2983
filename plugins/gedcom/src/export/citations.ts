/**
 * A claim's source (and the citations attached to it as evidence) as GEDCOM source citations: `SOUR @S1@` with PAGE (where in the source),
 * QUAY (0 to 3), DATA.TEXT and the web address as `_LINK` (extensions.ts), the elements the importer reads back, and an
 * `OBJE @Mn@` for each media object attached to the citation (the scan of the record page: attachments.ts). Other elements of a
 * template citation (a register's volume, a census's piece) have no line of their own: they
 * are reported, and the citation keeps its page.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { CitationDto } from '@rootline/contracts/sources';
import { node, pointer, type ExportContext } from './context.js';
import { CITATION_LINK } from './extensions.js';
import { mediaLinks, NOTHING_ATTACHED, type Attached } from './attachments.js';

const WRITTEN = new Set(['page', 'quality', 'text', 'url']);

/** What a claim's SOURs are written from, read for its batch: its citations, those attached to it as evidence, the media objects attached to them. */
export interface Cited {
  citations: ReadonlyMap<string, CitationDto>;
  evidence: readonly string[] | undefined;
  attached: Attached;
}

export function citationStructure(context: ExportContext, source: string, citation: CitationDto | undefined, path: string, attached: Attached = NOTHING_ATTACHED): GedcomNode | undefined {
  if (context.redacted(source)?.whole) {
    context.lose(`${path}.SOUR`, 'citation of a redacted source not written');
    return undefined;
  }
  const parts: GedcomNode[] = [];
  if (citation && !context.redacted(citation.id)?.whole) {
    const elements = citation.elements;
    if (elements.page) parts.push(node('PAGE', elements.page));
    if (elements.text) parts.push(node('DATA', undefined, [node('TEXT', elements.text)]));
    if (elements.quality !== undefined) {
      if (/^[0-3]$/.test(elements.quality.trim())) parts.push(node('QUAY', elements.quality.trim()));
      else context.lose(`${path}.SOUR.QUAY`, 'quality other than 0 to 3 not written');
    }
    if (elements.url) parts.push(node(CITATION_LINK, elements.url));
    for (const key of Object.keys(elements)) if (!WRITTEN.has(key)) context.lose(`${path}.SOUR.PAGE`, `citation element "${key}" has no GEDCOM line: not written`);
    parts.push(...mediaLinks(context, attached, citation.id, 'SOUR', `${path}.SOUR`));
  }
  return pointer('SOUR', context.sourceXref(source), parts);
}

/**
 * Every SOUR of a claim: its own source citation, then each citation attached to it as
 * evidence (the importer reads a structure's further SOURs back as evidence), each once.
 */
export function claimCitations(context: ExportContext, claim: { source: string | null; citation: string | null }, { citations, evidence, attached }: Cited, path: string): GedcomNode[] {
  const written: GedcomNode[] = [];
  if (claim.source) {
    const own = citationStructure(context, claim.source, claim.citation ? citations.get(claim.citation) : undefined, path, attached);
    if (own) written.push(own);
  }
  for (const id of new Set(evidence)) {
    const cited = id === claim.citation ? undefined : citations.get(id);
    if (!cited?.source) continue;
    const structure = citationStructure(context, cited.source, cited, path, attached);
    if (structure) written.push(structure);
  }
  return written;
}
