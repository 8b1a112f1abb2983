import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { AssociationIdDto, RecordAssociationBody } from '../schemas.js';

/** `POST {P}/associations`. */
export async function associationsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/associations', {
    config: { humanOnly: false },
    schema: {
      summary: 'Record an association: `to` is `role` to `from` (godparent, witness, neighbour, ...)',
      tags: ['associations'],
      body: RecordAssociationBody,
      response: { 201: AssociationIdDto },
      'x-problems': [404, 422],
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.associationsService.record(request.actor, request.body)));
}
