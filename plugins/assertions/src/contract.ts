/**
 * The assertions plugin's contract: the service it registers, for the container's types,
 * and the types a plugin driving claims through it needs (the pending lane). Type-only: a
 * user imports it with `import type` from `@rootline/plugin-assertions/contract` (erased at
 * build) and lists `@rootline/plugin-assertions` with a version range in its `peerDependencies`.
 */
import type { AssertionsService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The claims of the request's tree: capture, review, evidence and the lists. */
    assertionsService: AssertionsService;
  }
}

export type { AssertionsService };
export type { BulkOutcome } from './service.js';
/** `ClaimKey` is the keyset position of every claim list: open a paging window with it. */
export type { BucketField, ClaimFilter, ClaimKey, SortOrder } from './queries.js';
/** What `vitalClaims` returns: the persons plugin's birth and death summaries rest on these. */
export type { VitalClaim } from './queries.js';
export type { AssertionDto } from './schemas/assertion.js';
