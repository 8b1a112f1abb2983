import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ifNoneMatch, type TypeBoxTypeProvider } from '@rootline/kernel';
import { BlobAddressParams } from '../schemas.js';
import { THUMBNAIL_MAX_SIDE } from '../thumbnails.js';

/**
 * `GET {P}/blobs/sha256:<hex>/thumbnail`: a PNG of page 1 of a PDF, or the picture scaled
 * down, at most 512 px on the long side. Rendered once in a worker, then served from the
 * store like a download (the ETag is the PNG's own address).
 */
export async function thumbnailRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  route.route({
    method: ['GET', 'HEAD'],
    url: '/blobs/:address/thumbnail',
    config: { humanOnly: false },
    schema: {
      summary: 'Thumbnail of a blob (PNG, page 1 of a PDF)',
      description: `A PNG at most ${THUMBNAIL_MAX_SIDE} px on the long side (never enlarged): page 1 of a PDF, or a JPEG/PNG/GIF/WebP/TIFF scaled down. Rendered on first request in a separate process, with a time limit (the plugin option \`thumbnail_timeout_ms\` or ROOTLINE_THUMBNAIL_TIMEOUT_MS, default 10 s) and a memory limit (\`thumbnail_max_memory_mb\`, ROOTLINE_THUMBNAIL_MAX_MEMORY_MB, default 768 MB), and cached. PDFs render one at a time and images one at a time beside them, so an image never waits behind a PDF. Any other type, or a file that cannot be rendered (encrypted, broken, past the time or memory limit), is 404 \`not-found\` with a detail saying why; a failed render is remembered for the blob and answered at once afterwards, until a request with \`retry=true\` renders it again.`,
      tags: ['blobs'],
      params: BlobAddressParams,
      querystring: Type.Object({
        retry: Type.Optional(Type.Boolean({ description: '`true`: forget a remembered failure of this blob and render it again (a cached thumbnail is still served as it is)' })),
      }),
      response: {
        200: { description: 'The thumbnail', content: { 'image/png': { schema: Type.String({ format: 'binary' }) } } },
        304: { description: 'Not modified (If-None-Match matched)' },
      },
      'x-problems': [404],
    },
    handler: async (request, reply) => {
      const original = request.params.address.slice('sha256:'.length);
      const { blob } = await request.diScope.cradle.thumbnailService.thumbnailOf(request.tree, original, { retry: request.query.retry === true });
      const etag = `"sha256:${blob.address}"`;
      reply.header('etag', etag).header('cache-control', 'private, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      reply.type('image/png').header('content-length', blob.size_bytes);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(request.tree.blobs.openRead(blob.address));
    },
  });
}
