import type { FastifyInstance } from 'fastify';
import { SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { ApproveBody, CreateProposalBody, DenyBody, ProposalDto, ProposalPage, ProposalParams, ProposalsQuery } from '../schemas.js';
import { DuplicateProblems } from '../errors.js';

/**
 * `GET|POST {P}/proposals`, `GET {P}/proposals/{id}`, `POST {P}/proposals/{id}/approve` and
 * `/deny` (both human only).
 */
export async function proposalsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/proposals', {
    config: { humanOnly: false },
    schema: {
      summary: 'Merge proposals: the pending ones, oldest first',
      description: '`status` = `pending` (default), `approved`, `denied` or `withdrawn` (a person of the pair was retracted while it waited). `limit` default 100, clamped to 1..500.',
      tags: ['proposals'],
      querystring: ProposalsQuery,
      response: { 200: ProposalPage },
    },
  }, async (request) => {
    const window = app.kernel.paging.open<string>('proposals', request.query, SPEC_LIST_LIMITS);
    return request.diScope.cradle.duplicatesService.page(request.query.status ?? 'pending', window);
  });

  route.post('/proposals', {
    config: { humanOnly: false },
    schema: {
      summary: 'Propose that two persons are one (agents too)',
      description:
        'Starts `pending`; the human approves (the persons are merged) or denies (the pair is remembered as not a match). Refused, with nothing written: ' +
        'the same person twice 422 `same-person`; an unknown, retracted or merged person 404 `not-found`; a pair remembered as not a match 409 ' +
        '`known-not-a-match`; a pair that already has a pending proposal 409 `proposal-exists` (its id in `proposal`).',
      tags: ['proposals'],
      body: CreateProposalBody,
      response: { 200: ProposalDto },
      'x-problems': [404, 409, 422],
    },
  }, async (request) => request.diScope.cradle.duplicatesService.propose(request.actor, request.body));

  route.get('/proposals/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one proposal', tags: ['proposals'], params: ProposalParams, response: { 200: ProposalDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.duplicatesService.get(request.params.id) ?? Promise.reject(DuplicateProblems.proposalNotFound(request.params.id)));

  route.post('/proposals/:id/approve', {
    config: { humanOnly: true },
    schema: {
      summary: 'Approve a proposal: merge the two persons (human only)',
      description:
        'Merges the other person into the survivor (the first of `persons`, or `survivor`) through the persons plugin, in the same transaction, and ' +
        'answers the proposal `approved` with `merged_into`. Refused, with nothing written and the proposal still pending: not pending 409 ' +
        '`proposal-not-pending`; a survivor not of the pair 422 `survivor-not-in-proposal`; a pair remembered as not a match 409 `known-not-a-match`; ' +
        'a merge the persons plugin refuses (a person retracted or merged since: 404; a merge that would make a person their own ancestor: 422 ' +
        '`relationship-cycle`).',
      tags: ['proposals'],
      params: ProposalParams,
      body: ApproveBody,
      response: { 200: ProposalDto },
      'x-problems': [404, 409, 422],
    },
  }, async (request) => request.diScope.cradle.duplicatesService.approve(request.actor, request.params.id, request.body));

  route.post('/proposals/:id/deny', {
    config: { humanOnly: true },
    schema: {
      summary: 'Deny a proposal: the two are not one person (human only)',
      description:
        'The pair (in either order) is remembered as not a match, across restarts: it never comes back in duplicate-candidates (`person=` searches) ' +
        'and a new proposal for it is 409 `known-not-a-match`. Not pending 409 `proposal-not-pending`.',
      tags: ['proposals'],
      params: ProposalParams,
      body: DenyBody,
      response: { 200: ProposalDto },
      'x-problems': [404, 409],
    },
  }, async (request) => request.diScope.cradle.duplicatesService.deny(request.actor, request.params.id, request.body.reason));
}
