/**
 * The shape of a citation template: data, not code. A template names its typed elements
 * and gives one pattern per style; `renderer.ts` turns a pattern and elements into text.
 *
 * Pattern language (kept tiny on purpose so templates stay readable as data):
 *   {name}     the value of element `name`
 *   {a|b}      the value of `a`, else of `b` (a short title falling back to the title)
 *   [ ... ]    an optional part, kept only when every element named inside it has a value
 *   *...*      italics (titles of published works, website names), as in Evidence Explained
 */
export const ELEMENT_KINDS = ['text', 'date', 'person', 'place', 'url', 'page', 'number'] as const;
export type ElementKind = (typeof ELEMENT_KINDS)[number];

export const CITATION_STYLES = ['first_reference', 'subsequent', 'bibliography', 'source_list'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];

/** Evidence Explained's classes of sources: what kind of record a source is. */
export const SOURCE_TYPES = ['original', 'derivative', 'authored'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const TEMPLATE_CATEGORIES = [
  'census',
  'civil-registration',
  'church-registers',
  'probate-and-land',
  'courts-and-taxes',
  'military',
  'migration',
  'publications',
  'online',
  'cemeteries',
  'family-and-personal',
  'dna',
  'government',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export interface TemplateElement {
  name: string;
  label: string;
  kind: ElementKind;
  required: boolean;
}

export interface CitationTemplate {
  id: string;
  category: TemplateCategory;
  name: string;
  description: string;
  elements: TemplateElement[];
  patterns: Record<CitationStyle, string>;
  /** A worked example (used by the golden tests and shown in the template list). */
  example: Record<string, string>;
}

/** A required element. */
export const needs = (name: string, label: string, kind: ElementKind = 'text'): TemplateElement => ({ name, label, kind, required: true });
/** An optional element. */
export const may = (name: string, label: string, kind: ElementKind = 'text'): TemplateElement => ({ name, label, kind, required: false });
