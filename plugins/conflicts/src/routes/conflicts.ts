import type { FastifyInstance } from 'fastify';
import { LIST_LIMITS, Problems, type TypeBoxTypeProvider } from '@rootline/kernel';
import { ConflictDto, ConflictPage, ConflictParams, ConflictsQuery, ResolutionBody, WithdrawalBody } from '../schemas.js';
import { ConflictProblems } from '../errors.js';
import { conflictsForReader } from '../reader.js';

const FOUND =
  'Conflicts are found, not created: the service opens one for each pair of standing claims (pending, deferred, confirmed) of one ' +
  'single-valued kind (birth, christening, baptism, death, burial, cremation, sex) about one persona, or about two personas concluded ' +
  'into one person, whose dates, places or values cannot both be true (dates compared as GEDCOM date ranges with ABT ±3, EST ±3, ' +
  'CAL ±2 years of slack; a place agrees with a more precise place of the same hierarchy). It withdraws an open one itself when a ' +
  'claim stops standing (refuted, superseded, fabricated, removed) or the personas stop being one person (split, retract).';

/**
 * `GET {P}/conflicts`, `GET {P}/conflicts/{id}`, `POST {P}/conflicts/{id}/resolution` and
 * `POST {P}/conflicts/{id}/withdrawal` (both human only: settling a dispute over the evidence is
 * the researcher's call; an agent may write the proof argument that the human then applies).
 */
export async function conflictsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/conflicts', {
    config: { humanOnly: false },
    schema: {
      summary: 'Conflicts of the tree, a persona or a person, oldest first',
      description:
        `${FOUND} Filters: \`persona\` (the conflicts naming it), \`person\` (those naming it plus those naming any persona it concludes over), ` +
        'neither (the whole tree), not both (400); `open_only=true` keeps open ones. Limit 1-200 (default 50), clamped.',
      tags: ['conflicts'],
      querystring: ConflictsQuery,
      response: { 200: ConflictPage },
      'x-problems': [404],
    },
  }, async (request) => {
    const { query } = request;
    if (query.persona !== undefined && query.person !== undefined) {
      const message = 'give persona or person, not both';
      throw Problems.validationFailed('Filter by persona or by person, not both', { errors: [{ location: 'query', name: 'person', message }] });
    }
    const window = app.kernel.paging.open<string>('conflicts', query, LIST_LIMITS);
    const page = request.diScope.cradle.conflictsService.page(query, window);
    return { ...page, items: conflictsForReader(app, request, page.items) };
  });

  route.get('/conflicts/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one conflict', description: FOUND, tags: ['conflicts'], params: ConflictParams, response: { 200: ConflictDto }, 'x-problems': [404] },
  }, async (request) => {
    const conflict = request.diScope.cradle.conflictsService.get(request.params.id);
    if (!conflict) throw ConflictProblems.conflictNotFound(request.params.id);
    return conflictsForReader(app, request, [conflict])[0];
  });

  route.post('/conflicts/:id/resolution', {
    config: { humanOnly: true },
    schema: {
      summary: 'Resolve an open conflict by a proof argument (human only)',
      description:
        'The proof argument decides which claim the evidence supports; `outcome` says what it concluded. 404 `not-found` for an unknown ' +
        'conflict or proof argument (checked in that order, nothing written); 409 `already-settled` for a conflict already resolved or ' +
        'withdrawn. Records `conflict.resolved.v1`. The claims keep their statuses: refute or supersede the one the argument rejects ' +
        'separately. Agents get 403 `human-token-required`; they may write the proof argument.',
      tags: ['conflicts'],
      params: ConflictParams,
      body: ResolutionBody,
      response: { 200: ConflictDto },
      'x-problems': [404, 409],
    },
  }, async (request) => conflictsForReader(app, request, [request.diScope.cradle.conflictsService.resolve(request.actor, request.params.id, request.body)])[0]);

  route.post('/conflicts/:id/withdrawal', {
    config: { humanOnly: true },
    schema: {
      summary: 'Withdraw an open conflict that was never a dispute (human only)',
      description:
        'For two claims that are both true after all (a reburial, a second baptism). The pair is remembered: the same two claims never ' +
        'open a conflict again. 404 `not-found` for an unknown conflict; 409 `already-settled` when it is resolved or withdrawn already. ' +
        'Records `conflict.withdrawn.v1` with `automatic: false`. Agents get 403 `human-token-required`.',
      tags: ['conflicts'],
      params: ConflictParams,
      body: WithdrawalBody,
      response: { 200: ConflictDto },
      'x-problems': [404, 409],
    },
  }, async (request) => conflictsForReader(app, request, [request.diScope.cradle.conflictsService.withdraw(request.actor, request.params.id, request.body.reason)])[0]);
}
