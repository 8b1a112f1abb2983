import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { RedactionBody, RedactionDto } from '../schemas.js';

/** `POST {P}/redactions`. */
export async function redactionsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/redactions', {
    // Open to agents (CONTRACT §3 does not list it): a redaction only ever hides more from agents.
    config: { humanOnly: false },
    schema: {
      summary: 'Hide a field of an entity (or all of it) from agent credentials',
      description:
        'From now on, in every JSON reply to an agent, an object whose `id` is the target has `field` (without `field`: every field ' +
        'but `id`) replaced by "[redacted]"; the human reads the values and the object carries `redacted: [fields]`. The target must ' +
        'be a person, persona, source, event, assertion, relationship, note or media object of this tree (else 404). The same target and field again ' +
        'answers 200 with the redaction there is and writes nothing.',
      tags: ['redactions'],
      body: RedactionBody,
      response: { 200: RedactionDto, 201: RedactionDto },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const { redaction, created } = request.diScope.cradle.redactionsService.create(request.actor, request.body);
    return reply.code(created ? 201 : 200).send(redaction);
  });
}
