import type { FastifyInstance } from 'fastify';
import { Problems, type TypeBoxTypeProvider } from '@rootline/kernel';
import { AddItemBody, AssignmentDto, DeletedResponse, ItemDescriptionBody, ItemDoneBody, PlanDto, PlanItemDto, ReorderBody } from '../schemas/plans.js';
import { IdParams } from '../schemas/common.js';
import { ResearchProblems } from '../errors.js';

const tags = ['research'];

/**
 * `GET {P}/research/questions/{id}/plan`, `POST .../plan/items`, `PUT {P}/research/plan-items/{id}/description`,
 * `PUT .../done`, `POST .../reorder`, `DELETE {P}/research/plan-items/{id}`, `GET {P}/assignments/{id}`.
 */
export async function planRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/research/questions/:id/plan', {
    config: { humanOnly: false },
    schema: { summary: 'The plan of a research question, in order', tags, params: IdParams, response: { 200: PlanDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.researchPlansService.plan(request.params.id));

  route.post('/research/questions/:id/plan/items', {
    config: { humanOnly: false },
    schema: {
      summary: 'Add an item at the end of a plan',
      description:
        '`assignee` gives the item to an assistant: an agent credential id (`rootline agent list`), which must name a live agent credential: an unknown id, a revoked agent\'s or the human\'s ' +
        'is 404 `not-found` (entity `agent credential`), nothing written. The item then carries `assignment` (GET /assignments/{id}).',
      tags,
      params: IdParams,
      body: AddItemBody,
      response: { 200: PlanItemDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchPlansService.add(request.actor, request.params.id, request.body));

  route.put('/research/plan-items/:id/description', {
    config: { humanOnly: false },
    schema: { summary: 'Reword a plan item', tags, params: IdParams, body: ItemDescriptionBody, response: { 200: PlanItemDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.researchPlansService.setDescription(request.actor, request.params.id, request.body.description));

  route.put('/research/plan-items/:id/done', {
    config: { humanOnly: false },
    schema: {
      summary: 'Mark a plan item done or not done',
      description: 'Setting the state it already has is a 200 that changes and records nothing. A deleted item is 404.',
      tags,
      params: IdParams,
      body: ItemDoneBody,
      response: { 200: PlanItemDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchPlansService.setDone(request.actor, request.params.id, request.body.done));

  route.post('/research/plan-items/:id/reorder', {
    config: { humanOnly: false },
    schema: {
      summary: 'Move a plan item before or after another item of its plan',
      description:
        'Exactly one of `before` and `after` (else 400 `validation-failed`). The other item must exist and not be deleted (404), be of the same plan (422 `plan-item-other-plan`) ' +
        'and not be the item itself (422 `plan-item-self`). Answers the whole plan. Reorders arriving together are applied one after the other, each on the order the previous one left.',
      tags,
      params: IdParams,
      body: ReorderBody,
      response: { 200: PlanDto },
      'x-problems': [404, 422],
    },
  }, async (request) => {
    const { before, after } = request.body;
    if ((before === undefined) === (after === undefined)) {
      throw Problems.validationFailed('Give exactly one of before and after', { errors: [{ location: 'body', name: before === undefined ? 'before' : 'after', message: 'give exactly one of before and after' }] });
    }
    return request.diScope.cradle.researchPlansService.reorder(request.actor, request.params.id, before !== undefined ? { before } : { after: after! });
  });

  route.delete('/research/plan-items/:id', {
    config: { humanOnly: false },
    schema: {
      summary: 'Delete a plan item',
      description: 'It leaves the plan (and the plan\'s progress); an assignment of it reads as `withdrawn`. Deleting it again is 404.',
      tags,
      params: IdParams,
      response: { 200: DeletedResponse },
      'x-problems': [404],
    },
  }, async (request) => {
    request.diScope.cradle.researchPlansService.remove(request.actor, request.params.id);
    return { ok: true as const };
  });

  route.get('/assignments/:id', {
    config: { humanOnly: false },
    schema: {
      summary: 'An assignment: its plan item, question, state and the sessions that worked on it',
      description: 'State: `open` while the item is not done, `done`, `withdrawn` once the item was deleted. Sessions are those started with `assignment` set.',
      tags,
      params: IdParams,
      response: { 200: AssignmentDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchPlansService.assignment(request.params.id) ?? Promise.reject(ResearchProblems.assignmentNotFound(request.params.id)));
}
