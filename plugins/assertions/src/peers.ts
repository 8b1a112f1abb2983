import type { Actor } from '@rootline/kernel';

/**
 * What this plugin uses of the personas, sources and citations plugins, through the
 * container (structural types: their packages are never imported).
 */
export interface PersonasPeer {
  exists(id: string): boolean;
  create(actor: Actor, input: { given?: string; surname?: string; name?: string; sex?: string; source?: string }): { id: string };
}

export interface SourcesPeer {
  exists(id: string): boolean;
  /** Keeps the source's `claim_count` (active claims citing it) right; called inside our transaction. */
  adjustClaimCount(id: string, delta: number): void;
}

export interface CitationsPeer {
  exists(id: string): boolean;
  get(id: string): unknown;
}

export interface Peers {
  personasService: PersonasPeer;
  sourcesService: SourcesPeer;
  citationsService: CitationsPeer;
}

/** The source a citation belongs to, if the citation says (a claim citing it cites that source). */
export function sourceOfCitation(citations: CitationsPeer, citation: string): string | null {
  const found = citations.get(citation) as { source?: unknown } | undefined;
  return typeof found?.source === 'string' ? found.source : null;
}
