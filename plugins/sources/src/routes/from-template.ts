import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { FromTemplateBody, SourceDto } from '../schemas.js';

/** `POST {P}/sources/from-template`. */
export async function fromTemplateRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypeBoxTypeProvider>().post('/sources/from-template', {
    config: { humanOnly: false },
    schema: {
      summary: 'Create a source and its first citation from a citation template',
      description: 'The title is the template\'s source-list entry for these elements. Missing required elements are 400 with `errors[]`; an unknown template is 404. Source and citation are written in one transaction (`source.created.v1`, `citation.created.v1`).',
      tags: ['sources'],
      body: FromTemplateBody,
      response: { 200: SourceDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.sourcesService.createFromTemplate(request.actor, request.body));
}
