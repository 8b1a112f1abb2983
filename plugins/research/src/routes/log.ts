import type { FastifyInstance } from 'fastify';
import { Problems, type TypeBoxTypeProvider } from '@rootline/kernel';
import { CaptureBody, CorrectBody, DetailsBody, EntriesQuery, EntryDto, EntryPage, LogBody, LogLines, LogQuery, NegativeBody, RetractBody } from '../schemas/log.js';
import { IdParams } from '../schemas/common.js';
import { ResearchProblems } from '../errors.js';

const tags = ['research'];

const CHECKS =
  'Every id given must exist (404, nothing written): question, personas, sources, evidence source, citation and blob, searched source; `session` must be open (404 unknown, 409 `session-ended`). ' +
  'Without `session` the entry joins the caller\'s open session, if any.';
const ANCHOR = 'Without `question` the entry goes to an entry anchor: "General research: <person>" of the first persona concluded into a person, else the tree\'s "General research".';

/**
 * `POST {P}/research/log`, `GET {P}/research/log?question=` (lines), `POST .../capture`,
 * `POST .../negative-evidence`, `GET {P}/research/log/entries`, `GET {P}/research/log/{id}`,
 * `POST .../details`, `PUT .../text`, `POST .../retract`.
 */
export async function logRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/research/log', {
    config: { humanOnly: false },
    schema: { summary: 'Log research done for a question', description: CHECKS, tags, body: LogBody, response: { 200: EntryDto }, 'x-problems': [404, 409] },
  }, async (request) => request.diScope.cradle.researchLogService.log(request.actor, request.body));

  route.get('/research/log', {
    config: { humanOnly: false },
    schema: {
      summary: 'The log of a question as lines of text',
      description: 'One line per active entry, oldest first: `YYYY-MM-DD — text` (the UTC date it was logged; the text as corrected); negative evidence reads `YYYY-MM-DD — Searched, found nothing: text`; details follow, each as ` — detail`. Retracted entries are left out. An unknown question is 404.',
      tags,
      querystring: LogQuery,
      response: { 200: LogLines },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchLogService.lines(request.query.question));

  route.post('/research/log/capture', {
    config: { humanOnly: false },
    schema: {
      summary: 'Capture a log entry with its evidence',
      description: `\`evidence\` names at least one of a source, a citation and an uploaded blob. ${ANCHOR} ${CHECKS}`,
      tags,
      body: CaptureBody,
      response: { 200: EntryDto },
      'x-problems': [404, 409],
    },
  }, async (request) => request.diScope.cradle.researchLogService.capture(request.actor, request.body));

  route.post('/research/log/negative-evidence', {
    config: { humanOnly: false },
    schema: {
      summary: 'Log negative evidence: searched, found nothing',
      description: `Kept as evidence (\`kind: negative\`), not as a failure: it counts for coverage and tells the next researcher the lead was run down. ${ANCHOR} ${CHECKS}`,
      tags,
      body: NegativeBody,
      response: { 200: EntryDto },
      'x-problems': [404, 409],
    },
  }, async (request) => request.diScope.cradle.researchLogService.negative(request.actor, request.body));

  route.get('/research/log/entries', {
    config: { humanOnly: false },
    schema: {
      summary: 'Research log entries, filtered and paged',
      description:
        'Active entries only. Filters (before paging; `total` counts the matches): `question`, `session`, `persona` (entries about it), `source` (entries citing it, through `sources` or evidence, or searching it). ' +
        '`order`: `asc` (default, oldest first) or `desc`; anything else is 400 `invalid-order`. Limit 1-200 (default 50), clamped.',
      tags,
      querystring: EntriesQuery,
      response: { 200: EntryPage },
    },
  }, async (request) => {
    const { order = 'asc' } = request.query;
    if (order !== 'asc' && order !== 'desc') {
      throw Problems.invalidOrder(`Unknown order ${JSON.stringify(order)}: use asc or desc`, { errors: [{ location: 'query', name: 'order', message: 'must be asc or desc' }] });
    }
    const window = app.kernel.paging.open<string>('research-log-entries', request.query);
    return request.diScope.cradle.researchLogService.page(request.query, order, window);
  });

  route.get('/research/log/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one log entry (a retracted one too, with `status: retracted`)', tags, params: IdParams, response: { 200: EntryDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.researchLogService.get(request.params.id) ?? Promise.reject(ResearchProblems.entryNotFound(request.params.id)));

  route.post('/research/log/:id/details', {
    config: { humanOnly: false },
    schema: {
      summary: 'Append a detail to a log entry',
      description: 'Details are appended, never replaced. A retracted entry is 409 `log-entry-retracted`.',
      tags,
      params: IdParams,
      body: DetailsBody,
      response: { 200: EntryDto },
      'x-problems': [404, 409],
    },
  }, async (request) => request.diScope.cradle.researchLogService.addDetail(request.actor, request.params.id, request.body.text));

  route.put('/research/log/:id/text', {
    config: { humanOnly: false },
    schema: {
      summary: 'Correct the text of a log entry',
      description: 'The text it had goes into `corrections` with the reason, who and when: the history stays in the entry. A retracted entry is 409 `log-entry-retracted`.',
      tags,
      params: IdParams,
      body: CorrectBody,
      response: { 200: EntryDto },
      'x-problems': [404, 409],
    },
  }, async (request) => request.diScope.cradle.researchLogService.correct(request.actor, request.params.id, request.body.text, request.body.reason));

  route.post('/research/log/:id/retract', {
    config: { humanOnly: false },
    schema: {
      summary: 'Retract a log entry',
      description:
        'It leaves every active view: the lines, the entries list, coverage and session counts. Reading it still works (`status: retracted`, with when and why). Retracting it again changes nothing. Body optional.',
      tags,
      params: IdParams,
      body: RetractBody,
      response: { 200: EntryDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchLogService.retract(request.actor, request.params.id, request.body.reason));
}
