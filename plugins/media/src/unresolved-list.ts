import type { Tree } from '@rootline/kernel';

/**
 * `GET {P}/media/unresolved` as the JSON the route sends, built by SQLite from the index
 * media_unresolved_rows (migration 003): one string for the whole answer, where
 * `MediaService.unresolved()` makes an object of each row for Fastify to serialize again. On a
 * tree of 102,168 persons (7,524 objects, 1.67 MB) that making, collecting and serializing cost
 * more than the read itself (docs/benchmarks.md "Everyday reads at 102k persons").
 * The same answer byte for byte as the schema's serializer wrote: the required keys in the
 * schema's order, then the optional ones, a missing title or type left out (`json_patch` drops
 * the members a patch sets to null), strings escaped alike (test/unresolved-rows.test.ts).
 */
export class UnresolvedMediaList {
  constructor(private readonly tree: Tree) {}

  json(): string {
    const { items, total } = this.tree
      .prepare(`SELECT json_group_array(json(item)) AS items, count(*) AS total FROM (
                  SELECT json_patch(json_object('id', id, 'file_name', file_name, 'status', 'unresolved', 'created_at_ms', created_at_ms),
                                    json_object('title', title, 'media_type', media_type)) AS item
                  FROM media WHERE status = 'unresolved' ORDER BY id)`)
      .get() as { items: string; total: number };
    return `{"items":${items},"total":${total}}`;
  }
}
