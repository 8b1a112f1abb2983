/**
 * The blobs plugin's contract: the services it registers, for the container's types.
 * Type-only (erased at build).
 */
import type { ThumbnailService } from './thumbnails.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Thumbnails of every tree's blobs: one per server, so both mounts share its worker limit and in-flight renders. */
    thumbnailService: ThumbnailService;
  }
}

export type { ThumbnailService };
