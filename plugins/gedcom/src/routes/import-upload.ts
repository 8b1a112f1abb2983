import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { BlobTooLargeError, type TypeBoxTypeProvider } from '@rootline/kernel';
import { ImportQuery, ImportStarted } from '../schemas.js';
import { acceptRawBodies, rawBody, refuseTooLarge } from './raw-body.js';

/**
 * `POST {P}/imports/gedcom` (raw file body). Importing is the human's: an import writes the
 * human's confirmed claims by the thousand; an agent proposes claims one by one instead.
 * Its own mount context: it takes every Content-Type as bytes.
 */
export const importUploadRoutes = (maxBytes: number) => async function importUpload(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  acceptRawBodies(app);

  route.post('/imports/gedcom', {
    config: { humanOnly: true },
    schema: {
      summary: 'Import a GEDCOM file (5.5, 5.5.1, 7.0) or a GEDZIP, as a background job',
      description: `Send the file as the raw body (any Content-Type). Answers 202 with the job and the run's import_key; the job's result holds the counts and the loss report's id. The same bytes as an earlier import that stands are refused (409 \`duplicate-import\`, with its import_key) unless allow_duplicate=true. An empty body, bytes that are not GEDCOM, a file without HEAD or cut short are refused with 400 and nothing stored. Bodies over ${maxBytes} bytes are refused with 413 while arriving. Other requests are answered while the import runs; as the first import into a new tree ends, a request that may write waits for the read index being built (about a second at 100,000 persons), reads do not.`,
      tags: ['gedcom'],
      consumes: ['application/octet-stream'],
      'x-raw-body': Type.String({ format: 'binary', description: 'The bytes of the GEDCOM file (.ged) or GEDZIP (.gdz), sent as they are' }),
      querystring: ImportQuery,
      response: { 202: ImportStarted },
      'x-problems': [409, 413],
    },
  }, async (request, reply) => {
    const body = rawBody(request, maxBytes);
    try {
      const started = await request.diScope.cradle.gedcomImports.start(body, { filename: request.query.filename, allowDuplicate: request.query.allow_duplicate ?? false, maxBytes });
      return reply.code(202).send(started);
    } catch (error) {
      if (error instanceof BlobTooLargeError) refuseTooLarge(request, maxBytes);
      throw error;
    }
  });
};
