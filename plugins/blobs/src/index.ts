import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { definePlugin, singleton } from '@rootline/kernel';
import { BlobOptions } from './options.js';
import { ThumbnailRunner } from './thumbnail-runner.js';
import { ThumbnailService, THUMBNAIL_MAX_SIDE, THUMBNAIL_SOURCE_TYPES } from './thumbnails.js';
import { uploadRoutes } from './routes/upload.js';
import { downloadRoutes } from './routes/download.js';
import { thumbnailRoutes } from './routes/thumbnail.js';

/**
 * @rootline/plugin-blobs: upload, download and thumbnails over the kernel's
 * content-addressed store (`request.tree.blobs`).
 */
export default definePlugin({
  name: '@rootline/plugin-blobs',
  scope: 'tree',
  options: BlobOptions,
  environment: { max_bytes: 'ROOTLINE_BLOB_MAX_BYTES', thumbnail_timeout_ms: 'ROOTLINE_THUMBNAIL_TIMEOUT_MS', thumbnail_max_memory_mb: 'ROOTLINE_THUMBNAIL_MAX_MEMORY_MB' },
  register(app, options) {
    const timeoutMs = options.thumbnail_timeout_ms;
    const maxRssMb = options.thumbnail_max_memory_mb;
    const runner = () => new ThumbnailRunner({ timeoutMs, maxSide: THUMBNAIL_MAX_SIDE, maxRssMb, maxHeapMb: Math.max(32, Math.floor(maxRssMb / 3)) });
    app.kernel.services({
      // Closing the service stops the renders still running when the server closes.
      thumbnailService: singleton(
        ({ clock, logger }) => new ThumbnailService(runner(), clock, timeoutMs, logger),
        (service) => service.close(),
      ),
    });
    app.kernel.treeRoutes(uploadRoutes(options.max_bytes));
    app.kernel.treeRoutes(downloadRoutes);
    app.kernel.treeRoutes(thumbnailRoutes);
    app.kernel.declareIngest(...THUMBNAIL_SOURCE_TYPES);
  },
});
