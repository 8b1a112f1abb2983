import type { Actor } from '@rootline/kernel';

/**
 * What this plugin uses of the citations plugin, through the container (structural types:
 * the citations package is never imported).
 */
export interface CitationView {
  id: string;
  template: string | null;
  elements: Record<string, string>;
  source_type: string | null;
  rendered: Record<string, string> | null;
  created_at_ms: number;
}

export interface CitationsPeer {
  render(subject: { template: string; elements: Record<string, string> }, style: 'source_list'): { text: string };
  create(actor: Actor, input: { source?: string; template?: string; elements: Record<string, string>; source_type?: string }): { id: string };
  forSource(source: string): CitationView[];
}

/** The citations plugin's singleton catalogue; sources borrow its source-type vocabulary. */
export interface CitationCataloguePeer {
  sourceTypes: readonly string[];
}
