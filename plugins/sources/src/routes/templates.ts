import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { Type } from '@sinclair/typebox';
import { TemplateDto, TemplatesQuery } from '../citations/schemas.js';

/** `GET {P}/citation-templates?category=`. */
export async function templatesRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  const catalogue = app.kernel.cradle.citationCatalogue;

  route.get('/citation-templates', {
    config: { humanOnly: false },
    schema: {
      summary: 'Citation templates (Evidence Explained style models), optionally of one category',
      description: 'Each template names its typed elements and renders a first reference note, a subsequent note, a bibliography entry and a source-list entry. Not paged: the list is small and fixed.',
      tags: ['citations'],
      querystring: TemplatesQuery,
      response: { 200: Type.Array(TemplateDto) },
    },
  }, async (request) =>
    catalogue.list(request.query.category).map(({ id, category, name, description, elements, example }) => ({ id, category, name, description, elements, example })));
}
