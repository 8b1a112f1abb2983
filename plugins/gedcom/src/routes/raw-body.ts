import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { lingerThenClose } from '@rootline/kernel';
import { GedcomProblems } from '../errors.js';

/** Routes of this mount take the body as a stream of bytes, whatever its Content-Type (a GEDCOM file is sent as it is). */
export function acceptRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

/**
 * The raw body as chunks. A declared length over the ceiling is refused at once; the
 * iterator does not destroy the request when the reader stops early, so a 413 can still be
 * written before the connection closes (lingering close, kernel).
 */
export function rawBody(request: FastifyRequest, maxBytes: number): AsyncIterable<Uint8Array> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) refuseTooLarge(request, maxBytes);
  const body = request.body as Readable | undefined;
  return body ? body.iterator({ destroyOnReturn: false }) : (async function* nothing() {})();
}

/** 413 for a body past the ceiling, closing the connection only once the client has the answer. */
export function refuseTooLarge(request: FastifyRequest, maxBytes: number): never {
  lingerThenClose(request.raw);
  throw GedcomProblems.tooLarge(maxBytes);
}

/** The body with a ceiling counted while it arrives (for routes that do not store it). */
export async function* withCeiling(source: AsyncIterable<Uint8Array>, maxBytes: number, onTooLarge: () => never): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) onTooLarge();
    yield chunk;
  }
}
