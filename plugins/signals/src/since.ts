import type { Tree, TreeRecord } from '@rootline/kernel';

const PAGE = 256;

/**
 * The tree's records after record `seq` (whose id was `recordId`), oldest first; undefined when
 * there are more than `max` of them or the log no longer holds that record as it was (the tree
 * was replaced, by a restore for example): then only a whole new reading will do.
 */
export function recordsSince(tree: Tree, seq: number, recordId: string, max: number): TreeRecord[] | undefined {
  const after: TreeRecord[] = [];
  let before: number | null = null;
  for (;;) {
    const page = tree.records.list({ beforeSeq: before, limit: PAGE, kindPrefixes: [] });
    for (const record of page) {
      if (record.seq <= seq) return record.seq === seq && record.record_id === recordId ? after.reverse() : undefined;
      if (after.length === max) return undefined;
      after.push(record);
    }
    if (page.length < PAGE) return seq === 0 && recordId === '' ? after.reverse() : undefined;
    before = page[page.length - 1].seq;
  }
}
