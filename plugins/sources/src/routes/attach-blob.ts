import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { AttachBlobBody, SourceDto, SourceParams } from '../schemas.js';

/** `POST {P}/sources/{id}/attach-blob`. */
export async function attachBlobRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypeBoxTypeProvider>().post('/sources/:id/attach-blob', {
    config: { humanOnly: false },
    schema: {
      summary: 'Attach an uploaded blob (a scan, a photograph of the record) to a source',
      description: 'The blob must have been uploaded to this tree (POST /blobs); an unknown source or blob is 404. Attaching a blob the source already has is a 200 no-op.',
      tags: ['sources'],
      params: SourceParams,
      body: AttachBlobBody,
      response: { 200: SourceDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.sourcesService.attachBlob(request.actor, request.params.id, request.body.blob));
}
