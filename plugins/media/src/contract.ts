/**
 * The media plugin's contract: the services it registers, for the container's types.
 * Type-only: a plugin that makes media objects (gedcom) imports it with `import type` from
 * `@rootline/plugin-media/contract` and lists `@rootline/plugin-media` in its `peerDependencies`.
 */
import type { MediaService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The media objects of the request's (or job's) tree, changed as its actor. */
    mediaService: MediaService;
  }
}

export type { MediaService };
export type { MediaDto, NewMedia, ResolveResult, UnresolvedMediaDto } from './schemas.js';
