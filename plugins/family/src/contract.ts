/**
 * The family plugin's contract: the service it registers, for the container's types.
 * Type-only, so a plugin that uses the family graph imports it with `import type` from
 * `@rootline/plugin-family/contract` and lists `@rootline/plugin-family` in its `peerDependencies`.
 *
 * `familyService` (request scope) answers for the request's tree, and only with active persons:
 * an edge to a retracted person is not returned.
 * - `parentsOf(person)`: `{ relationship, person, pedigree }[]`, every kind of parent (birth, adopted, foster, step, unknown).
 * - `childrenOf(person)`: `{ relationship, person }[]`.
 * - `partnersOf(person)`: `{ relationship, person }[]`.
 * - `labels(ids)`: relationship labels, "Parent of John Smyth (1880–1950): William Smyth (1851–1920)",
 *   "Partners: William Smyth (1851–1920) & Mary Jones (1855–1931)"; unknown or hidden ids omitted.
 * Lists are in the order the edges were made. Records: `relationship.created.v1`,
 * `relationship.reparented.v1`, `relationship.unlinked.v1`.
 */
import type { CreatedEdge, FamilyService, ParentLink, PersonLink } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The family graph of the request's tree: parents, children, partners, relationship labels. */
    familyService: FamilyService;
  }
}

export type { CreatedEdge, FamilyService, ParentLink, PersonLink };
export type { RelationshipDto, Pedigree, PedigreeKind } from './schemas.js';
