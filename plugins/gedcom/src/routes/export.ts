import type { FastifyInstance } from 'fastify';
import { Problems, type TypeBoxTypeProvider } from '@rootline/kernel';
import { ExportBody, ExportStarted } from '../export/schemas.js';
import { exportJob } from '../export/run-export.js';

/**
 * `POST {P}/gedcom/export` `{ version, include_living?, gedzip? }` -> 202, the export job.
 * Open to agents: the file holds what an agent may read anyway (living persons withheld,
 * redacted values never written, whoever asks). Writing living persons is the human's call:
 * an agent asking for `include_living: true` is refused with 403 `human-token-required`.
 */
export const exportRoutes = (appVersion: string) => async function exportRoute(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/gedcom/export', {
    config: { humanOnly: false },
    schema: {
      summary: 'Export the tree as GEDCOM 7.0 or 5.5.1 (or a GEDZIP), as a background job',
      description:
        'Answers 202 with the job. Its `result` holds `blob` (the file: GET {P}/blobs/sha256:<blob>), `report_id` (GET .../gedcom/loss-reports?report_id=: ' +
        'what the version cannot hold), `counts`, `size_bytes` and `media_type`. Living persons are left out unless `include_living: true` (human token only: 403 ' +
        '`human-token-required` for an agent); families keep their other members. Redacted values are never written. Only confirmed claims are written.',
      tags: ['gedcom'],
      body: ExportBody,
      response: { 202: ExportStarted },
      'x-problems': [403],
    },
  }, async (request, reply) => {
    const body = request.body;
    if (body.include_living && request.actor.kind !== 'human') {
      throw Problems.humanTokenRequired('Writing living persons into a file is the human\'s decision: export without include_living, or ask the human');
    }
    const job = request.diScope.cradle.jobsService.start(
      exportJob({ version: body.version, includeLiving: body.include_living ?? false, gedzip: body.gedzip ?? false, appVersion }),
    );
    return reply.code(202).send(job);
  });
};
