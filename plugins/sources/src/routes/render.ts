import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { RenderBody, RenderResult } from '../citations/schemas.js';
import { CitationProblems } from '../citations/errors.js';

/** `POST {P}/citations/render`. */
export async function renderRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/citations/render', {
    config: { humanOnly: false },
    schema: {
      summary: 'Render a citation, or a template with elements, in one style',
      description: 'Writes nothing. 400 `validation-failed` lists each missing required element (and unknown or ill-typed ones) in `errors[]`; 404 for an unknown citation or template.',
      tags: ['citations'],
      body: RenderBody,
      response: { 200: RenderResult },
      'x-problems': [404],
    },
  }, async (request) => {
    const { citation, template, elements, style = 'first_reference' } = request.body;
    if ((citation === undefined) === (template === undefined) || (citation !== undefined && elements !== undefined)) throw CitationProblems.renderNeedsOneSubject();
    const subject = citation !== undefined ? { citation } : { template: template!, elements: elements ?? {} };
    const rendering = request.diScope.cradle.citationsService.render(subject, style);
    return { citation: citation ?? null, style, ...rendering };
  });
}
