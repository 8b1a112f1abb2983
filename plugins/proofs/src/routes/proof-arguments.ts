import type { FastifyInstance } from 'fastify';
import { LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { CreateProofArgumentBody, ProofArgumentDetail, ProofArgumentDto, ProofArgumentPage, ProofArgumentParams, ProofArgumentsQuery } from '../schemas.js';
import { ProofProblems } from '../errors.js';
import { forReader } from '../reader.js';

const QUESTION_UNCHECKED = '`question` must be a research question of this tree, else 404 `not-found` (`entity: research question`), nothing written; the research plugin is asked by name (it depends on this plugin), and a server built without it stores the id as given.';

/** `POST {P}/proof-arguments`, `GET {P}/proof-arguments?question=`, `GET {P}/proof-arguments/{id}`. */
export async function proofArgumentsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/proof-arguments', {
    config: { humanOnly: false },
    schema: {
      summary: 'Write a proof argument weighing claims',
      description:
        'Every claim in `assertions` must exist: an unknown one is 404 `not-found` (naming it) and nothing is written. A claim given twice is ' +
        'kept once, where it first appears. An agent may write one; the model it reports in `x-proposer-model` is kept as `proposer`. ' +
        QUESTION_UNCHECKED,
      tags: ['proof-arguments'],
      body: CreateProofArgumentBody,
      response: { 201: ProofArgumentDto },
      'x-problems': [404],
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.proofArgumentsService.create(request.actor, request.body)));

  route.get('/proof-arguments', {
    config: { humanOnly: false },
    schema: {
      summary: 'Proof arguments, oldest first, optionally of one research question',
      description: '`question` keeps the arguments answering that research question (before paging, so `total` counts the matches). `limit` is clamped to 1..200 (default 50).',
      tags: ['proof-arguments'],
      querystring: ProofArgumentsQuery,
      response: { 200: ProofArgumentPage },
    },
  }, async (request) =>
    request.diScope.cradle.proofArgumentsService.list({ question: request.query.question }, app.kernel.paging.open<string>('proof-arguments', request.query, LIST_LIMITS)));

  route.get('/proof-arguments/:id', {
    config: { humanOnly: false },
    schema: {
      summary: 'A proof argument with the claims it weighs',
      description: 'Each claim as it stands now, with its source\'s title and its citation\'s first reference note; a claim removed from the tree since reads `status: "removed"`.',
      tags: ['proof-arguments'],
      params: ProofArgumentParams,
      response: { 200: ProofArgumentDetail },
      'x-problems': [404],
    },
  }, async (request) => {
    const argument = request.diScope.cradle.proofArgumentsService.get(request.params.id);
    if (!argument) throw ProofProblems.proofArgumentNotFound(request.params.id);
    return forReader(app, request, argument);
  });
}
