import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { BlobTooLargeError, lingerThenClose } from '@rootline/kernel';
import { BlobRefDto } from '../schemas.js';
import { BlobProblems } from '../errors.js';

/**
 * `POST {P}/blobs`: the raw body is streamed into the store while it arrives, never held
 * in memory. Any Content-Type is taken as bytes. Past the ceiling the upload is refused
 * (413) and the connection closed; a client that goes away leaves nothing behind.
 * `maxBytes` is the plugin option `max_bytes` (ROOTLINE_BLOB_MAX_BYTES).
 */
export const uploadRoutes = (maxBytes: number) => async function uploadRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post('/blobs', {
    config: { humanOnly: false },
    schema: {
      summary: 'Upload bytes (a scan, a photograph, a PDF)',
      description: `Send the raw bytes as the body (\`Content-Type: application/octet-stream\`; any type is accepted as bytes). The answer is the content address (bare SHA-256 hex), the size and the media type sniffed from the bytes. Uploading the same bytes again stores nothing new. Bodies over the ceiling (here ${maxBytes} bytes; 256 MiB unless the plugin option \`max_bytes\` or ROOTLINE_BLOB_MAX_BYTES says otherwise) are refused with 413 while arriving.`,
      tags: ['blobs'],
      consumes: ['application/octet-stream'],
      response: { 200: BlobRefDto },
      'x-problems': [413],
    },
  }, async (request, reply) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      lingerThenClose(request.raw);
      throw BlobProblems.tooLarge(maxBytes);
    }
    // The request stream is read through an iterator that does not destroy it when the store
    // stops early (ceiling), so the 413 can still be written before the connection closes.
    const body = request.body as Readable | undefined;
    const source = body ? body.iterator({ destroyOnReturn: false }) : [];
    try {
      const { address, size_bytes, media_type } = await request.tree.blobs.write(source, { maxBytes, actor: request.actor });
      return reply.send({ address, size_bytes, media_type });
    } catch (error) {
      if (error instanceof BlobTooLargeError) {
        lingerThenClose(request.raw);
        throw BlobProblems.tooLarge(maxBytes);
      }
      throw error;
    }
  });
};
