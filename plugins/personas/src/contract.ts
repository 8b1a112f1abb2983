/**
 * The personas plugin's contract: the service it registers, for the container's types.
 * Type-only, so a plugin that uses personas imports it with `import type` from
 * `@rootline/plugin-personas/contract` (erased at build: no run-time coupling) and lists
 * `@rootline/plugin-personas` with a version range in its `peerDependencies`.
 */
import type { PersonasService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The personas of the request's tree: `exists`, `get`, and `create` (synchronous, for transcriptions). */
    personasService: PersonasService;
  }
}

export type { PersonasService };
export type { PersonaDto, CreatePersonaBody } from './schemas.js';
