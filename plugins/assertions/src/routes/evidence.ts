import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { AssertionDto, AssertionParams, NoBody } from '../schemas/assertion.js';
import { AttachEvidenceBody } from '../schemas/evidence.js';

/** `attach-evidence` and `attach-evidence-and-confirm`. */
export async function evidenceRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/assertions/:id/attach-evidence', {
    config: { humanOnly: false },
    schema: {
      summary: 'Attach evidence to a claim (a blob, a URL, a citation or an offline record)',
      tags: ['assertions'],
      params: AssertionParams,
      body: AttachEvidenceBody,
      response: { 200: NoBody },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    request.diScope.cradle.assertionsService.attachEvidence(request.actor, request.params.id, request.body);
    return reply.code(200).send();
  });

  route.post('/assertions/:id/attach-evidence-and-confirm', {
    config: { humanOnly: false },
    schema: {
      summary: 'Attach real, followable evidence and confirm the claim (open to agents; offline records are refused)',
      description: 'Open to agents (CONTRACT §3), except for an agent\'s replacement of a confirmed claim (a claim with `replaces`): only the human may confirm that one, so an agent gets 403 human-token-required and nothing is written. Confirming a replacement supersedes the claim it replaces.',
      tags: ['assertions'],
      params: AssertionParams,
      body: AttachEvidenceBody,
      response: { 200: AssertionDto },
      'x-problems': [403, 404, 422],
    },
  }, async (request) => request.diScope.cradle.assertionsService.attachEvidenceAndConfirm(request.actor, request.params.id, request.body));
}
