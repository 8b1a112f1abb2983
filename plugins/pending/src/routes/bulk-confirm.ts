import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { BulkConfirmBody, BulkConfirmResult } from '../schemas.js';
import { confirmBucket } from '../lane.js';
import { laneOf } from './pending.js';

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
    const lane = laneOf(request);
    const { body } = request;
    if ('ids' in body) return { results: lane.bulkConfirm(request.actor, body.ids) };
    return confirmBucket(lane, request.actor, body.bucket.group_by, body.bucket.key);
  });
}
