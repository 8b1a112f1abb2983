import type { FastifyInstance } from 'fastify';
import { LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { FanNetworkDto, FanNetworkQuery, FanPageDto, FanQuery } from '../fan-schemas.js';
import { EventParams } from '../schemas.js';
import { EventProblems } from '../errors.js';

/** `GET {P}/persons/{id}/fan-network` and the paged `GET {P}/fan/query`. */
export async function fanRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/persons/:id/fan-network', {
    config: { humanOnly: false },
    schema: {
      summary: 'The FAN network (friends, associates, neighbours) of a person inside a year window',
      tags: ['fan'],
      params: EventParams,
      querystring: FanNetworkQuery,
      response: { 200: FanNetworkDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.fanService.network({ focus: { kind: 'person', id: request.params.id }, ...request.query }));

  route.get('/fan/query', {
    config: { humanOnly: false },
    schema: {
      summary: 'The FAN network of a person or a persona, its edges paged by type and neighbour',
      tags: ['fan'],
      querystring: FanQuery,
      response: { 200: FanPageDto },
      'x-problems': [404],
    },
  }, async (request) => {
    const { person_id, persona_id, ...window } = request.query;
    if ((person_id === undefined) === (persona_id === undefined)) throw EventProblems.focusRequired();
    const focus = person_id !== undefined ? { kind: 'person' as const, id: person_id } : { kind: 'persona' as const, id: persona_id! };
    return request.diScope.cradle.fanService.page({ focus, ...window }, app.kernel.paging.open('fan.query', request.query, LIST_LIMITS));
  });
}
