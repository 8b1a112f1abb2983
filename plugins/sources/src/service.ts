import { ACTOR_COLUMNS, actorValues, isHttpUrl, type Actor, type Clock, type IdSource, type PageEnvelope, type PageWindow, type Tree } from '@rootline/kernel';
import type { EntityLabel } from '@rootline/kernel';
import type { CitationsService } from '@rootline/contracts/sources';
import type { CitationDto } from './citations/schemas.js';
import type { CreateSourceBody, FromTemplateBody } from './schemas.js';
import { SourceProblems } from './errors.js';
import type { SourcesService as SourcesServiceContract } from '@rootline/contracts/sources';

export interface SourceRow {
  id: string;
  title: string;
  source_type: CitationDto['source_type'];
  claim_count: number;
  created_at_ms: number;
}

export interface SourceDetail extends SourceRow {
  author: string | null;
  publisher: string | null;
  url: string | null;
  blobs: { blob: string; attached_at_ms: number }[];
  citations: CitationDto[];
}

/** What a source says of itself, without its list counters and attachments. */
export interface SourceSummary {
  id: string;
  title: string;
  author: string | null;
  publisher: string | null;
  url: string | null;
}

const LIGHT = 'id, title, source_type, claim_count, created_at_ms';
const MATCHES = '(@needle IS NULL OR instr(title_folded, @needle) > 0)';

/** A `q` that is blank (or only spaces) filters nothing, as the spec says. */
const folded = (q: string | undefined) => (q && q.trim() ? q.trim().toLowerCase() : null);

/**
 * Sources of one tree (`sourcesService`, request scope). Other plugins check ids with
 * `exists`; the assertions plugin keeps `claim_count` right with `adjustClaimCount`.
 */
export class SourcesService implements SourcesServiceContract {
  constructor(
    private readonly tree: Tree,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly citations: CitationsService,
  ) {}

  /** One page of the list, oldest first (ids are UUIDv7: creation order); `total` counts the matches of `q`. */
  list(q: string | undefined, window: PageWindow<string>): PageEnvelope<SourceRow> {
    const needle = folded(q);
    return window.read(
      (after, take) => this.tree.prepare(`SELECT ${LIGHT} FROM sources WHERE (@after IS NULL OR id > @after) AND ${MATCHES} ORDER BY id LIMIT @take`).all({ after, needle, take }) as SourceRow[],
      () => this.tree.prepare(`SELECT count(*) FROM sources WHERE ${MATCHES}`).pluck().get({ needle }) as number,
      (row) => row.id,
    );
  }

  get(id: string): SourceDetail | undefined {
    const row = this.tree.prepare(`SELECT ${LIGHT}, author, publisher, url FROM sources WHERE id = ?`).get(id) as Omit<SourceDetail, 'blobs' | 'citations'> | undefined;
    if (!row) return undefined;
    const blobs = this.tree.prepare('SELECT blob, attached_at_ms FROM source_blobs WHERE source = ? ORDER BY attached_at_ms, blob').all(id) as SourceDetail['blobs'];
    return { ...row, blobs, citations: this.citations.forSource(id) };
  }

  exists(id: string): boolean {
    return this.tree.prepare('SELECT 1 FROM sources WHERE id = ?').get(id) !== undefined;
  }

  create(actor: Actor, input: CreateSourceBody): SourceDetail {
    if (input.url !== undefined && !isHttpUrl(input.url)) throw SourceProblems.urlNotFollowable(input.url);
    return this.tree.transact(() => this.get(this.insert(actor, input))!);
  }

  /**
   * A source and its first citation from a citation template, in one transaction; the title
   * is the template's source-list entry (its closing period dropped, as titles have none).
   */
  createFromTemplate(actor: Actor, input: FromTemplateBody): SourceDetail {
    const title = this.citations.render({ template: input.template, elements: input.elements }, 'source_list').text.replace(/\.$/, '');
    return this.tree.transact(() => {
      const id = this.insert(actor, { title, source_type: input.source_type });
      this.citations.create(actor, { source: id, template: input.template, elements: input.elements, source_type: input.source_type });
      return this.get(id)!;
    });
  }

