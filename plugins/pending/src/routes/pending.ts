import type { FastifyInstance } from 'fastify';
import { Problems, SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import type { ClaimKey } from '@rootline/contracts/assertions';
import { Type } from '@sinclair/typebox';
import { NoBody, PendingBuckets, PendingPage, PendingParams, PendingQuery } from '../schemas.js';
import { laneBuckets, type LaneFilter } from '../lane.js';

/** `GET {P}/pending`, `POST {P}/pending/{id}/defer`, `POST {P}/pending/{id}/undefer`. */
export async function pendingRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/pending', {
    config: { humanOnly: false },
    schema: {
      summary: 'The review queue: agent-proposed claims awaiting the human, as a page or grouped into buckets',
      tags: ['pending'],
      querystring: PendingQuery,
      response: { 200: Type.Union([PendingPage, PendingBuckets]) },
    },
  }, async (request) => {
    const { query } = request;
    const assertions = request.diScope.cradle.assertionsService;
    const order = assertions.order(query);
    const filter: LaneFilter = { status: 'pending', source: query.source, proposer: query.proposer };
    // Before the window opens: a cursor given with group_by would otherwise be refused as a
    // cursor of another query (invalid-cursor), never with this reason.
    if (query.group_by && query.cursor !== undefined) throw Problems.validationFailed('Buckets come in one answer; cursor does not apply with group_by', { errors: [{ location: 'query', name: 'cursor', message: 'does not apply with group_by' }] });
    const window = app.kernel.paging.open<ClaimKey>('pending', query, SPEC_LIST_LIMITS);
    if (query.group_by) return laneBuckets(assertions, query.group_by, filter, order, window.limit);
    return assertions.page(filter, order, window);
  });

  for (const review of ['defer', 'undefer'] as const) {
    route.post(`/pending/:id/${review}`, {
      config: { humanOnly: false },
      schema: {
        summary: review === 'defer' ? 'Set a pending claim aside (deferred)' : 'Put a deferred claim back in the lane',
        tags: ['pending'],
        params: PendingParams,
        response: { 200: NoBody },
        'x-problems': [404, 422],
      },
    }, async (request, reply) => {
      request.diScope.cradle.assertionsService.review(request.actor, request.params.id, review);
      return reply.code(200).send();
    });
  }
}
