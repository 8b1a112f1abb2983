import type { Tree, TreeRecord } from '@rootline/kernel';

/** Records read per step while walking the log back, and the most one walk reads. */
const STEP = 500;
export const MAX_RECORDS_SCANNED = 20_000;

/**
 * The records after `sinceSeq` whose kind starts with one of `prefixes`, newest first, until
 * `keep` has accepted `limit` of them; `more` says the walk stopped before reaching `sinceSeq`
 * (more changes exist than were kept, or the walk read MAX_RECORDS_SCANNED records).
 * `keep` decides per record (e.g. one per entity) and returns whether it counted.
 */
export function walkChanges(
  tree: Tree,
  prefixes: string[],
  sinceSeq: number,
  limit: number,
  keep: (record: TreeRecord) => boolean,
): { more: boolean } {
  let before: number | null = null;
  let kept = 0;
  let scanned = 0;
  for (;;) {
    const records = tree.records.list({ beforeSeq: before, limit: STEP, kindPrefixes: prefixes });
    for (const record of records) {
      if (record.seq <= sinceSeq) return { more: false };
      if (kept === limit) return { more: true };
      if (keep(record)) kept += 1;
    }
    scanned += records.length;
    if (records.length < STEP) return { more: false };
    if (scanned >= MAX_RECORDS_SCANNED) return { more: true };
    before = records[records.length - 1].seq;
  }
}

/**
 * The entities changed after `sinceSeq` by records of `prefixes`, newest change first, each
 * once. `entitiesOf` names the entities a record changed (default: its `entity_id`; a merge
 * also changes the merged person, a split the new one).
 */
export function changedEntities(
  tree: Tree,
  prefixes: string[],
  sinceSeq: number,
  limit: number,
  entitiesOf = (record: TreeRecord): string[] => [record.entity_id],
) {
  const ids: string[] = [];
  const seen = new Set<string>();
  const { more } = walkChanges(tree, prefixes, sinceSeq, limit, (record) => {
    const fresh = entitiesOf(record).filter((id) => !seen.has(id));
    for (const id of fresh) {
      seen.add(id);
      ids.push(id);
    }
    return fresh.length > 0;
  });
  return { ids, more };
}
