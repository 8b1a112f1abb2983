import type { FastifyInstance } from 'fastify';
import { sendJson, SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { AssertionDto, AssertionParams, CaptureBody } from '../schemas/assertion.js';
import { AssertionPage, AssertionsQuery } from '../schemas/lists.js';
import { TranscriptionBody, TranscriptionResult } from '../schemas/transcription.js';
import { AssertionProblems } from '../errors.js';
import { listOrder } from '../list-order.js';
import type { ClaimKey } from '../queries.js';

/** `GET {P}/assertions`, `POST {P}/assertions/capture`, `POST {P}/assertions/transcription-claim`, `GET {P}/assertions/{id}`. */
export async function assertionsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/assertions', {
    config: { humanOnly: false },
    schema: {
      summary: "A persona's claims, oldest first (filters apply before paging)",
      tags: ['assertions'],
      querystring: AssertionsQuery,
      response: { 200: AssertionPage },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const { query } = request;
    const order = listOrder(query);
    const assertions = request.diScope.cradle.assertionsService;
    assertions.requirePersona(query.persona);
    const window = app.kernel.paging.open<ClaimKey>('assertions', query, SPEC_LIST_LIMITS);
    const filter = { persona: query.persona, kind: query.kind, status: query.state, source: query.source };
    return sendJson(reply, assertions.pageJson(filter, order, window));
  });

  route.post('/assertions/capture', {
    config: { humanOnly: false },
    schema: {
      summary: 'Capture a claim about a persona (an agent\'s starts pending, the human\'s confirmed)',
      tags: ['assertions'],
      body: CaptureBody,
      response: { 200: AssertionDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.assertionsService.capture(request.actor, request.body));

  route.post('/assertions/transcription-claim', {
    config: { humanOnly: false },
    schema: {
      summary: 'Claim what a transcribed record says: creates its personas and their claims, citing the source',
      tags: ['assertions'],
      body: TranscriptionBody,
      response: { 200: TranscriptionResult },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.assertionsService.transcribe(request.actor, request.body));

  route.get('/assertions/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one claim with its evidence', tags: ['assertions'], params: AssertionParams, response: { 200: AssertionDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.assertionsService.get(request.params.id) ?? Promise.reject(AssertionProblems.assertionNotFound(request.params.id)));
}
