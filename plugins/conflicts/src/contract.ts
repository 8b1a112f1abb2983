/**
 * The conflicts plugin's contract: the service it registers, for the container's types.
 * Type-only, so a plugin that reads conflicts (research signals: where the open questions are)
 * imports it with `import type` from `@rootline/plugin-conflicts/contract` (erased at build: no
 * run-time coupling) and lists `@rootline/plugin-conflicts` with a version range in its
 * `peerDependencies`.
 */
import type { ConflictsService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /**
     * The conflicts of the request's tree: `openFor(personas)` (how many open conflicts concern
     * them), `get(id)`, the list, resolution and withdrawal. Conflicts are opened and withdrawn
     * by the plugin itself, never through this service.
     */
    conflictsService: ConflictsService;
  }
}

export type { ConflictsService };
export type { ConflictDto } from './schemas.js';
