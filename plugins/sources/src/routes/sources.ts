import type { FastifyInstance } from 'fastify';
import { SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { CreateSourceBody, SourceDto, SourcePage, SourceParams, SourcesQuery } from '../schemas.js';
import { SourceProblems } from '../errors.js';

/** `GET {P}/sources`, `POST {P}/sources`, `GET {P}/sources/{id}`. */
export async function sourcesRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/sources', {
    config: { humanOnly: false },
    schema: {
      summary: 'Sources, oldest first, optionally filtered by title',
      description: '`q` keeps sources whose title contains it, ignoring case, before paging (so `total` counts the matches); a blank `q` filters nothing. `limit` is clamped to 1..500 (default 100).',
      tags: ['sources'],
      querystring: SourcesQuery,
      response: { 200: SourcePage },
    },
  }, async (request) =>
    request.diScope.cradle.sourcesService.list(request.query.q, app.kernel.paging.open<string>('sources', request.query, SPEC_LIST_LIMITS)));

  route.post('/sources', {
    config: { humanOnly: false },
    schema: { summary: 'Create a source', tags: ['sources'], body: CreateSourceBody, response: { 200: SourceDto } },
  }, async (request) => request.diScope.cradle.sourcesService.create(request.actor, request.body));

  route.get('/sources/:id', {
    config: { humanOnly: false },
    schema: {
      summary: 'A source with its citations and attached blobs',
      tags: ['sources'],
      params: SourceParams,
      response: { 200: SourceDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.sourcesService.get(request.params.id) ?? Promise.reject(SourceProblems.sourceNotFound(request.params.id)));
}
