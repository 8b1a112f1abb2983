import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { Type } from '@sinclair/typebox';
import { Pedigree, PedigreeQuery, PersonParams } from '../schemas.js';
import { renderPedigreeSvg } from '../svg.js';
import { prefersSvg } from '../accept.js';

/** `GET {P}/persons/{id}/pedigree`: JSON slots, or an SVG chart for `Accept: image/svg+xml`. */
export async function pedigreeRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/persons/:id/pedigree', {
    config: { humanOnly: false },
    schema: {
      summary: "A person's ancestors as Ahnentafel-numbered slots (JSON), or as a chart (`Accept: image/svg+xml`)",
      description:
        '1 is the person, 2n the father and 2n+1 the mother of n (by sex; unknown sex takes the free slot). Birth parents, or the ' +
        'adoptive parents of a child without any. Empty slots are absent. An ancestor reached twice (pedigree collapse) is shown ' +
        'again with `collapsed: true` and `same_as`, and not walked again.',
      tags: ['persons'],
      params: PersonParams,
      querystring: PedigreeQuery,
      response: {
        200: {
          description: 'The pedigree',
          content: {
            'application/json': { schema: Pedigree },
            'image/svg+xml': { schema: Type.String({ description: 'A standalone SVG document' }) },
          },
        },
      },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const pedigree = request.diScope.cradle.familyService.pedigree(request.params.id, request.query.generations ?? 4);
    if (!prefersSvg(request.headers.accept)) return reply.type('application/json; charset=utf-8').send(pedigree);
    // The JSON reply passes the reply hooks (redactions, ...); a chart is drawn from what this reader may see.
    const chart = renderPedigreeSvg(app.kernel.filterForReader(request, pedigree));
    return reply.type('image/svg+xml; charset=utf-8').header('vary', 'accept').send(chart as never);
  });
}
