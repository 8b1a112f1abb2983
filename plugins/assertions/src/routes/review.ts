import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { AssertionParams, NoBody, SupersedeBody, SupersedeResult } from '../schemas/assertion.js';
import type { Review } from '../states.js';

const REVIEWS: { path: string; review: Exclude<Review, 'supersede' | 'defer' | 'undefer'>; summary: string }[] = [
  { path: 'confirm', review: 'confirm', summary: 'Confirm a pending or deferred claim (human only)' },
  { path: 'refute', review: 'refute', summary: 'Refute a claim that still stands (human only)' },
  { path: 'mark-fabricated', review: 'mark-fabricated', summary: 'Mark an agent-proposed claim as fabricated (human only)' },
];

/** The human's verdicts on a claim, and supersede. Each answers 200; repeating a verdict changes nothing. */
export async function reviewRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  for (const { path, review, summary } of REVIEWS) {
    route.post(`/assertions/:id/${path}`, {
      config: { humanOnly: true },
      schema: { summary, tags: ['assertions'], params: AssertionParams, response: { 200: NoBody }, 'x-problems': [404, 422] },
    }, async (request, reply) => {
      request.diScope.cradle.assertionsService.review(request.actor, request.params.id, review);
      return reply.code(200).send();
    });
  }

  route.post('/assertions/:id/supersede', {
    config: { humanOnly: false },
    schema: {
      summary: 'Replace a standing claim by a corrected one; the old one becomes superseded',
      tags: ['assertions'],
      params: AssertionParams,
      body: SupersedeBody,
      response: { 200: SupersedeResult },
      'x-problems': [404, 422],
    },
  }, async (request) => ({ ok: true as const, replacement: request.diScope.cradle.assertionsService.supersede(request.actor, request.params.id, request.body.replacement) }));
}
