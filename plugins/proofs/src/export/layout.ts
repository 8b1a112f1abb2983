import type { ClaimWeighed } from '../schemas.js';
import type { CitationNotes, ProofDocument } from '../service.js';
import { fromMarkdown, plain, plainText, sentence, type Rich } from './text.js';

/** What both formats draw: the claims' lines, one footnote per claim, and the sources list. */
export interface Layout {
  /** One line per claim weighed, in order; claim n carries footnote n. */
  claims: string[];
  notes: Rich[];
  /** Each source once, sorted. */
  sources: Rich[];
}

export const NO_SOURCE = 'No source cited.';
/** The note of a claim whose source or citation is redacted, as an agent reads it. */
const SOURCE_NOT_SHOWN = 'Source not shown (redacted).';
const REDACTED = '[redacted]';

/** "birth" -> "Birth", "residence.address" -> "Residence address". */
const kindLabel = (kind: string) => {
  const words = kind.replace(/[_.-]+/g, ' ').trim();
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
};

/** "Birth: William Smyth, son of John; MAR 1851; Ledbury (confirmed)": kind, value, date, place, status. */
export function claimLine(claim: ClaimWeighed): string {
  if (claim.kind === null) return `Claim ${claim.assertion} (no longer in the tree)`;
  const details = [claim.value, claim.date, claim.place].filter((part): part is string => part !== null && part.trim() !== '');
  return `${kindLabel(claim.kind)}${details.length ? `: ${details.join('; ')}` : ''} (${claim.status})`;
}

/** As a reader sorts: letters first, ignoring case; between entries differing only in case, capitals first. */
const byText = new Intl.Collator('en', { caseFirst: 'upper' }).compare;

/**
 * Footnotes: a claim citing a citation with a template gets the citation's first reference
 * note (Evidence Explained's full note) the first time that citation is cited, and its
 * subsequent (short) note after; a claim citing a source without such a citation gets the
 * source's title; a citation without a template and without a source gives its element values;
 * otherwise "No source cited.". Sources: each source once (a citation without a source counts
 * as its own), as the citation's source-list entry when one of its citations has a template,
 * else its title; sorted as a reader sorts (ignoring case).
 */
export function layout(doc: ProofDocument): Layout {
  const citations = new Map<string, CitationNotes>(doc.citations.map((citation) => [citation.id, citation]));
  const cited = new Set<string>();
  const sources = new Map<string, { entry: Rich; rendered: boolean }>();
  const addSource = (key: string, entry: Rich, rendered = false) => {
    const known = sources.get(key);
    if (!known || (rendered && !known.rendered)) sources.set(key, { entry, rendered });
  };
  const notes = doc.claims.map((claim): Rich => {
    // A source or citation an agent may not see reads "[redacted]": it is neither followed nor listed.
    const source = typeof claim.source === 'object' ? claim.source : null;
    const citation = typeof claim.citation === 'object' && claim.citation ? citations.get(claim.citation.id) : undefined;
    if (citation?.first_reference && citation.subsequent && citation.source_list) {
      addSource(citation.source ?? source?.id ?? citation.id, fromMarkdown(citation.source_list), true);
      const first = !cited.has(citation.id);
      cited.add(citation.id);
      return fromMarkdown(first ? citation.first_reference : citation.subsequent);
    }
    if (source) {
      const title = plain(sentence(source.title));
      addSource(source.id, title);
      return title;
    }
    if (claim.source === REDACTED || claim.citation === REDACTED) return plain(SOURCE_NOT_SHOWN);
    if (citation?.elements) {
      const elements = plain(sentence(citation.elements));
      addSource(citation.id, elements);
      return elements;
    }
    return plain(NO_SOURCE);
  });
  const entries = [...sources.values()].map(({ entry }) => entry);
  entries.sort((a, b) => byText(plainText(a), plainText(b)));
  return { claims: doc.claims.map(claimLine), notes, sources: entries };
}
