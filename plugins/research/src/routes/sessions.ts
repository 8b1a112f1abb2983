import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { CurrentSession, SessionSummary, StartSessionBody } from '../schemas/sessions.js';
import { IdParams } from '../schemas/common.js';
import { ResearchProblems } from '../errors.js';

const tags = ['research'];

const SUMMARY =
  'A summary: the active log entries logged in the session (by kind, the first 100 ids, and how many were retracted since), the claims its credential captured while it was open ' +
  'with their review state now (`removed` when undone), and the time spent (start to end, or to now while open).';

/** `POST {P}/research/sessions`, `POST {P}/research/sessions/{id}/end`, `GET {P}/sessions/current`, `GET {P}/sessions/{id}`. */
export async function sessionRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/research/sessions', {
    config: { humanOnly: false },
    schema: {
      summary: 'Start a research session',
      description:
        'A credential has one open session at a time: starting another ends the open one (`end_reason: superseded`). While it is open, log entries the credential writes without `session` join it ' +
        'and the claims it captures are counted in it. `question` must exist (404); `assignment` must exist (404), not be withdrawn (409 `assignment-withdrawn`) and belong to `question` when both are given ' +
        `(422 \`assignment-other-question\`). ${SUMMARY}`,
      tags,
      body: StartSessionBody,
      response: { 200: SessionSummary },
      'x-problems': [404, 409, 422],
    },
  }, async (request) => request.diScope.cradle.researchSessionsService.start(request.actor, request.body));

  route.post('/research/sessions/:id/end', {
    config: { humanOnly: false },
    schema: {
      summary: 'End a research session',
      description: `Anyone may end a session (the human may end an assistant's stale one). Ending an ended session changes nothing and answers its summary. ${SUMMARY}`,
      tags,
      params: IdParams,
      response: { 200: SessionSummary },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.researchSessionsService.end(request.actor, request.params.id));

  route.get('/sessions/current', {
    config: { humanOnly: false },
    schema: {
      summary: 'The open research session of the calling credential',
      description: `\`null\` when the caller has no open session. ${SUMMARY}`,
      tags,
      response: { 200: CurrentSession },
    },
  }, async (request) => request.diScope.cradle.researchSessionsService.current(request.actor));

  route.get('/sessions/:id', {
    config: { humanOnly: false },
    schema: { summary: 'What happened in a research session', description: SUMMARY, tags, params: IdParams, response: { 200: SessionSummary }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.researchSessionsService.summary(request.params.id) ?? Promise.reject(ResearchProblems.sessionNotFound(request.params.id)));
}
