import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ifNoneMatch, type TypeBoxTypeProvider } from '@rootline/kernel';
import { BlobAddressParams } from '../schemas.js';
import { BlobProblems } from '../errors.js';
import { parseRange } from '../range.js';

/**
 * `GET {P}/blobs/sha256:<hex>`: streams the bytes from disk with Content-Length, an ETag
 * (the address: the bytes can never change) and Range support, so a large scan can be
 * viewed in parts.
 */
export async function downloadRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  route.route({
    method: ['GET', 'HEAD'],
    url: '/blobs/:address',
    config: { humanOnly: false },
    schema: {
      summary: 'Download a blob (supports Range)',
      description:
        'An imported GEDCOM file and the human\'s GEDCOM exports are the human\'s: an agent gets 403 `human-token-required` for them (they hold living persons and redacted values). An agent that uploads the same bytes itself may read them.',
      tags: ['blobs'],
      params: BlobAddressParams,
      response: {
        200: { description: 'The bytes', content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } } },
        206: { description: 'The requested part', content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } } },
        304: { description: 'Not modified (If-None-Match matched)' },
      },
      'x-problems': [403, 404, 416],
    },
    handler: async (request, reply) => {
      const address = request.params.address.slice('sha256:'.length);
      const blob = request.tree.blobs.stat(address);
      if (!blob) throw BlobProblems.blobNotFound(address);
      if (request.actor.kind === 'agent' && request.tree.blobs.isHumanOnly(address)) throw BlobProblems.humanOnly(address);
      const etag = `"sha256:${address}"`;
      reply.header('etag', etag).header('accept-ranges', 'bytes').header('cache-control', 'private, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      const range = parseRange(request.headers.range, blob.size_bytes);
      if (range.kind === 'unsatisfiable') {
        throw BlobProblems.rangeNotSatisfiable(`The blob has ${blob.size_bytes} bytes`, { headers: { 'content-range': `bytes */${blob.size_bytes}` } });
      }
      reply.type('application/octet-stream');
      if (range.kind === 'part') {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${blob.size_bytes}`).header('content-length', range.end - range.start + 1);
        return request.method === 'HEAD' ? reply.send() : reply.send(request.tree.blobs.openRead(address, range));
      }
      reply.header('content-length', blob.size_bytes);
      if (request.method === 'HEAD' || blob.size_bytes === 0) return reply.send(request.method === 'HEAD' ? undefined : Buffer.alloc(0));
      return reply.send(request.tree.blobs.openRead(address));
    },
  });
}
