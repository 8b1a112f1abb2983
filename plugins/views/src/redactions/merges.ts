import type { PluginKernel, Tree } from '@rootline/kernel';
import type { PersonMerged, PersonSplit } from '@rootline/contracts/persons';
import type { RedactionCache } from './cache.js';

/**
 * Redactions follow a person into a merge and back: what was hidden from agents on the merged
 * person is hidden on the survivor (which now shows its personas' names and claims), unless the
 * survivor already has a redaction of that field; a reversed merge moves them back.
 */
export function redactionsFollowMerges(kernel: PluginKernel, cache: RedactionCache): void {
  kernel.onRecord('person.merged.', (tree, record) => {
    const { merged, survivor } = record.payload as PersonMerged;
    moveRedactions(tree, merged, survivor);
    cache.forget(tree);
  });
  kernel.onRecord('person.split.', (tree, record) => {
    const { unmerged, new_person } = record.payload as PersonSplit;
    if (!unmerged) return;
    restoreRedactions(tree, new_person, record.entity_id);
    cache.forget(tree);
  });
}

function moveRedactions(tree: Tree, merged: string, survivor: string): void {
  tree
    .prepare(
      `INSERT OR IGNORE INTO redaction_merges (merged, redaction)
       SELECT ?, r.id FROM redactions r WHERE r.target = ?
         AND NOT EXISTS (SELECT 1 FROM redactions s WHERE s.target = ? AND coalesce(s.field, '') = coalesce(r.field, ''))`,
    )
    .run(merged, merged, survivor);
  tree.prepare('UPDATE redactions SET target = ? WHERE id IN (SELECT redaction FROM redaction_merges WHERE merged = ?)').run(survivor, merged);
}

function restoreRedactions(tree: Tree, merged: string, survivor: string): void {
  tree.prepare('UPDATE redactions SET target = ? WHERE target = ? AND id IN (SELECT redaction FROM redaction_merges WHERE merged = ?)').run(merged, survivor, merged);
  tree.prepare('DELETE FROM redaction_merges WHERE merged = ?').run(merged);
}
