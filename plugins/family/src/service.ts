import { ProblemError, type Actor, type Clock, type EntityLabel, type IdSource, type Tree } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import type { CreateRelationshipBody, Pedigree, PedigreeKind, RelationshipDto, ReparentBody } from './schemas.js';
import { RelationshipStore, toDto, type RelationshipRow } from './store.js';
import { buildPedigree, type PedigreePerson } from './pedigree.js';
import { FamilyProblems } from './errors.js';
import type { FamilyService as FamilyServiceContract } from '@rootline/contracts/family';
import type { ParentEdgeRow } from '@rootline/contracts/family';
import { parentEdges } from './signals.js';

/** What `createMany` did with one edge: written, or refused with the Problem `create` would throw. */
export type CreatedEdge = { created: RelationshipDto } | { refused: ProblemError };

/** A parent of a person, through which edge, and how (birth, adopted, ...). */
export interface ParentLink {
  relationship: string;
  person: string;
  pedigree: PedigreeKind;
}

/** A child or partner of a person, through which edge. */
export interface PersonLink {
  relationship: string;
  person: string;
}

const PEDIGREE_WORDS: Record<PedigreeKind, string> = {
  birth: 'Parent',
  adopted: 'Adoptive parent',
  foster: 'Foster parent',
  step: 'Step-parent',
  unknown: 'Parent (pedigree unknown)',
};

/**
 * The family graph of one tree: parent and spouse edges between active persons, the checks
 * that keep it a family (no self edges, no cycles, no duplicates, two birth parents at most),
 * and the pedigree. Every check runs inside the transaction that writes, so a refusal writes nothing.
 */
export class FamilyService implements FamilyServiceContract {
  private readonly store: RelationshipStore;

  constructor(private readonly tree: Tree, private readonly clock: Clock, private readonly ids: IdSource, private readonly persons: PersonsService) {
    this.store = new RelationshipStore(tree);
  }

  create(actor: Actor, body: CreateRelationshipBody): RelationshipDto {
    const [outcome] = this.createMany(actor, [body]);
    if ('refused' in outcome) throw outcome.refused;
    return outcome.created;
  }

  /**
   * `create` for many edges in one transaction (an import's batch). Each edge is checked by the
   * same rules against the graph as it stands with the edges before it in the batch written; an
   * edge refused (a third birth parent, a cycle, a duplicate, an unknown person) is answered as
   * `refused` with its Problem and writes nothing, and the others go on. Each person named is
   * looked up once for the whole batch. One record per edge written.
   */
  createMany(actor: Actor, bodies: readonly CreateRelationshipBody[]): CreatedEdge[] {
    return this.tree.transact(() => {
      const named = bodies.flatMap((body) => (body.kind === 'parent' ? [body.parent, body.child] : body.partners));
      const active = new Set([...new Set(named)].filter((person) => this.persons.exists(person)));
      return bodies.map((body): CreatedEdge => {
        try {
          const row = body.kind === 'parent' ? this.checkParentEdge(active, body.parent, body.child, body.pedigree ?? 'birth') : this.checkSpouseEdge(active, body.partners[0], body.partners[1]);
          this.store.insert(row, actor);
          this.tree.record({ kind: 'relationship.created.v1', entity_type: 'relationship', entity_id: row.id, actor, payload: edgePayload(row) });
          return { created: toDto(row) };
        } catch (error) {
          if (error instanceof ProblemError) return { refused: error };
          throw error;
        }
      });
    });
  }

  /** Moves one parent edge of `child` from `from_parent` to `to_parent`; the edge keeps its id and pedigree. */
  reparent(actor: Actor, body: ReparentBody): RelationshipDto {
    const { child, from_parent, to_parent } = body;
    return this.tree.transact(() => {
      this.requirePersons(child, from_parent, to_parent);
      const edge = this.store.find('parent', from_parent, child);
      if (!edge) throw FamilyProblems.notAParent(from_parent, child);
      if (to_parent === child) throw FamilyProblems.self(child, 'parent');
      const existing = this.store.find('parent', to_parent, child);
      if (existing) throw FamilyProblems.exists(existing.id);
      if (this.store.descends(to_parent, child)) throw FamilyProblems.cycle(to_parent, child);
      // The edge keeps its pedigree and the child keeps its number of parents: no birth-parent count to check.
      this.store.setParent(edge.id, to_parent, this.clock.now());
      this.tree.record({ kind: 'relationship.reparented.v1', entity_type: 'relationship', entity_id: edge.id, actor, payload: { child, from_parent, to_parent, pedigree: edge.pedigree } });
      return toDto({ ...edge, person_a: to_parent });
    });
  }

  /** Removes an edge; answers with the edge as it was. */
  unlink(actor: Actor, id: string): RelationshipDto {
    return this.tree.transact(() => {
      const edge = this.store.get(id);
      if (!edge) throw FamilyProblems.relationshipNotFound(id);
      this.store.delete(id);
      this.tree.record({ kind: 'relationship.unlinked.v1', entity_type: 'relationship', entity_id: id, actor, payload: edgePayload(edge) });
      return toDto(edge);
    });
  }

