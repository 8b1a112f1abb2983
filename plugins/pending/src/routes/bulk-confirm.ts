import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { BulkConfirmBody, BulkConfirmResult } from '../schemas.js';
import { confirmBucket } from '../lane.js';

/** `POST {P}/pending/bulk-confirm` (human only): by ids or by bucket, one transaction, an outcome per claim. */
export async function bulkConfirmRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/pending/bulk-confirm', {
    config: { humanOnly: true },
    schema: {
      summary: 'Confirm a batch of pending claims; says per claim what happened',
      tags: ['pending'],
      body: BulkConfirmBody,
      response: { 200: BulkConfirmResult },
    },
  }, async (request) => {
    const assertions = request.diScope.cradle.assertionsService;
    const { body } = request;
    if ('ids' in body) return { results: assertions.bulkConfirm(request.actor, body.ids) };
    return confirmBucket(assertions, request.actor, body.bucket.group_by, body.bucket.key);
  });
}
