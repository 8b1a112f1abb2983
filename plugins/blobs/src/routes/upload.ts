import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { BlobTooLargeError, lingerThenClose } from '@rootline/kernel';
import { BlobRefDto } from '../schemas.js';
import { BlobProblems } from '../errors.js';

/**
 * `POST {P}/blobs`: the raw body is streamed into the store while it arrives, never held
 * in memory. Any Content-Type is taken as bytes. Past the ceiling the upload is refused
 * (413) and the connection closed; a client that goes away leaves nothing behind.
 * `maxBytes` is the plugin option `max_bytes` (ROOTLINE_BLOB_MAX_BYTES).
 */
const EMPTY = new Error('empty upload');

/** The chunks as they come; throws EMPTY at the end when there were no bytes. */
async function* nonEmpty(chunks: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array>) {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    yield chunk;
  }
  if (bytes === 0) throw EMPTY;
}

export const uploadRoutes = (maxBytes: number) => async function uploadRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post('/blobs', {
    config: { humanOnly: false },
    schema: {
      summary: 'Upload bytes (a scan, a photograph, a PDF)',
      description: `Send the raw bytes as the body (\`Content-Type: application/octet-stream\`; any type is accepted as bytes). The answer is the content address (bare SHA-256 hex), the size and the media type sniffed from the bytes. Uploading the same bytes again stores nothing new. Bodies over the ceiling (here ${maxBytes} bytes; 256 MiB unless the plugin option \`max_bytes\` or ROOTLINE_BLOB_MAX_BYTES says otherwise) are refused with 413 while arriving; an empty body (0 bytes) with 422 \`empty-upload\`, nothing stored.`,
      tags: ['blobs'],
      consumes: ['application/octet-stream'],
      'x-raw-body': Type.String({ format: 'binary', description: 'The bytes of the file, at least one' }),
      response: { 200: BlobRefDto },
      'x-problems': [413, 422],
    },
  }, async (request, reply) => {
    const declared = request.headers['content-length'] === undefined ? Number.NaN : Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      lingerThenClose(request.raw);
      throw BlobProblems.tooLarge(maxBytes);
    }
    if (declared === 0) throw BlobProblems.emptyUpload();
    // The request stream is read through an iterator that does not destroy it when the store
    // stops early (ceiling), so the 413 can still be written before the connection closes.
    const body = request.body as Readable | undefined;
    const chunks = body ? body.iterator({ destroyOnReturn: false }) : [];
    // Without a Content-Length (chunked), an empty body is only known at its end: the store
    // then removes what it began, as for any failed upload.
    const source = Number.isFinite(declared) ? chunks : nonEmpty(chunks);
    try {
      const { address, size_bytes, media_type } = await request.tree.blobs.write(source, { maxBytes, actor: request.actor });
      return reply.send({ address, size_bytes, media_type });
    } catch (error) {
      if (error === EMPTY) throw BlobProblems.emptyUpload();
      if (error instanceof BlobTooLargeError) {
        lingerThenClose(request.raw);
        throw BlobProblems.tooLarge(maxBytes);
      }
      throw error;
    }
  });
};