  parentsOf(person: string): ParentLink[] {
    return this.store.to(person, 'parent').map((row) => ({ relationship: row.id, person: row.person_a, pedigree: row.pedigree ?? 'birth' }));
  }

  childrenOf(person: string): PersonLink[] {
    return this.store.from(person, 'parent').map((row) => ({ relationship: row.id, person: row.person_b }));
  }

  partnersOf(person: string): PersonLink[] {
    const rows = [...this.store.from(person, 'spouse'), ...this.store.to(person, 'spouse')].sort((a, b) => (a.id < b.id ? -1 : 1));
    return rows.map((row) => ({ relationship: row.id, person: row.person_a === person ? row.person_b : row.person_a }));
  }

  /**
   * Every visible edge, oldest first, `take` at a time after the edge `after` (null to begin):
   * for work that needs the whole graph's shape (the GEDCOM export builds its families from it).
   */
  walk(after: string | null, take: number): RelationshipDto[] {
    return this.store.after(after, take).map(toDto);
  }

  /** "Parent of <child>: <parent>", "Partners: <a> & <b>", with the persons' own labels; unknown ids omitted. */
  labels(ids: string[]): EntityLabel[] {
    if (ids.length === 0) return [];
    const rows = this.store.many(ids);
    if (rows.length === 0) return [];
    const names = new Map(this.persons.labels(rows.flatMap((row) => [row.person_a, row.person_b])).map((label) => [label.id, label.label]));
    return rows.flatMap((row) => {
      const a = names.get(row.person_a);
      const b = names.get(row.person_b);
      if (a === undefined || b === undefined) return [];
      const label = row.kind === 'parent' ? `${PEDIGREE_WORDS[row.pedigree ?? 'birth']} of ${b}: ${a}` : `Partners: ${a} & ${b}`;
      return [{ id: row.id, kind: 'relationship', label }];
    });
  }

  /** Every visible parent edge, streamed (the research signals; signals.ts). */
  parentEdgeRows(persons?: readonly string[]): IterableIterator<ParentEdgeRow> {
    return parentEdges(this.tree, persons);
  }

  /**
   * The person's ancestors as Ahnentafel slots: one recursive CTE for the edges of every
   * generation asked for, one batched read of the persons they reach, the walk in memory.
   */
  pedigree(person: string, generations: number): Pedigree {
    const root = this.persons.get(person);
    if (!root) throw FamilyProblems.personNotFound(person);
    const edges = generations > 1 ? this.store.ancestorEdges(person, generations) : [];
    const ancestors = this.persons.many([...new Set(edges.map((edge) => edge.parent))]);
    const people = new Map<string, PedigreePerson>(ancestors.map((dto) => [dto.id, dto]));
    return buildPedigree(root, generations, edges, people);
  }

  /** `active`: the active persons among those the edges name (read once per batch). */
  private checkParentEdge(active: ReadonlySet<string>, parent: string, child: string, pedigree: PedigreeKind): RelationshipRow {
    for (const id of [parent, child]) if (!active.has(id)) throw FamilyProblems.personNotFound(id);
    if (parent === child) throw FamilyProblems.self(child, 'parent');
    const existing = this.store.find('parent', parent, child);
    if (existing) throw FamilyProblems.exists(existing.id);
    if (this.store.descends(parent, child)) throw FamilyProblems.cycle(parent, child);
    if (pedigree === 'birth' && this.store.birthParentCount(child) >= 2) throw FamilyProblems.tooManyBirthParents(child);
    return { id: this.ids.next(), kind: 'parent', person_a: parent, person_b: child, pedigree, created_at_ms: this.clock.now() };
  }

  private checkSpouseEdge(active: ReadonlySet<string>, first: string, second: string): RelationshipRow {
    for (const id of [first, second]) if (!active.has(id)) throw FamilyProblems.personNotFound(id);
    if (first === second) throw FamilyProblems.self(first, 'spouse');
    const [a, b] = first < second ? [first, second] : [second, first];
    const existing = this.store.find('spouse', a, b);
    if (existing) throw FamilyProblems.exists(existing.id);
    return { id: this.ids.next(), kind: 'spouse', person_a: a, person_b: b, pedigree: null, created_at_ms: this.clock.now() };
  }

  private requirePersons(...ids: string[]): void {
    for (const id of ids) if (!this.persons.exists(id)) throw FamilyProblems.personNotFound(id);
  }
}

/** What a record says about an edge: enough to read the history without the row. */
function edgePayload(row: RelationshipRow) {
  return row.kind === 'parent' ? { kind: row.kind, parent: row.person_a, child: row.person_b, pedigree: row.pedigree } : { kind: row.kind, partners: [row.person_a, row.person_b] };
}
