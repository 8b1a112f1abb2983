import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { uploadRoutes } from './routes/upload.js';
import { downloadRoutes } from './routes/download.js';
import { thumbnailRoutes } from './routes/thumbnail.js';

/**
 * @rootline/plugin-blobs: upload, download and thumbnails over the kernel's
 * content-addressed store (`request.tree.blobs`).
 */
async function blobsPlugin(app: FastifyInstance) {
  app.kernel.treeRoutes(uploadRoutes);
  app.kernel.treeRoutes(downloadRoutes);
  app.kernel.treeRoutes(thumbnailRoutes);
  app.kernel.declareIngest('application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/tiff');
}

export default fp(blobsPlugin, { name: '@rootline/plugin-blobs', fastify: '5.x', dependencies: ['@rootline/kernel'] });
export { parseRange } from './range.js';
