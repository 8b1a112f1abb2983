/**
 * The family plugin's contract (`@rootline/plugin-family` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses family imports these types from `@rootline/contracts/family` and
 * never imports `@rootline/plugin-family` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel, ProblemError } from '@rootline/kernel';

/** What `createMany` did with one edge: written, or refused with the Problem `create` would throw. */
export type CreatedEdge = {
    created: RelationshipDto;
} | {
    refused: ProblemError;
};

/**
 * The family graph of one tree: parent and spouse edges between active persons, the checks
 * that keep it a family (no self edges, no cycles, no duplicates, two birth parents at most),
 * and the pedigree. Every check runs inside the transaction that writes, so a refusal writes nothing.
 */
export interface FamilyService {
  create(actor: Actor, body: CreateRelationshipBody): RelationshipDto;
  /**
   * `create` for many edges in one transaction (an import's batch). Each edge is checked by the
   * same rules against the graph as it stands with the edges before it in the batch written; an
   * edge refused (a third birth parent, a cycle, a duplicate, an unknown person) is answered as
   * `refused` with its Problem and writes nothing, and the others go on. Each person named is
   * looked up once for the whole batch. One record per edge written.
   */
  createMany(actor: Actor, bodies: readonly CreateRelationshipBody[]): CreatedEdge[];
  /** Moves one parent edge of `child` from `from_parent` to `to_parent`; the edge keeps its id and pedigree. */
  reparent(actor: Actor, body: ReparentBody): RelationshipDto;
  /** Removes an edge; answers with the edge as it was. */
  unlink(actor: Actor, id: string): RelationshipDto;
  parentsOf(person: string): ParentLink[];
  childrenOf(person: string): PersonLink[];
  partnersOf(person: string): PersonLink[];
  /**
   * Every visible edge, oldest first, `take` at a time after the edge `after` (null to begin):
   * for work that needs the whole graph's shape (the GEDCOM export builds its families from it).
   */
  walk(after: string | null, take: number): RelationshipDto[];
  /** "Parent of <child>: <parent>", "Partners: <a> & <b>", with the persons' own labels; unknown ids omitted. */
  labels(ids: string[]): EntityLabel[];
  /**
   * The person's ancestors as Ahnentafel slots: one recursive CTE for the edges of every
   * generation asked for, one batched read of the persons they reach, the walk in memory.
   */
  pedigree(person: string, generations: number): Pedigree;
  /** Every visible parent edge as [parent, child, pedigree] (or those with one of `persons` at either end), streamed in one read (the research signals). */
  parentEdgeRows(persons?: readonly string[]): IterableIterator<ParentEdgeRow>;
}

export type ParentEdgeRow = [parent: string, child: string, pedigree: 'birth' | 'adopted' | 'foster' | 'step' | 'unknown'];

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

export type RelationshipDto = {
  parent?: string | undefined;
  child?: string | undefined;
  pedigree?: 'birth' | 'adopted' | 'foster' | 'step' | 'unknown' | undefined;
  partners?: string[] | undefined;
  id: string;
  kind: 'parent' | 'spouse';
  created_at_ms: number;
};

export type Pedigree = {
  person: string;
  generations: number;
  slots: {
    pedigree?: 'adopted' | undefined;
    collapsed?: true | undefined;
    same_as?: number | undefined;
    birth: {
      date: string | null;
      sort_date: string | null;
      place: string | null;
      assertion: string;
      status: string;
      flagged: boolean;
    } | null;
    person: string;
    ahnentafel: number;
    display_name: string;
    death: {
      date: string | null;
      sort_date: string | null;
      place: string | null;
      assertion: string;
      status: string;
      flagged: boolean;
    } | null;
  }[];
};

export type PedigreeKind = 'birth' | 'adopted' | 'foster' | 'step' | 'unknown';

export type CreateRelationshipBody = {
  pedigree?: 'birth' | 'adopted' | 'foster' | 'step' | 'unknown' | undefined;
  kind: 'parent';
  parent: string;
  child: string;
} | {
  kind: 'spouse';
  partners: string[];
};

export type ReparentBody = {
  child: string;
  from_parent: string;
  to_parent: string;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The family graph of the request's tree: parents, children, partners, relationship labels. */
    familyService: FamilyService;
  }
}
