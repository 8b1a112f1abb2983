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
      description: 'Fields left out of `replacement` are copied from the claim. The human\'s replacement stands confirmed and the claim becomes superseded at once; so does an agent\'s replacement of a pending or deferred claim (the replacement is pending). An agent cannot overturn a confirmed claim: its replacement is filed pending, in the pending lane, with `replaces` naming the claim, which stays confirmed (`superseded: false`) until the human confirms the replacement (confirm or bulk-confirm); then the claim becomes superseded by it in the same transaction. Refuting the replacement leaves the claim confirmed. An agent\'s attach-evidence-and-confirm cannot confirm such a replacement (403 human-token-required).',
      tags: ['assertions'],
      params: AssertionParams,
      body: SupersedeBody,
      response: { 200: SupersedeResult },
      'x-problems': [404, 422],
    },
  }, async (request) => {
    const assertions = request.diScope.cradle.assertionsService;
    const replacement = assertions.supersede(request.actor, request.params.id, request.body.replacement);
    return { ok: true as const, replacement, superseded: assertions.get(request.params.id)?.status === 'superseded' };
  });
}
