import { ACTOR_COLUMNS, actorValues, type Actor, type Tree } from '@rootline/kernel';
import type { PedigreeKind, RelationshipDto } from './schemas.js';

/** A row of `relationships`: parent edges have person_a = parent, person_b = child. */
export interface RelationshipRow {
  id: string;
  kind: 'parent' | 'spouse';
  person_a: string;
  person_b: string;
  pedigree: PedigreeKind | null;
  created_at_ms: number;
}

/** An edge of the ancestor walk: `parent` is a parent of `child`. */
export interface AncestorEdge {
  child: string;
  parent: string;
  pedigree: 'birth' | 'adopted';
}

const COLUMNS = 'id, kind, person_a, person_b, pedigree, created_at_ms';
const VISIBLE = 'hidden = 0';

/**
 * The SQL of the family graph. Every read skips hidden edges (an edge to a retracted person),
 * so views, counts and the cycle check all see the same graph.
 */
export class RelationshipStore {
  constructor(private readonly tree: Tree) {}

  get(id: string): RelationshipRow | undefined {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM relationships WHERE id = ? AND ${VISIBLE}`).get(id) as RelationshipRow | undefined;
  }

  many(ids: string[]): RelationshipRow[] {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM relationships WHERE id IN (SELECT value FROM json_each(?)) AND ${VISIBLE}`).all(JSON.stringify(ids)) as RelationshipRow[];
  }

  /** Up to `take` visible edges after the edge `after`, by id (creation order). */
  after(after: string | null, take: number): RelationshipRow[] {
    // Two statements, not `@after IS NULL OR id > @after`: the OR would cost a scan from the first row on every page.
    if (after === null) return this.tree.prepare(`SELECT ${COLUMNS} FROM relationships WHERE ${VISIBLE} ORDER BY id LIMIT ?`).all(take) as RelationshipRow[];
    return this.tree.prepare(`SELECT ${COLUMNS} FROM relationships WHERE id > ? AND ${VISIBLE} ORDER BY id LIMIT ?`).all(after, take) as RelationshipRow[];
  }

  /** The edge between a and b of this kind (spouse pairs: pass the smaller id as `a`). */
  find(kind: RelationshipRow['kind'], a: string, b: string): RelationshipRow | undefined {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM relationships WHERE person_a = ? AND kind = ? AND person_b = ? AND ${VISIBLE}`).get(a, kind, b) as RelationshipRow | undefined;
  }

  /**
   * Whether `person` descends from `ancestor` (or is it): one recursive CTE down the parent
   * edges from `ancestor`. UNION (not UNION ALL) drops a person already reached, so the walk
   * ends even on a graph that repeats ancestors (pedigree collapse).
   */
  descends(person: string, ancestor: string): boolean {
    return (
      this.tree
        .prepare(
          `WITH RECURSIVE below(person) AS (
             SELECT ?
             UNION
             SELECT r.person_b FROM below JOIN relationships r ON r.person_a = below.person AND r.kind = 'parent' AND r.${VISIBLE}
           )
           SELECT 1 FROM below WHERE person = ? LIMIT 1`,
        )
        .get(ancestor, person) !== undefined
    );
  }

  birthParentCount(child: string): number {
    return this.tree.prepare(`SELECT count(*) FROM relationships WHERE person_b = ? AND kind = 'parent' AND ${VISIBLE} AND pedigree = 'birth'`).pluck().get(child) as number;
  }

  /** Edges from a person, in the order they were made (ids are time-ordered). */
  from(person: string, kind: RelationshipRow['kind']): RelationshipRow[] {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM relationships WHERE person_a = ? AND kind = ? AND ${VISIBLE} ORDER BY id`).all(person, kind) as RelationshipRow[];
  }

  /** Edges to a person, in the order they were made. */
  to(person: string, kind: RelationshipRow['kind']): RelationshipRow[] {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM relationships WHERE person_b = ? AND kind = ? AND ${VISIBLE} ORDER BY id`).all(person, kind) as RelationshipRow[];
  }

  /**
   * Every birth and adoptive parent edge above `person`, up to `generations` generations (the
   * person is generation 1): one recursive CTE over the covering index `relationships_to`,
   * then the edges out of every person it reached. Ordered by child, then by the edge's age.
   */
  ancestorEdges(person: string, generations: number): AncestorEdge[] {
    return this.tree
      .prepare(
        `WITH RECURSIVE walk(person, depth) AS (
           SELECT @person, 1
           UNION
           SELECT r.person_a, walk.depth + 1 FROM walk
             JOIN relationships r ON r.person_b = walk.person AND r.kind = 'parent' AND r.${VISIBLE} AND r.pedigree IN ('birth', 'adopted')
           WHERE walk.depth < @generations - 1
         )
         SELECT r.person_b AS child, r.person_a AS parent, r.pedigree FROM relationships r
         WHERE r.person_b IN (SELECT person FROM walk WHERE depth < @generations) AND r.kind = 'parent' AND r.${VISIBLE} AND r.pedigree IN ('birth', 'adopted')
         ORDER BY r.person_b, r.id`,
      )
      .all({ person, generations }) as AncestorEdge[];
  }

  insert(row: RelationshipRow, actor: Actor): void {
    this.tree
      .prepare(`INSERT INTO relationships (${COLUMNS}, updated_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(row.id, row.kind, row.person_a, row.person_b, row.pedigree, row.created_at_ms, row.created_at_ms, ...actorValues(actor));
  }

  setParent(id: string, parent: string, now: number): void {
    this.tree.prepare('UPDATE relationships SET person_a = ?, updated_at_ms = ? WHERE id = ?').run(parent, now, id);
  }

  delete(id: string): void {
    this.tree.prepare('DELETE FROM relationships WHERE id = ?').run(id);
  }
}

/** Hides every edge of a retracted person (called inside the retraction's transaction). */
export function hideEdgesOf(tree: Tree, person: string): void {
  tree.prepare(`UPDATE relationships SET hidden = 1 WHERE (person_a = ? OR person_b = ?) AND ${VISIBLE}`).run(person, person);
}

export function toDto(row: RelationshipRow): RelationshipDto {
  return row.kind === 'parent'
    ? { id: row.id, kind: 'parent', parent: row.person_a, child: row.person_b, pedigree: row.pedigree ?? 'birth', created_at_ms: row.created_at_ms }
    : { id: row.id, kind: 'spouse', partners: [row.person_a, row.person_b], created_at_ms: row.created_at_ms };
}
