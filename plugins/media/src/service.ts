import { ACTOR_COLUMNS, actorValues, fileNameOf, type Actor, type Clock, type EntityLabel, type IdSource, type Tree } from '@rootline/kernel';
import type { MediaDto, NewMedia, ResolveResult, UnresolvedMediaDto } from './schemas.js';
import { MediaProblems } from './errors.js';
import type { MediaService as MediaServiceContract } from '@rootline/contracts/media';

export interface MediaRow {
  id: string;
  title: string | null;
  file_name: string;
  media_type: string | null;
  status: MediaDto['status'];
  blob: string | null;
  created_at_ms: number;
  resolved_at_ms: number | null;
}

export const COLUMNS = 'id, title, file_name, media_type, status, blob, created_at_ms, resolved_at_ms';
/** The same columns of an unresolved object, all of them in the index media_unresolved_rows. */
export const UNRESOLVED_COLUMNS = "id, title, file_name, media_type, 'unresolved' AS status, NULL AS blob, created_at_ms, NULL AS resolved_at_ms";
/** Rows per read while walking every media object: an export yields between batches. */
const BATCH = 500;

/** A kind of link from a media object: its table, the column naming the other end, its record. */
interface Link {
  table: string;
  column: string;
  kind: string;
}

/** Whom a media object depicts (a persona), and what it is attached to (any entity). */
const LINKS = {
  depicts: { table: 'media_depicts', column: 'persona', kind: 'media.depicts.v1' },
  attached: { table: 'media_attached', column: 'target', kind: 'media.attached.v1' },
} as const satisfies Record<string, Link>;

/** A row as the API shows it: absent fields are left out, not null. */
export function toDto(row: MediaRow): MediaDto {
  const media: MediaDto = { id: row.id, file_name: row.file_name, status: row.status, created_at_ms: row.created_at_ms };
  if (row.title !== null) media.title = row.title;
  if (row.media_type !== null) media.media_type = row.media_type;
  if (row.blob !== null) media.blob = row.blob;
  if (row.resolved_at_ms !== null) media.resolved_at_ms = row.resolved_at_ms;
  return media;
}

/**
 * Media objects of one tree, as one actor changes them. Every change commits with its record:
 * `media.created.v1`, `media.resolved.v1` (also a correction to another blob), `media.depicts.v1`,
 * `media.depiction_removed.v1`, `media.attached.v1`, `media.detached.v1`, `media.removed.v1`.
 */
export class MediaService implements MediaServiceContract {
  constructor(private readonly tree: Tree, private readonly actor: Actor, private readonly clock: Clock, private readonly ids: IdSource) {}

