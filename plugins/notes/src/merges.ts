import type { PluginKernel, Tree } from '@rootline/kernel';

/**
 * Notes follow a person into a merge and back: on `person.merged.v1` (payload `{ merged,
 * survivor }`) the merged person's notes become the survivor's; on a `person.split.v1` that
 * reverses a merge (`unmerged`, `new_person` = the merged person) they go back, unless moved
 * since. Notes know no persons: the records say everything (no dependency on the persons plugin).
 */
export function followMerges(kernel: PluginKernel): void {
  kernel.onRecord('person.merged.', (tree, record) => {
    const { merged, survivor } = record.payload as { merged: string; survivor: string };
    moveNotes(tree, merged, survivor);
  });
  kernel.onRecord('person.split.', (tree, record) => {
    const { unmerged, new_person } = record.payload as { unmerged?: boolean; new_person: string };
    if (unmerged) restoreNotes(tree, new_person, record.entity_id);
  });
}

/** A note written for `merged` after its merge lives on the survivor; a split reversing the merge brings it back like the others. */
export function rememberMoved(tree: Tree, merged: string, note: string): void {
  tree.prepare('INSERT OR IGNORE INTO note_merges (merged, note) VALUES (?, ?)').run(merged, note);
}

function moveNotes(tree: Tree, merged: string, survivor: string): void {
  tree.prepare('INSERT OR IGNORE INTO note_merges (merged, note) SELECT ?, id FROM notes WHERE target = ?').run(merged, merged);
  tree.prepare('UPDATE notes SET target = ? WHERE target = ?').run(survivor, merged);
}

function restoreNotes(tree: Tree, merged: string, survivor: string): void {
  tree.prepare('UPDATE notes SET target = ? WHERE target = ? AND id IN (SELECT note FROM note_merges WHERE merged = ?)').run(merged, survivor, merged);
  tree.prepare('DELETE FROM note_merges WHERE merged = ?').run(merged);
}
