import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import type { sourceSchemas } from '../schemas.js';
import type { SourcesService } from '../service.js';
import { SourceProblems } from '../errors.js';

export const sources = (request: FastifyRequest) => request.diScope.resolve<SourcesService>('sourcesService');

/** `GET {P}/sources`, `POST {P}/sources`, `GET {P}/sources/{id}`. */
export function sourcesRoutes(schemas: ReturnType<typeof sourceSchemas>) {
  return async (app: FastifyInstance) => {
    const route = app.withTypeProvider<TypeBoxTypeProvider>();

    route.get('/sources', {
      schema: {
        summary: 'Sources, oldest first, optionally filtered by title',
        description: '`q` keeps sources whose title contains it, ignoring case, before paging (so `total` counts the matches); a blank `q` filters nothing. `limit` is clamped to 1..500 (default 100).',
        tags: ['sources'],
        querystring: schemas.SourcesQuery,
        response: { 200: schemas.SourcePage },
      },
    }, async (request) => {
      const window = app.kernel.paging.open<string>('sources', request.query, SPEC_LIST_LIMITS);
      const { rows, total } = sources(request).list(request.query.q, window.after, window.limit + 1);
      return window.page(rows, total, (row) => row.id);
    });

    route.post('/sources', {
      schema: { summary: 'Create a source', tags: ['sources'], body: schemas.CreateSourceBody, response: { 200: schemas.SourceDto } },
    }, async (request) => sources(request).create(request.actor, request.body));

    route.get('/sources/:id', {
      schema: {
        summary: 'A source with its citations and attached blobs',
        tags: ['sources'],
        params: schemas.SourceParams,
        response: { 200: schemas.SourceDto },
        'x-problems': [404],
      },
    }, async (request) => sources(request).get(request.params.id) ?? Promise.reject(SourceProblems.sourceNotFound(request.params.id)));
  };
}
