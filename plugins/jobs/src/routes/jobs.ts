import type { FastifyInstance } from 'fastify';
import { Page, SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { JobDto, JobParams, JobsQuery } from '../schemas.js';
import { JobProblems } from '../errors.js';

/** `GET {P}/jobs`, `GET {P}/jobs/{id}`, `POST {P}/jobs/{id}/cancel`. */
export async function jobsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/jobs', {
    config: { humanOnly: false },
    schema: {
      summary: 'Background jobs of the tree, newest first',
      description: 'Filters `kind` and `state` apply before paging. `limit` is clamped to 1..500 (default 100).',
      tags: ['jobs'],
      querystring: JobsQuery,
      response: { 200: Page(JobDto) },
    },
  }, async (request) => {
    const { kind, state } = request.query;
    const jobs = request.diScope.cradle.jobsService;
    const window = app.kernel.paging.open<string>('jobs', request.query, SPEC_LIST_LIMITS);
    return window.read((before, take) => jobs.page({ kind, state }, before, take), () => jobs.count({ kind, state }), (job) => job.job_id);
  });

  route.get('/jobs/:id', {
    config: { humanOnly: false },
    schema: { summary: 'One job: its state, progress, and result or error', tags: ['jobs'], params: JobParams, response: { 200: JobDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.jobsService.get(request.params.id) ?? Promise.reject(JobProblems.jobNotFound(request.params.id)));

  route.post('/jobs/:id/cancel', {
    config: { humanOnly: false },
    schema: {
      summary: 'Ask a job to stop',
      description: 'A queued job is `cancelled` at once; a running one becomes `cancelling`, then `cancelled` once its work has stopped and what it wrote is removed. '
        + 'Asking again while it stops changes nothing. A finished job: 409 `job-not-cancellable`. '
        + 'An agent may cancel only the jobs its own credential started (else 403 `not-your-job`); the human may cancel any.',
      tags: ['jobs'],
      params: JobParams,
      response: { 202: JobDto },
      'x-problems': [403, 404, 409],
    },
  }, async (request, reply) => reply.code(202).send(request.diScope.cradle.jobsService.cancel(request.params.id)));
}
