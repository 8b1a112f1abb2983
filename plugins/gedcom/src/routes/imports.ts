import type { FastifyInstance } from 'fastify';
import { Page, SPEC_LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { ImportKeyParams, ImportRunDto, RunsQuery, UndoBody } from '../schemas.js';
import type { RunKey } from '../runs.js';

/**
 * `POST {P}/imports/{import_key}/undo` (the human's, as importing is) and `GET {P}/imports`
 * (open: reading what was imported changes nothing).
 */
export async function importRunRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/imports/:import_key/undo', {
    config: { humanOnly: true },
    schema: {
      summary: 'Undo an import: everything the run created leaves every view',
      description: 'Persons are retracted; claims, personas, sources, citations, events, relationships, associations, notes and media the run created are removed, each removal recorded (tagged with the import_key). The same file can then be imported again. '
        + 'On a failed or cancelled run whose rows are still there (`removal_pending`), or a run left `running` by a job that has ended, it takes them away and answers the run as it ended (failed or cancelled). '
        + 'A run still running in its job (cancel it through the job), or failed or cancelled with nothing left: 409 `import-not-undoable`. '
        + 'Work made since that ties what the run created to anything else (a claim captured on one of its personas, a note or relationship on one of its persons, a merge of one of its persons with another, a redaction or question subject naming one) would be left pointing at nothing: 409 `import-in-use`, nothing changed, with `count` and the first 20 `changes` `{ seq, kind, entity_type, entity_id }` (records of `GET /audit`) to reverse or remove first. Changes only to what the run created (its claims confirmed, a living status set) go with it.',
      tags: ['gedcom'],
      params: ImportKeyParams,
      body: UndoBody,
      response: { 200: ImportRunDto },
      'x-problems': [404, 409],
    },
  }, async (request) => request.diScope.cradle.gedcomImports.undo(request.params.import_key, request.body.reason));

  route.get('/imports', {
    config: { humanOnly: false },
    schema: {
      summary: 'Import runs, newest first',
      tags: ['gedcom'],
      querystring: RunsQuery,
      response: { 200: Page(ImportRunDto) },
    },
  }, async (request) => {
    const window = app.kernel.paging.open<RunKey>('gedcom-imports', request.query, SPEC_LIST_LIMITS);
    return request.diScope.cradle.gedcomImports.page(window);
  });
}
