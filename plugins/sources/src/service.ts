import { isHttpUrl, type Actor, type Clock, type IdSource, type Tree } from '@rootline/kernel';
import type { CitationsPeer, CitationView } from './peers.js';
import { SourceProblems } from './errors.js';

export interface SourceRow {
  id: string;
  title: string;
  source_type: string | null;
  claim_count: number;
  created_at_ms: number;
}

export interface SourceDetail extends SourceRow {
  author: string | null;
  publisher: string | null;
  url: string | null;
  blobs: { blob: string; attached_at_ms: number }[];
  citations: CitationView[];
}

export interface NewSource {
  title: string;
  author?: string;
  publisher?: string;
  url?: string;
  source_type?: string;
}

const LIGHT = 'id, title, source_type, claim_count, created_at_ms';

/** A `q` that is blank (or only spaces) filters nothing, as the spec says. */
const folded = (q: string | undefined) => (q && q.trim() ? q.trim().toLowerCase() : null);

/**
 * Sources of one tree. Other plugins reach it as `sourcesService` (request scope):
 * personas and assertions check ids with `exists`; assertions keep `claim_count` right.
 */
export class SourcesService {
  constructor(
    private readonly tree: Tree,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly citations: CitationsPeer,
  ) {}

  /** Up to `limit` rows after the keyset position `after` (ids are UUIDv7: creation order), and the filtered total. */
  list(q: string | undefined, after: string | null, limit: number): { rows: SourceRow[]; total: number } {
    const needle = folded(q);
    const rows = this.tree
      .prepare(`SELECT ${LIGHT} FROM sources WHERE (@after IS NULL OR id > @after) AND (@needle IS NULL OR instr(title_folded, @needle) > 0) ORDER BY id LIMIT @limit`)
      .all({ after, needle, limit }) as SourceRow[];
    const { total } = this.tree.prepare('SELECT count(*) AS total FROM sources WHERE (@needle IS NULL OR instr(title_folded, @needle) > 0)').get({ needle }) as { total: number };
    return { rows, total };
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

  create(actor: Actor, input: NewSource): SourceDetail {
    if (input.url !== undefined && !isHttpUrl(input.url)) throw SourceProblems.urlNotFollowable(input.url);
    return this.tree.transact(() => this.get(this.insert(actor, input))!);
  }

  /**
   * A source and its first citation from a citation template, in one transaction; the title
   * is the template's source-list entry (its closing period dropped, as titles have none).
   */
  createFromTemplate(actor: Actor, input: { template: string; elements: Record<string, string>; source_type?: string }): SourceDetail {
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

  private insert(actor: Actor, input: NewSource): string {
    const id = this.ids.next();
    this.tree
      .prepare(`INSERT INTO sources (id, title, title_folded, author, publisher, url, source_type, created_at_ms, actor_kind, credential_id, proposer)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(id, input.title, input.title.toLowerCase(), input.author ?? null, input.publisher ?? null, input.url ?? null, input.source_type ?? null,
        this.clock.now(), actor.kind, actor.credentialId, actor.proposer ?? null);
    this.tree.record({ kind: 'source.created.v1', entity_type: 'source', entity_id: id, actor, payload: { title: input.title } });
    return id;
  }
}
