import { Type, type Static } from '@sinclair/typebox';

/**
 * The blobs plugin's settings: the manifest entry's `options`, each overridable by its
 * documented environment variable (index.ts). A value that does not fit stops boot with
 * one line naming the option and where it came from, rather than quietly using a default.
 */
export const BlobOptions = Type.Object(
  {
    max_bytes: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      default: 256 * 1024 * 1024,
      description: 'Upload ceiling in bytes (CONTRACT §8): larger bodies are refused with 413 while arriving. Env: ROOTLINE_BLOB_MAX_BYTES',
    }),
    thumbnail_timeout_ms: Type.Integer({
      minimum: 1,
      default: 10_000,
      description: 'Wall-clock limit of one thumbnail render, in milliseconds. Env: ROOTLINE_THUMBNAIL_TIMEOUT_MS',
    }),
    thumbnail_max_memory_mb: Type.Integer({
      minimum: 64,
      default: 768,
      description: 'Memory limit of one thumbnail renderer (a child process), in MB: resident memory (checked from /proc on Linux) and, at a third of it, the JavaScript heap. Past it the renderer is killed. Env: ROOTLINE_THUMBNAIL_MAX_MEMORY_MB',
    }),
  },
  { additionalProperties: false },
);
export type BlobOptions = Static<typeof BlobOptions>;
