/**
 * The duplicates plugin's contract: the services it registers, for the container's types.
 * Type-only, so a plugin that uses it imports it with `import type` from
 * `@rootline/plugin-duplicates/contract` and lists `@rootline/plugin-duplicates` with a version
 * range in its `peerDependencies`.
 */
import type { DuplicatesService } from './service.js';
import type { DuplicateIndexer } from './indexer.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Brings a tree's blocking index up to date in the background (internal to the plugin). */
    duplicatesIndexer: DuplicateIndexer;
  }
  interface RequestCradle {
    /**
     * Duplicate candidates and merge proposals of the request's tree. `isKnownNotAMatch(a, b)`
     * says whether two persons are remembered as not one person (a denied proposal, either
     * order), for plugins that suggest merges of their own.
     */
    duplicatesService: DuplicatesService;
  }
}

export type { DuplicatesService, DuplicateIndexer };
export type { CandidateItem, CandidateSearch } from './service.js';
export type { ProposalDto } from './schemas.js';
