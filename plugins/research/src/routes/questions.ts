import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { AnchorBody, AnchorResult, CloseBody, CreateQuestionBody, QuestionDto, QuestionPage, QuestionsQuery, QuestionSubjectsBody, QuestionTextBody } from '../schemas/questions.js';
import { ConfirmCoverageBody, CoverageDto } from '../schemas/coverage.js';
import { IdParams } from '../schemas/common.js';
import { ResearchProblems } from '../errors.js';

const tags = ['research'];

/**
 * `POST|GET {P}/research/questions`, `GET {P}/research/questions/{id}`, `PUT .../text`,
 * `PUT .../subjects`, `POST .../close`, `POST .../reopen` (human only), `GET .../coverage`,
 * `POST .../coverage-confirm`, `POST {P}/research/entry-anchors`.
 */
export async function questionRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/research/questions', {
    config: { humanOnly: false },
    schema: {
      summary: 'Ask a research question',
      description: 'Starts `open`. `subjects` are active persons of the tree (an unknown one is 404, nothing written).',
      tags,
      body: CreateQuestionBody,
      response: { 200: QuestionDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchService.create(request.actor, request.body));

  route.get('/research/questions', {
    config: { humanOnly: false },
    schema: {
      summary: 'Research questions, oldest first',
      description:
        'Filters (applied before paging, `total` counts the matches): `status` (`open` or `closed`), `subject_kind` (`person`, the only kind: questions with a subject person), ' +
        '`subject_id` (questions with this subject). Limit 1-200 (default 50), clamped.',
      tags,
      querystring: QuestionsQuery,
      response: { 200: QuestionPage },
    },
  }, async (request) => {
    const window = app.kernel.paging.open<string>('research-questions', request.query);
    return request.diScope.cradle.researchService.page(request.query, window);
  });

  route.get('/research/questions/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one research question', tags, params: IdParams, response: { 200: QuestionDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.researchService.get(request.params.id) ?? Promise.reject(ResearchProblems.questionNotFound(request.params.id)));

  route.put('/research/questions/:id/text', {
    config: { humanOnly: false },
    schema: { summary: 'Reword a research question', description: 'Open or closed alike.', tags, params: IdParams, body: QuestionTextBody, response: { 200: QuestionDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.researchService.setText(request.actor, request.params.id, request.body.text));

  route.put('/research/questions/:id/subjects', {
    config: { humanOnly: false },
    schema: {
      summary: 'Set the subject persons of a research question',
      description: 'Replaces them (an empty list clears them). Each must be an active person (404). A confirmed coverage is cleared: it was judged for other persons.',
      tags,
      params: IdParams,
      body: QuestionSubjectsBody,
      response: { 200: QuestionDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchService.setSubjects(request.actor, request.params.id, request.body.subjects));

  route.post('/research/questions/:id/close', {
    config: { humanOnly: false },
    schema: {
      summary: 'Close a research question, optionally with its answer and proof argument',
      description:
        'Body optional. `proof_argument` must exist (404) and must not name another question (422 `proof-argument-other-question`). ' +
        'Closing a closed question is 409 `question-already-closed` (nothing changes: the first answer stands; reopen it to answer again).',
      tags,
      params: IdParams,
      body: CloseBody,
      response: { 200: QuestionDto },
      'x-problems': [404, 409, 422],
    },
  }, async (request) => request.diScope.cradle.researchService.close(request.actor, request.params.id, request.body));

  route.post('/research/questions/:id/reopen', {
    config: { humanOnly: true },
    schema: {
      summary: 'Reopen a closed research question (human only)',
      description: 'Its answer and proof argument are cleared (the record of the closing keeps them). Reopening an open question is 409 `question-already-open`. An agent gets 403 `human-token-required`.',
      tags,
      params: IdParams,
      response: { 200: QuestionDto },
      'x-problems': [404, 409],
    },
  }, async (request) => request.diScope.cradle.researchService.reopen(request.actor, request.params.id));

  route.get('/research/questions/:id/coverage', {
    config: { humanOnly: false },
    schema: {
      summary: 'Search coverage of a research question',
      description:
        'For the subject persons: their places and years (birth and death summaries, standing claims). Searched record categories come from the question\'s active log entries: ' +
        '`searched.categories`, words of `searched.scope` ("census", "parish", "probate", ...), and the citation templates of the sources an entry cites or searched and of its evidence citation. ' +
        '`not_searched` lists the typical categories (census, vital, church, probate, land, military, newspapers, immigration, court, cemetery) no entry searched. ' +
        '`status` is `reasonably_exhaustive` once the researcher confirmed it (coverage-confirm) and until the subjects change, else `incomplete`.',
      tags,
      params: IdParams,
      response: { 200: CoverageDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchCoverageService.coverage(request.params.id));

  route.post('/research/questions/:id/coverage-confirm', {
    config: { humanOnly: false },
    schema: {
      summary: 'Confirm that the search was reasonably exhaustive',
      description: 'Records the researcher\'s judgment (who, when, an optional note); the coverage status becomes `reasonably_exhaustive`. Confirming again replaces the judgment. Body optional.',
      tags,
      params: IdParams,
      body: ConfirmCoverageBody,
      response: { 200: CoverageDto },
      'x-problems': [404],
    },
  }, async (request) => {
    const { researchService, researchCoverageService } = request.diScope.cradle;
    researchService.confirmCoverage(request.actor, request.params.id, request.body.note);
    return researchCoverageService.coverage(request.params.id);
  });

  route.post('/research/entry-anchors', {
    config: { humanOnly: false },
    schema: {
      summary: 'Find or create the container question for a write that answers no question',
      description:
        'With `subject` (an active person, else 404): the question "General research: <display name>" with that person as subject; without: the tree\'s one "General research". ' +
        'Made on the first call, found on every later one (also when calls arrive together): `created` says which. Log captures and negative evidence without `question` go to these.',
      tags,
      body: AnchorBody,
      response: { 200: AnchorResult },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchService.anchor(request.actor, request.body.subject));
}