  /** Resolved at once when `blob` is given (it must be in the tree's store: 404 otherwise). */
  create(input: NewMedia): MediaDto {
    const blob = input.blob?.toLowerCase();
    if (blob !== undefined && !this.tree.blobs.has(blob)) throw MediaProblems.blobNotFound(input.blob!);
    const now = this.clock.now();
    const row: MediaRow = {
      id: this.ids.next(),
      title: input.title ?? null,
      file_name: fileNameOf(input.file_path_as_written),
      media_type: input.media_type ?? null,
      status: blob === undefined ? 'unresolved' : 'resolved',
      blob: blob ?? null,
      created_at_ms: now,
      resolved_at_ms: blob === undefined ? null : now,
    };
    return this.tree.transact(() => {
      this.tree
        .prepare(`INSERT INTO media (${COLUMNS}, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(row.id, row.title, row.file_name, row.media_type, row.status, row.blob, row.created_at_ms, row.resolved_at_ms, ...actorValues(this.actor));
      this.tree.record({ kind: 'media.created.v1', entity_type: 'media', entity_id: row.id, actor: this.actor, payload: { file_name: row.file_name, status: row.status } });
      return toDto(row);
    });
  }

  get(id: string): MediaDto | undefined {
    const row = this.tree.prepare(`SELECT ${COLUMNS} FROM media WHERE id = ?`).get(id) as MediaRow | undefined;
    return row && toDto(row);
  }

  /** Labels of the media objects among `ids`: kind `media`, the title, else the file name. */
  labels(ids: readonly string[]): EntityLabel[] {
    const rows = this.tree.prepare('SELECT id, coalesce(title, file_name) AS label FROM media WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { id: string; label: string }[];
    return rows.map((row) => ({ id: row.id, kind: 'media', label: row.label }));
  }

  exists(id: string): boolean {
    return this.tree.prepare('SELECT 1 FROM media WHERE id = ?').get(id) !== undefined;
  }

  /**
   * Every media object still waiting for its bytes, oldest first (one response: the spec does not
   * page it). Read from media_unresolved_rows alone (migration 003): what an unresolved object
   * has not got yet (a blob, when it was resolved) is NULL, not read.
   */
  unresolved(): UnresolvedMediaDto {
    const rows = this.tree
      .prepare(`SELECT ${UNRESOLVED_COLUMNS} FROM media WHERE status = 'unresolved' ORDER BY id`)
      .all() as MediaRow[];
    return { items: rows.map(toDto), total: rows.length };
  }

  /**
   * Every media object, oldest first, read in batches of 500 by keyset: no statement stays
   * open between two items, so an export may yield (and other requests write) while it walks.
   */
  *forExport(): Generator<MediaDto> {
    let after = '';
    for (;;) {
      const rows = this.tree.prepare(`SELECT ${COLUMNS} FROM media WHERE id > ? ORDER BY id LIMIT ${BATCH}`).all(after) as MediaRow[];
      for (const row of rows) yield toDto(row);
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1].id;
    }
  }

  /**
   * Unresolved -> resolved; resolved with the same blob -> `already_resolved` (nothing written);
   * resolved with another blob -> `resolved` again (a correction, recorded with the blob it replaced).
   */
  resolve(id: string, address: string): ResolveResult {
    const blob = address.toLowerCase();
    return this.tree.transact(() => {
      const current = this.get(id);
      if (!current) throw MediaProblems.mediaNotFound(id);
      if (!this.tree.blobs.has(blob)) throw MediaProblems.blobNotFound(address);
      if (current.blob === blob) return { media_id: id, status: 'already_resolved', blob };
      this.tree.prepare(`UPDATE media SET status = 'resolved', blob = ?, resolved_at_ms = ? WHERE id = ?`).run(blob, this.clock.now(), id);
      this.tree.record({ kind: 'media.resolved.v1', entity_type: 'media', entity_id: id, actor: this.actor, payload: { blob, previous_blob: current.blob ?? null } });
      return { media_id: id, status: 'resolved', blob };
    });
  }

  /**
   * Notes that media object `id` depicts `persona` (a photo of the person over it): 404 for an
   * unknown media object; once per pair (`media.depicts.v1`), again changes nothing. Whether the
   * persona exists is the caller's to know (the media plugin does not read personas).
   */
  depicts(id: string, persona: string): boolean {
    return this.link(id, LINKS.depicts, persona);
  }

  /**
   * Takes the depiction of `persona` off media object `id` (`media.depiction_removed.v1`): an
   * undone import takes what was linked since to the personas it created. False (nothing
   * written) when it did not depict that persona.
   */
  undepict(id: string, persona: string): boolean {
    return this.unlink(id, LINKS.depicts, persona, 'media.depiction_removed.v1');
  }

  /** The personas each of `ids` depicts (media objects that depict none are left out). */
  depicted(ids: readonly string[]): Map<string, string[]> {
    return this.pairs('SELECT media, persona FROM media_depicts WHERE media IN (SELECT value FROM json_each(?)) ORDER BY media, persona', ids);
  }

  /** The media objects depicting each of `personas` (personas no media object depicts are left out). */
  depicting(personas: readonly string[]): Map<string, string[]> {
    return this.pairs('SELECT persona, media FROM media_depicts WHERE persona IN (SELECT value FROM json_each(?)) ORDER BY persona, media', personas);
  }

  /**
   * Attaches media object `id` to `target`, any entity of the tree by id (a citation: the scan of
   * the record page; a source, a claim, an event, a relationship): 404 for an unknown media
   * object; once per pair (`media.attached.v1`), again changes nothing (false). Whether the target
   * exists is the caller's to know, as for `depicts`.
   */
  attach(id: string, target: string): boolean {
    return this.link(id, LINKS.attached, target);
  }

  /**
   * Takes media object `id` off `target` (`media.detached.v1`): an undone import takes what was
   * attached since to what it created. False (nothing written) when it was not attached there.
   */
  detach(id: string, target: string): boolean {
    return this.unlink(id, LINKS.attached, target, 'media.detached.v1');
  }

  /** The media objects attached to each of `targets` (targets with none are left out): one read for a whole batch of an export. */
  attachedTo(targets: readonly string[]): Map<string, string[]> {
    return this.pairs('SELECT target, media FROM media_attached WHERE target IN (SELECT value FROM json_each(?)) ORDER BY target, media', targets);
  }

  /**
   * Removes media objects from every view (undoing an import), one record each; ids that are
   * not (or no longer) here are skipped. Returns how many were removed. The blobs stay: other
   * things may cite the same bytes.
   */
  remove(ids: readonly string[]): number {
    return this.tree.transact(() => {
      let removed = 0;
      for (const id of ids) {
        if (this.tree.prepare('DELETE FROM media WHERE id = ?').run(id).changes === 0) continue;
        this.tree.record({ kind: 'media.removed.v1', entity_type: 'media', entity_id: id, actor: this.actor, payload: {} });
        removed++;
      }
      return removed;
    });
  }

  /** One link of media object `id` (404 for an unknown one), once per pair, recorded; false when it was there already. */
  private link(id: string, { table, column, kind }: Link, value: string): boolean {
    return this.tree.transact(() => {
      if (!this.exists(id)) throw MediaProblems.mediaNotFound(id);
      const added = this.tree
        .prepare(`INSERT OR IGNORE INTO ${table} (media, ${column}, linked_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`)
        .run(id, value, this.clock.now(), ...actorValues(this.actor)).changes;
      if (added) this.tree.record({ kind, entity_type: 'media', entity_id: id, actor: this.actor, payload: { [column]: value } });
      return added > 0;
    });
  }

  /** Takes one link of media object `id` away, recorded as `kind`; false (nothing written) when it was not there. */
  private unlink(id: string, { table, column }: Link, value: string, kind: string): boolean {
    return this.tree.transact(() => {
      const removed = this.tree.prepare(`DELETE FROM ${table} WHERE media = ? AND ${column} = ?`).run(id, value).changes;
      if (removed) this.tree.record({ kind, entity_type: 'media', entity_id: id, actor: this.actor, payload: { [column]: value } });
      return removed > 0;
    });
  }

  /** Rows [key, value] of `sql` (one JSON list parameter) grouped by key, in the order read. */
  private pairs(sql: string, ids: readonly string[]): Map<string, string[]> {
    const grouped = new Map<string, string[]>();
    for (const [key, value] of this.tree.prepare(sql).raw(true).iterate(JSON.stringify(ids)) as IterableIterator<[string, string]>) {
      const list = grouped.get(key);
      if (list) list.push(value);
      else grouped.set(key, [value]);
    }
    return grouped;
  }
}
