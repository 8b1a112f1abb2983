/**
 * The persons plugin's contract: the service it registers, for the container's types.
 * Type-only, so a plugin that uses persons imports it with `import type` from
 * `@rootline/plugin-persons/contract` (erased at build: no run-time coupling) and lists
 * `@rootline/plugin-persons` with a version range in its `peerDependencies`.
 */
import type { PersonsService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /**
     * The persons of the request's tree. `get`, `exists`, `require`, `many` and `labels` see
     * active persons only (a retracted person is gone from every view); `personOfPersona`
     * names the active person a persona is concluded into.
     */
    personsService: PersonsService;
  }
}

export type { PersonsService };
export type { PersonDto, VitalSummary } from './schemas.js';
