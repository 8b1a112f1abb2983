/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { ThumbnailService } from './thumbnails.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Thumbnails of every tree's blobs: one per server, so both mounts share its worker limit and in-flight renders. */
    thumbnailService: ThumbnailService;
  }
}
