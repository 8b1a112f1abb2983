import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { LossReportDto, LossReportQuery } from '../schemas.js';
import { GedcomProblems } from '../errors.js';

/**
 * `GET {P}/gedcom/loss-reports?report_id=`: one loss report (an import's or an export's).
 * Without `report_id`, the newest report: what a user who just imported or exported wants;
 * 404 when the tree has none yet. Open to agents.
 */
export async function lossReportRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/gedcom/loss-reports', {
    config: { humanOnly: false },
    schema: {
      summary: 'What an import could not map, or an export could not write',
      tags: ['gedcom'],
      querystring: LossReportQuery,
      response: { 200: LossReportDto },
      'x-problems': [404],
    },
  }, async (request) => {
    const reports = request.diScope.cradle.gedcomLossReports;
    const id = request.query.report_id;
    const report = id ? reports.get(id) : reports.newest();
    if (!report) throw GedcomProblems.reportNotFound(id ?? '(none yet)');
    return report;
  });
}
