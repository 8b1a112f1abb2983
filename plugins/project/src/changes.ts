import type { Tree, TreeRecord } from '@rootline/kernel';
import type { Section } from './bound.js';

/** Records read per step while walking the log back, and the most one walk reads. */
const STEP = 500;
export const MAX_RECORDS_SCANNED = 20_000;

/**
 * Visits the records after `sinceSeq` (null: all) whose kind starts with one of `prefixes`,
 * newest first, until `visit` returns false. `complete` says every such record was visited;
 * it is false when `visit` stopped the walk or the walk read MAX_RECORDS_SCANNED records.
 */
export function walkChanges(tree: Tree, prefixes: string[], sinceSeq: number | null, visit: (record: TreeRecord) => boolean): { complete: boolean } {
  let before: number | null = null;
  let scanned = 0;
  for (;;) {
    const records = tree.records.list({ beforeSeq: before, limit: STEP, kindPrefixes: prefixes });
    for (const record of records) {
      if (sinceSeq !== null && record.seq <= sinceSeq) return { complete: true };
      if (!visit(record)) return { complete: false };
    }
    scanned += records.length;
    if (records.length < STEP) return { complete: true };
    if (scanned >= MAX_RECORDS_SCANNED) return { complete: false };
    before = records[records.length - 1].seq;
  }
}

/**
 * The entities changed after `sinceSeq` (null: ever) by records of `prefixes`, latest change
 * first, each once, as `show` presents them (undefined: not shown, e.g. a conflict no longer
 * open), at most `limit`; `more` says another one would have been shown (or the walk gave up
 * at MAX_RECORDS_SCANNED). `entitiesOf` names the entities a record changed (default: its
 * `entity_id`; a merge also changes the merged person, a split the new one).
 */
export function changedEntities<Item>(
  tree: Tree,
  prefixes: string[],
  sinceSeq: number | null,
  limit: number,
  show: (id: string) => Item | undefined,
  entitiesOf = (record: TreeRecord): string[] => [record.entity_id],
): Section<Item> {
  const items: Item[] = [];
  const seen = new Set<string>();
  const { complete } = walkChanges(tree, prefixes, sinceSeq, (record) => {
    for (const id of entitiesOf(record)) {
      if (seen.has(id)) continue;
      seen.add(id);
      const item = show(id);
      if (item !== undefined) items.push(item);
    }
    return items.length <= limit;
  });
  return { items: items.slice(0, limit), more: items.length > limit || !complete };
}
