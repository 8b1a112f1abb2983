import type { Tree } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import { FamilyProblems } from './errors.js';
import { RelationshipStore } from './store.js';

interface EdgeEnds {
  id: string;
  kind: 'parent' | 'spouse';
  person_a: string;
  person_b: string;
}

/**
 * Moves the merged person's visible edges to the survivor (inside the merge's transaction):
 * each end that was the merged person becomes the survivor (spouse pairs re-ordered, smaller id
 * first); an edge the survivor already has, or a partnership between the two, is folded (hidden).
 * Refused first, with 422 `relationship-cycle`, when one descends from the other: the merged
 * graph would make a person their own ancestor. What moved is kept for `restoreEdges`.
 */
export function moveEdges(tree: Tree, merged: string, survivor: string, atMs: number): void {
  const store = new RelationshipStore(tree);
  if (store.descends(survivor, merged)) throw FamilyProblems.mergeCycle(survivor, merged);
  if (store.descends(merged, survivor)) throw FamilyProblems.mergeCycle(merged, survivor);
  const edges = tree
    .prepare('SELECT id, kind, person_a, person_b FROM relationships WHERE (person_a = ? OR person_b = ?) AND hidden = 0 ORDER BY id')
    .all(merged, merged) as EdgeEnds[];
  const taken = tree.prepare('SELECT 1 FROM relationships WHERE person_a = ? AND kind = ? AND person_b = ?');
  const memo = tree.prepare('INSERT OR REPLACE INTO relationship_merges (merged, relationship, folded, before_a, before_b, after_a, after_b) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const edge of edges) {
    let [a, b] = [edge.person_a, edge.person_b].map((person) => (person === merged ? survivor : person));
    if (edge.kind === 'spouse' && a > b) [a, b] = [b, a];
    const fold = a === b || taken.get(a, edge.kind, b) !== undefined;
    if (fold) tree.prepare('UPDATE relationships SET hidden = 1 WHERE id = ?').run(edge.id);
    else tree.prepare('UPDATE relationships SET person_a = ?, person_b = ?, updated_at_ms = ? WHERE id = ?').run(a, b, atMs, edge.id);
    memo.run(merged, edge.id, Number(fold), edge.person_a, edge.person_b, a, b);
  }
}

/**
 * Reverses `moveEdges` when the merge is reversed: rewired edges go back to the merged person
 * (unless changed since: an edge reparented or unlinked after the merge stays as it is now),
 * folded ones are shown again when both their persons are active.
 */
export function restoreEdges(tree: Tree, merged: string, persons: PersonsService, atMs: number): void {
  const moves = tree.prepare('SELECT relationship, folded, before_a, before_b, after_a, after_b FROM relationship_merges WHERE merged = ?').all(merged) as {
    relationship: string; folded: 0 | 1; before_a: string; before_b: string; after_a: string; after_b: string;
  }[];
  for (const move of moves) {
    if (move.folded) {
      const visible = persons.exists(move.before_a) && persons.exists(move.before_b);
      tree.prepare('UPDATE relationships SET hidden = ? WHERE id = ?').run(visible ? 0 : 1, move.relationship);
    } else {
      tree
        .prepare('UPDATE relationships SET person_a = ?, person_b = ?, updated_at_ms = ? WHERE id = ? AND person_a = ? AND person_b = ? AND hidden = 0')
        .run(move.before_a, move.before_b, atMs, move.relationship, move.after_a, move.after_b);
    }
  }
  tree.prepare('DELETE FROM relationship_merges WHERE merged = ?').run(merged);
}
