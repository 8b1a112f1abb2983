import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type IdSource, type Tree } from '@rootline/kernel';
import type { CitationCatalogue } from '@rootline/contracts/sources';
import type { CitationDto, Elements } from './schemas.js';
import type { CitationStyle, CitationTemplate, SourceType } from './template.js';
import type { Rendering } from './renderer.js';
import { CitationProblems } from './errors.js';
import { SourceProblems } from '../errors.js';
import type { CitationsService as CitationsServiceContract } from '@rootline/contracts/sources';

interface CitationRow {
  id: string;
  source: string | null;
  template: string | null;
  elements: string;
  source_type: SourceType | null;
  created_at_ms: number;
  updated_at_ms: number;
}

const COLUMNS = 'id, source, template, elements, source_type, created_at_ms, updated_at_ms';

export interface NewCitation {
  source?: string;
  template?: string;
  elements: Elements;
  source_type?: SourceType;
}

/**
 * Citations of one tree (`citationsService`, request scope). `SourcesService` creates a
 * source's first citation in its own transaction; the assertions plugin reads a citation's
 * source with `get`.
 */
export class CitationsService implements CitationsServiceContract {
  constructor(private readonly tree: Tree, private readonly clock: Clock, private readonly ids: IdSource, private readonly catalogue: CitationCatalogue) {}

  get(id: string): CitationDto | undefined {
    const row = this.tree.prepare(`SELECT ${COLUMNS} FROM citations WHERE id = ?`).get(id) as CitationRow | undefined;
    return row && this.shape(row);
  }

  exists(id: string): boolean {
    return this.tree.prepare('SELECT 1 FROM citations WHERE id = ?').get(id) !== undefined;
  }

  /** The citations among `ids`, in one read (the GEDCOM export's PAGE lines); unknown ids are left out. */
  many(ids: readonly string[]): CitationDto[] {
    if (ids.length === 0) return [];
    return (this.tree.prepare(`SELECT ${COLUMNS} FROM citations WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(ids)) as CitationRow[]).map((row) => this.shape(row));
  }

  /** A source's citations, oldest first. */
  forSource(source: string): CitationDto[] {
    return (this.tree.prepare(`SELECT ${COLUMNS} FROM citations WHERE source = ? ORDER BY id`).all(source) as CitationRow[]).map((row) => this.shape(row));
  }

  /** Renders a stored citation, or a template with elements, in one style; 404/400 as Problems. */
  render(subject: { citation: string } | { template: string; elements: Elements }, style: CitationStyle): Rendering & { template: string } {
    let templateId: string;
    let elements: Elements;
    if ('citation' in subject) {
      const citation = this.get(subject.citation);
      if (!citation) throw CitationProblems.citationNotFound(subject.citation);
      if (!citation.template) throw CitationProblems.nothingToRenderWith(citation.id);
      templateId = citation.template;
      elements = citation.elements;
    } else ({ template: templateId, elements } = subject);
    const template = this.checkedTemplate(templateId, elements);
    return { template: template.id, ...this.catalogue.render(template, elements, style) };
  }

  /** Writes a citation and `citation.created.v1`; 404 for an unknown source or template, 400 for elements that do not fit. */
  create(actor: Actor, input: NewCitation): CitationDto {
    if (input.template) this.checkedTemplate(input.template, input.elements);
    const now = this.clock.now();
    const row: CitationRow = {
      id: this.ids.next(), source: input.source ?? null, template: input.template ?? null, elements: JSON.stringify(input.elements),
      source_type: input.source_type ?? null, created_at_ms: now, updated_at_ms: now,
    };
    return this.tree.transact(() => {
      // Sources are this plugin's own table, read here because SourcesService is built on
      // this service. Not a foreign key: citations tables made before the merge have none.
      if (row.source !== null && !this.tree.prepare('SELECT 1 FROM sources WHERE id = ?').get(row.source)) throw SourceProblems.sourceNotFound(row.source);
      this.tree
        .prepare(`INSERT INTO citations (${COLUMNS}, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(row.id, row.source, row.template, row.elements, row.source_type, row.created_at_ms, row.updated_at_ms, ...actorValues(actor));
      this.tree.record({ kind: 'citation.created.v1', entity_type: 'citation', entity_id: row.id, actor, payload: { source: row.source, template: row.template } });
      return this.shape(row);
    });
  }

  /** Replaces the elements (checked against the citation's template) and records `citation.elements_set.v1`. */
  setElements(actor: Actor, id: string, elements: Elements): CitationDto {
    return this.tree.transact(() => {
      const citation = this.get(id);
      if (!citation) throw CitationProblems.citationNotFound(id);
      if (citation.template) this.checkedTemplate(citation.template, elements);
      this.tree.prepare('UPDATE citations SET elements = ?, updated_at_ms = ? WHERE id = ?').run(JSON.stringify(elements), this.clock.now(), id);
      this.tree.record({ kind: 'citation.elements_set.v1', entity_type: 'citation', entity_id: id, actor, payload: { elements } });
      return this.get(id)!;
    });
  }

  /** Records what kind of record the source is; setting the same value again changes nothing and records nothing. */
  setSourceType(actor: Actor, id: string, sourceType: SourceType): CitationDto {
    return this.tree.transact(() => {
      const citation = this.get(id);
      if (!citation) throw CitationProblems.citationNotFound(id);
      if (citation.source_type === sourceType) return citation;
      this.tree.prepare('UPDATE citations SET source_type = ?, updated_at_ms = ? WHERE id = ?').run(sourceType, this.clock.now(), id);
      this.tree.record({ kind: 'citation.source_type_set.v1', entity_type: 'citation', entity_id: id, actor, payload: { source_type: sourceType, previous: citation.source_type } });
      return this.get(id)!;
    });
  }

  /** Deletes a citation and records `citation.removed.v1` (an import undone); false when there is none. */
  remove(actor: Actor, id: string, reason: string): boolean {
    return this.tree.transact(() => {
      if (this.tree.prepare('DELETE FROM citations WHERE id = ?').run(id).changes === 0) return false;
      this.tree.record({ kind: 'citation.removed.v1', entity_type: 'citation', entity_id: id, actor, payload: { reason } });
      return true;
    });
  }

  private checkedTemplate(id: string, elements: Elements): CitationTemplate {
    const template = this.catalogue.template(id);
    if (!template) throw CitationProblems.templateNotFound(id);
    const problems = this.catalogue.check(template, elements);
    if (problems.length) throw CitationProblems.elementsInvalid(problems);
    return template;
  }

  private shape(row: CitationRow): CitationDto {
    const elements = JSON.parse(row.elements) as Elements;
    const template = row.template ? this.catalogue.template(row.template) : undefined;
    return {
      id: row.id, source: row.source, template: row.template, elements, source_type: row.source_type,
      rendered: template ? this.catalogue.renderAll(template, elements) : null,
      created_at_ms: row.created_at_ms, updated_at_ms: row.updated_at_ms,
    };
  }
}
