import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { ProjectState, ProjectStateQuery, Settled } from '../schemas.js';

/** `GET {P}/project/state` (the digest, with `since`) and `GET {P}/settled`. */
export async function projectRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/project/state', {
    config: { humanOnly: false },
    schema: {
      summary: 'Where the investigation stands: a bounded digest to read at the start of a session',
      description:
        'Open questions with plan progress, conflicts, the pending lane by proposer, recent research-log entries and recently changed persons, in at most 65,536 bytes (sections keep their newest items and say `more` when cut). The answer carries `cursor`; pass it back as `since` and every section shows only what changed after that answer: nothing twice, nothing missed, whatever was written in between. A `since` that is not a cursor of this tree is 400 `invalid-cursor`.',
      tags: ['research'],
      querystring: ProjectStateQuery,
      response: { 200: ProjectState },
      'x-problems': [400],
    },
  }, async (request) => request.diScope.cradle.projectStateService.digest(request.query.since, (value) => app.kernel.filterForReader(request, value)));

  route.get('/settled', {
    config: { humanOnly: false },
    schema: {
      summary: 'Settled knowledge and retired leads, so nobody researches them again',
      description:
        'Settled: conflicts resolved by a proof argument (with its conclusion), questions closed with their answers, claims the human confirmed. Retired: refuted claims, denied merges (remembered as not a match) and negative evidence (searched, found nothing). Each section shows at most 50 items, newest first, with `more` (and `total` where counted).',
      tags: ['research'],
      response: { 200: Settled },
    },
  }, async (request) => request.diScope.cradle.settledService.settled((value) => app.kernel.filterForReader(request, value)));
}
