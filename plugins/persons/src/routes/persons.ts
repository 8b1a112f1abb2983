import type { FastifyInstance } from 'fastify';
import { SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { ConcludeBody, LivingStatusBody, MergeBody, MergedPerson, PersonDto, PersonPage, PersonParams, PersonsQuery, RetractBody, RetractResult, SplitBody, SplitResult } from '../schemas.js';
import { PersonProblems } from '../errors.js';
import { listOrder, type SortKey } from '../list.js';
import { answerMerged } from './merged.js';
import type { SearchKey } from '../search.js';

/**
 * `POST|GET {P}/persons`, `GET {P}/persons/{id}`, `PUT {P}/persons/{id}/living-status` (human only),
 * `POST {P}/persons/{id}/retract`, `POST {P}/persons/{id}/split`.
 */
export async function personsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/persons', {
    config: { humanOnly: false },
    schema: {
      summary: 'Conclude that a set of personas is one person',
      description: 'Birth and death summaries come from the personas\' birth, baptism, christening, death and burial claims (confirmed first, then pending, flagged). An unknown persona is 404; a persona already in an active person is 409 `persona-already-concluded`.',
      tags: ['persons'],
      body: ConcludeBody,
      response: { 201: PersonDto },
      'x-problems': [404, 409],
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.personsService.conclude(request.actor, request.body.personas)));

  route.get('/persons', {
    config: { humanOnly: false },
    schema: {
      summary: 'Active persons: a name search, or every person in a sort order',
      description: 'With `q`: persons whose names (any piece of any persona; accents and case ignored) have words starting with every word of `q` come first, then persons whose names contain them anywhere, each by relevance (bm25), then id; `sort` and `order` are checked but ignored. Without `q`: `sort` = `name` (default), `surname`, `birth`, `updated`, `order` = `asc` (default) or `desc`, applied before paging; persons without a surname or birth come last in either order.',
      tags: ['persons'],
      querystring: PersonsQuery,
      response: { 200: PersonPage },
    },
  }, async (request) => {
    const order = listOrder(request.query);
    const window = app.kernel.paging.open<SortKey | SearchKey>('persons', request.query, SPEC_LIST_LIMITS);
    return request.diScope.cradle.personsService.page(request.query, order, window);
  });

  route.get('/persons/:id', {
    config: { humanOnly: false },
    schema: {
      summary: 'Read one person',
      description: 'A person merged into another answers 307 with `Location` set to the survivor on the same mount (a client that follows redirects reads the survivor, whose `id` differs) and a body naming it; a retracted or unknown person is 404.',
      tags: ['persons'],
      params: PersonParams,
      response: { 200: PersonDto, 307: MergedPerson },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const { personsService } = request.diScope.cradle;
    const person = personsService.get(request.params.id);
    if (person) return person;
    const survivor = personsService.survivorOf(request.params.id);
    if (survivor === null) throw PersonProblems.personNotFound(request.params.id);
    return answerMerged(request, reply, request.params.id, survivor);
  });

  route.post('/persons/merge', {
    config: { humanOnly: true },
    schema: {
      summary: 'Merge two persons into one (human only)',
      description: 'The survivor gains the merged person\'s personas (names, claims and summaries follow), its relationships (edges rewired; an edge the survivor already has is folded into it), its event participations, associations, notes and redactions. The merged person points to the survivor: reading it answers 307. Reversible: `POST /persons/{survivor}/split` with exactly the personas the merged person brought revives it under its own id with everything it had. Refused, with nothing written: the same person twice 422 `merge-self`; an unknown, retracted or already merged person 404; persons of which one descends from the other 422 `relationship-cycle`. An assistant proposes a merge instead (`POST /proposals`); the human approves it.',
      tags: ['persons'],
      body: MergeBody,
      response: { 200: PersonDto },
      'x-problems': [404, 422],
    },
  }, async (request) => request.diScope.cradle.personsService.merge(request.actor, request.body.survivor, request.body.merged));

  route.put('/persons/:id/living-status', {
    config: { humanOnly: true },
    schema: {
      summary: 'Override whether a person is living (human only)',
      description: '`living: true|false` overrides the derived status; `null` goes back to it. Derived: living when no death or burial claim stands and the birth year is unknown or at most 110 years ago.',
      tags: ['persons'],
      params: PersonParams,
      body: LivingStatusBody,
      response: { 200: PersonDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.personsService.setLiving(request.actor, request.params.id, request.body.living, request.body.reason));

  route.post('/persons/:id/retract', {
    config: { humanOnly: false },
    schema: {
      summary: 'Retract a mistaken conclusion',
      description: 'The person leaves every view (lists, search, pedigree, labels; reading it is 404) and its personas are free to be concluded again. The record of the conclusion and of the retraction stay.',
      tags: ['persons'],
      params: PersonParams,
      body: RetractBody,
      response: { 200: RetractResult },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.personsService.retract(request.actor, request.params.id, request.body.reason));

  route.post('/persons/:id/split', {
    config: { humanOnly: false },
    schema: {
      summary: 'Split personas away into a new person',
      description: '`personas` must be a strict, non-empty subset of the person\'s personas (else 422 `invalid-split`). Both persons are derived again from their personas.',
      tags: ['persons'],
      params: PersonParams,
      body: SplitBody,
      response: { 200: SplitResult },
      'x-problems': [404, 422],
    },
  }, async (request) => request.diScope.cradle.personsService.split(request.actor, request.params.id, request.body.personas));
}
