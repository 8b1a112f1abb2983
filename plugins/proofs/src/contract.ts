/**
 * The proofs plugin's contract: the service it registers, for the container's types.
 * Type-only, so a plugin that uses proof arguments (conflicts: a conflict is resolved by one)
 * imports it with `import type` from `@rootline/plugin-proofs/contract` (erased at build: no
 * run-time coupling) and lists `@rootline/plugin-proofs` with a version range in its
 * `peerDependencies`.
 */
import type { ProofArgumentsService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The proof arguments of the request's tree: `exists(id)`, `get(id)`, `labels(ids)`, `create`, `list`. */
    proofArgumentsService: ProofArgumentsService;
  }
}

export type { ProofArgumentsService };
export type { ProofArgumentDto, ProofArgumentDetail, ClaimWeighed } from './schemas.js';