  /** Links an uploaded blob; attaching the same blob again changes nothing and records nothing. */
  attachBlob(actor: Actor, id: string, hex: string): SourceDetail {
    const blob = hex.toLowerCase();
    return this.tree.transact(() => {
      if (!this.exists(id)) throw SourceProblems.sourceNotFound(id);
      if (!this.tree.blobs.has(blob)) throw SourceProblems.blobNotFound(blob);
      const { changes } = this.tree.prepare('INSERT OR IGNORE INTO source_blobs (source, blob, attached_at_ms) VALUES (?, ?, ?)').run(id, blob, this.clock.now());
      if (changes) this.tree.record({ kind: 'source.blob_attached.v1', entity_type: 'source', entity_id: id, actor, payload: { blob } });
      return this.get(id)!;
    });
  }

  /**
   * Called by the assertions plugin inside its own transaction when a claim starts or stops
   * citing this source. No record of its own: the claim's record is the history of the change.
   */
  adjustClaimCount(id: string, delta: number): void {
    if (!Number.isInteger(delta)) throw new Error(`claim count delta must be an integer, not ${delta}`);
    const { changes } = this.tree.prepare('UPDATE sources SET claim_count = claim_count + ? WHERE id = ? AND claim_count + ? >= 0').run(delta, id, delta);
    if (!changes) {
      if (!this.exists(id)) throw SourceProblems.sourceNotFound(id);
      throw new Error(`claim count of source ${id} would fall below zero`);
    }
  }

  /**
   * Deletes a source (with its blob links) and records `source.removed.v1` (an import undone);
   * false when there is none. Claims and citations citing it are the caller's to take away first.
   */
  remove(actor: Actor, id: string, reason: string): boolean {
    return this.tree.transact(() => {
      if (!this.exists(id)) return false;
      this.tree.prepare('DELETE FROM source_blobs WHERE source = ?').run(id);
      this.tree.prepare('DELETE FROM sources WHERE id = ?').run(id);
      this.tree.record({ kind: 'source.removed.v1', entity_type: 'source', entity_id: id, actor, payload: { reason } });
      return true;
    });
  }

  private insert(actor: Actor, input: CreateSourceBody): string {
    const id = this.ids.next();
    this.tree
      .prepare(`INSERT INTO sources (id, title, title_folded, author, publisher, url, source_type, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(id, input.title, input.title.toLowerCase(), input.author ?? null, input.publisher ?? null, input.url ?? null, input.source_type ?? null, this.clock.now(), ...actorValues(actor));
    this.tree.record({ kind: 'source.created.v1', entity_type: 'source', entity_id: id, actor, payload: { title: input.title } });
    return id;
  }

  /**
   * Every source, oldest first, `take` at a time after the source `after` (null to begin), with
   * the fields a GEDCOM SOUR record holds: for work that walks the whole tree (the export).
   */
  walk(after: string | null, take: number): SourceSummary[] {
    // Two statements, not `@after IS NULL OR id > @after`: the OR would cost a scan from the first row on every page.
    if (after === null) return this.tree.prepare('SELECT id, title, author, publisher, url FROM sources ORDER BY id LIMIT ?').all(take) as SourceSummary[];
    return this.tree.prepare('SELECT id, title, author, publisher, url FROM sources WHERE id > ? ORDER BY id LIMIT ?').all(after, take) as SourceSummary[];
  }

  /** `GET /labels` (views plugin): each source's title; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[] {
    const rows = this.tree.prepare('SELECT id, title FROM sources WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { id: string; title: string }[];
    return rows.map((row) => ({ id: row.id, kind: 'source', label: row.title }));
  }

  /** The light rows of these sources (a person's card), by title then id, at most `limit`; unknown ids are left out. */
  rowsOf(ids: string[], limit: number): SourceRow[] {
    return this.tree
      .prepare(`SELECT ${LIGHT} FROM sources WHERE id IN (SELECT value FROM json_each(?)) ORDER BY title_folded, id LIMIT ?`)
      .all(JSON.stringify(ids), limit) as SourceRow[];
  }
}
