import type { Tree } from '@rootline/kernel';
import type { ParentEdgeRow } from '@rootline/contracts/family';

/** Every visible parent edge, [parent, child, pedigree], streamed in one pass (the research signals). */
export function* parentEdges(tree: Tree): IterableIterator<ParentEdgeRow> {
  const statement = tree.prepare(`SELECT person_a, person_b, pedigree FROM relationships WHERE kind = 'parent' AND hidden = 0`).raw(true);
  yield* statement.iterate() as IterableIterator<ParentEdgeRow>;
}
