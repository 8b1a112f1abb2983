import type { FastifyInstance } from 'fastify';
import { sendJson, SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { AssertionPage, PagingOnlyQuery, SourceParams, SourcingTally } from '../schemas/lists.js';
import type { ClaimKey } from '../queries.js';

/** Which claims cite what: the unsourced lane, the sourcing tally and a source's cited-by. */
export async function sourcingRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/assertions/unsourced', {
    config: { humanOnly: false },
    schema: {
      summary: 'Active claims that cite no source yet, oldest first, awaiting human evaluation',
      tags: ['assertions'],
      querystring: PagingOnlyQuery,
      response: { 200: AssertionPage },
    },
  }, async (request, reply) => {
    const window = app.kernel.paging.open<ClaimKey>('assertions.unsourced', request.query, SPEC_LIST_LIMITS);
    return sendJson(reply, request.diScope.cradle.assertionsService.pageJson({ activeOnly: true, source: null }, 'asc', window));
  });

  route.get('/assertions/unsourced/tally', {
    config: { humanOnly: false },
    schema: { summary: 'Sourcing tally of active claims: sourced + needs_source = total', tags: ['assertions'], response: { 200: SourcingTally } },
  }, async (request) => request.diScope.cradle.assertionsService.tally());

  route.get('/sources/:id/cited-by', {
    config: { humanOnly: false },
    schema: {
      summary: 'Claims that cite a source, oldest first (any persona, any status)',
      tags: ['sources', 'assertions'],
      params: SourceParams,
      querystring: PagingOnlyQuery,
      response: { 200: AssertionPage },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const assertions = request.diScope.cradle.assertionsService;
    assertions.requireSource(request.params.id);
    const window = app.kernel.paging.open<ClaimKey>(`sources.cited-by:${request.params.id}`, request.query, SPEC_LIST_LIMITS);
    return sendJson(reply, assertions.pageJson({ source: request.params.id }, 'asc', window));
  });
}
