/**
 * The sources plugin's contract: the services it registers, for the container's types.
 * Type-only, so a plugin that uses sources or citations imports it with `import type`
 * from `@rootline/plugin-sources/contract` (erased at build: no run-time coupling) and
 * lists `@rootline/plugin-sources` with a version range in its `peerDependencies`.
 */
import type { SourcesService } from './service.js';
import type { CitationsService } from './citations/service.js';
import type { CitationCatalogue } from './citations/catalogue.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** The citation templates shipped with Rootline (data, the same for every tree). */
    citationCatalogue: CitationCatalogue;
  }
  interface RequestCradle {
    /** The sources of the request's tree: `exists`, `adjustClaimCount` (claims citing a source). */
    sourcesService: SourcesService;
    /** The citations of the request's tree: `exists`, `get` (a citation and the source it cites). */
    citationsService: CitationsService;
  }
}

export type { SourcesService, CitationsService, CitationCatalogue };
export type { SourceDetail, SourceRow, SourceSummary } from './service.js';
export type { CitationDto } from './citations/schemas.js';
