/**
 * The sources plugin's contract (`@rootline/plugin-sources` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses sources imports these types from `@rootline/contracts/sources` and
 * never imports `@rootline/plugin-sources` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel, PageEnvelope, PageWindow } from '@rootline/kernel';

/**
 * Sources of one tree (`sourcesService`, request scope). Other plugins check ids with
 * `exists`; the assertions plugin keeps `claim_count` right with `adjustClaimCount`.
 */
export interface SourcesService {
  /** One page of the list, oldest first (ids are UUIDv7: creation order); `total` counts the matches of `q`. */
  list(q: string | undefined, window: PageWindow<string>): PageEnvelope<SourceRow>;
  get(id: string): SourceDetail | undefined;
  exists(id: string): boolean;
  create(actor: Actor, input: CreateSourceBody): SourceDetail;
  /**
   * A source and its first citation from a citation template, in one transaction; the title
   * is the template's source-list entry (its closing period dropped, as titles have none).
   */
  createFromTemplate(actor: Actor, input: FromTemplateBody): SourceDetail;
  /** Links an uploaded blob; attaching the same blob again changes nothing and records nothing. */
  attachBlob(actor: Actor, id: string, hex: string): SourceDetail;
  /**
   * Called by the assertions plugin inside its own transaction when a claim starts or stops
   * citing this source. No record of its own: the claim's record is the history of the change.
   */
  adjustClaimCount(id: string, delta: number): void;
  /**
   * Deletes a source (with its blob links) and records `source.removed.v1` (an import undone);
   * false when there is none. Claims and citations citing it are the caller's to take away first.
   */
  remove(actor: Actor, id: string, reason: string): boolean;
  /**
   * Every source, oldest first, `take` at a time after the source `after` (null to begin), with
   * the fields a GEDCOM SOUR record holds: for work that walks the whole tree (the export).
   */
  walk(after: string | null, take: number): SourceSummary[];
  /** `GET /labels` (views plugin): each source's title; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[];
  /** The light rows of these sources (a person's card), by title then id, at most `limit`; unknown ids are left out. */
  rowsOf(ids: string[], limit: number): SourceRow[];
}

/**
 * Citations of one tree (`citationsService`, request scope). `SourcesService` creates a
 * source's first citation in its own transaction; the assertions plugin reads a citation's
 * source with `get`.
 */
export interface CitationsService {
  get(id: string): CitationDto | undefined;
  exists(id: string): boolean;
  /** The citations among `ids`, in one read (the GEDCOM export's PAGE lines); unknown ids are left out. */
  many(ids: readonly string[]): CitationDto[];
  /** A source's citations, oldest first. */
  forSource(source: string): CitationDto[];
  /** Renders a stored citation, or a template with elements, in one style; 404/400 as Problems. */
  render(subject: {
    citation: string;
  } | {
    template: string;
    elements: Elements;
  }, style: CitationStyle): Rendering & {
    template: string;
  };
  /** Writes a citation and `citation.created.v1`; 404 for an unknown source or template, 400 for elements that do not fit. */
  create(actor: Actor, input: NewCitation): CitationDto;
  /** Replaces the elements (checked against the citation's template) and records `citation.elements_set.v1`. */
  setElements(actor: Actor, id: string, elements: Elements): CitationDto;
  /** Records what kind of record the source is; setting the same value again changes nothing and records nothing. */
  setSourceType(actor: Actor, id: string, sourceType: SourceType): CitationDto;
  /** Deletes a citation and records `citation.removed.v1` (an import undone); false when there is none. */
  remove(actor: Actor, id: string, reason: string): boolean;
}

/**
 * The citation templates shipped with Rootline: a singleton (`citationCatalogue`), since
 * templates are data, the same for every tree.
 */
export interface CitationCatalogue {
  list(category?: TemplateCategory): CitationTemplate[];
  template(id: string): CitationTemplate | undefined;
  /** Problems of `elements` for `template` (empty when they are fine). */
  check(template: CitationTemplate, elements: Record<string, string>): import("@rootline/kernel").ProblemFieldError[];
  render(template: CitationTemplate, elements: Record<string, string>, style: CitationStyle): Rendering;
  /** All four styles as plain text (what a citation carries as `rendered`). */
  renderAll(template: CitationTemplate, elements: Record<string, string>): Renderings;
}

export interface SourceDetail extends SourceRow {
  author: string | null;
  publisher: string | null;
  url: string | null;
  blobs: {
    blob: string;
    attached_at_ms: number;
  }[];
  citations: CitationDto[];
}

export interface SourceRow {
  id: string;
  title: string;
  source_type: CitationDto['source_type'];
  claim_count: number;
  created_at_ms: number;
}

/** What a source says of itself, without its list counters and attachments. */
export interface SourceSummary {
  id: string;
  title: string;
  author: string | null;
  publisher: string | null;
  url: string | null;
}

export type CitationDto = {
  id: string;
  source: string | null;
  template: string | null;
  elements: {
    [x: string]: string;
  };
  source_type: 'original' | 'derivative' | 'authored' | null;
  rendered: {
    first_reference: string;
    subsequent: string;
    bibliography: string;
    source_list: string;
  } | null;
  created_at_ms: number;
  updated_at_ms: number;
};

export type CreateSourceBody = {
  source_type?: 'original' | 'derivative' | 'authored' | undefined;
  author?: string | undefined;
  publisher?: string | undefined;
  url?: string | undefined;
  title: string;
};

export type FromTemplateBody = {
  source_type?: 'original' | 'derivative' | 'authored' | undefined;
  template: string;
  elements: {
    [x: string]: string;
  };
};

export type Elements = {
  [x: string]: string;
};

export type CitationStyle = 'first_reference' | 'subsequent' | 'bibliography' | 'source_list';

/**
 * Renders one template pattern (see `template.ts` for the pattern language) with the
 * elements of a citation, as plain text and as Markdown (italics as `*...*`).
 */
export interface Rendering {
  text: string;
  markdown: string;
}

export interface NewCitation {
  source?: string;
  template?: string;
  elements: Elements;
  source_type?: SourceType;
}

export type SourceType = 'original' | 'derivative' | 'authored';

export type TemplateCategory = 'census' | 'civil-registration' | 'church-registers' | 'probate-and-land' | 'courts-and-taxes' | 'military' | 'migration' | 'publications' | 'online' | 'cemeteries' | 'family-and-personal' | 'dna' | 'government';

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

export type Renderings = Record<CitationStyle, string>;

export interface TemplateElement {
  name: string;
  label: string;
  kind: ElementKind;
  required: boolean;
}

export type ElementKind = 'number' | 'url' | 'text' | 'date' | 'person' | 'place' | 'page';

declare module '@fastify/awilix' {
  interface Cradle {
    /** The citation templates shipped with Rootline (data, the same for every tree). */
    citationCatalogue: CitationCatalogue;
  }
  interface RequestCradle {
    /** The sources of the request's tree: `exists`, `adjustClaimCount` (claims citing a source). */
    sourcesService: SourcesService;
    /** The citations of the request's tree: `exists`, `get` (a citation and the source it cites). */
    citationsService: CitationsService;
  }
}
