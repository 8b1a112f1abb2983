import type { Tree } from '@rootline/kernel';
import type { ParentEdgeRow } from '@rootline/contracts/family';

const EDGES = `SELECT person_a, person_b, pedigree FROM relationships WHERE kind = 'parent' AND hidden = 0`;

/**
 * Every visible parent edge, [parent, child, pedigree], streamed in one pass (the research
 * signals); given `persons`, only the edges with one of them at either end.
 */
export function* parentEdges(tree: Tree, persons?: readonly string[]): IterableIterator<ParentEdgeRow> {
  if (persons === undefined) {
    yield* tree.prepare(EDGES).raw(true).iterate() as IterableIterator<ParentEdgeRow>;
    return;
  }
  const statement = tree.prepare(`WITH ids(id) AS (SELECT value FROM json_each(?)) ${EDGES} AND person_a IN ids UNION ${EDGES} AND person_b IN ids`).raw(true);
  yield* statement.iterate(JSON.stringify(persons)) as IterableIterator<ParentEdgeRow>;
}
