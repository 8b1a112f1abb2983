import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import type { sourceSchemas } from '../schemas.js';
import { sources } from './sources.js';

/** `POST {P}/sources/{id}/attach-blob`. */
export function attachBlobRoutes(schemas: ReturnType<typeof sourceSchemas>) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post('/sources/:id/attach-blob', {
      schema: {
        summary: 'Attach an uploaded blob (a scan, a photograph of the record) to a source',
        description: 'The blob must have been uploaded to this tree (POST /blobs); an unknown source or blob is 404. Attaching a blob the source already has is a 200 no-op.',
        tags: ['sources'],
        params: schemas.SourceParams,
        body: schemas.AttachBlobBody,
        response: { 200: schemas.SourceDto },
        'x-problems': [404],
      },
    }, async (request) => sources(request).attachBlob(request.actor, request.params.id, request.body.blob));
  };
}
