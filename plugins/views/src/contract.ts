/**
 * The views plugin's contract: the service it registers, for the container's types.
 * Type-only: a user imports it with `import type` from `@rootline/plugin-views/contract`
 * and lists `@rootline/plugin-views` with a version range in its `peerDependencies`.
 */
import type { RedactionsService } from './redactions/service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The redactions of the request's tree: `redactedFields(target)`, `create`. */
    redactionsService: RedactionsService;
  }
}

export type { RedactionsService };
export type { RedactionDto, PersonCard } from './schemas.js';
