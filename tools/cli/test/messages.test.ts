import t from 'tap';
import { countsLine, jobFailure, lossReportLine } from '../src/import.js';
import { problemOf, withSession } from '../src/session.js';
import type { CommandContext } from '../src/command.js';
import type { JobView } from '../src/progress.js';
import { folder, manifest } from './helpers.js';

/** The lines import and export print: counts, the loss report, a failed job, a refused request. */

const job = (fields: Partial<JobView>): JobView => ({ job_id: 'j', state: 'failed', progress: { done: 0, total: null, unit: 'records' }, ...fields });

t.test('counts in the order a genealogist looks for them, the rest by name', async (t) => {
  const counts = { zebras: 1, media: 9, withheld: 10, notes: 8, events: 7, facts: 6, claims: 5, sources: 4, families: 3, individuals: 2, persons: 1, apples: 2 };
  t.equal(countsLine(counts), 'persons 1, individuals 2, families 3, sources 4, claims 5, facts 6, events 7, notes 8, media 9, withheld 10, apples 2, zebras 1');
  t.equal(countsLine(undefined), '');
  t.equal(countsLine({}), '');
});

t.test('where the loss report is: the tree asked for, else the job\'s own', async (t) => {
  const done = { ...job({ state: 'succeeded', result: { report_id: 'r1' } }), tree_id: 't1' };
  t.equal(lossReportLine(done, undefined), 'Loss report: GET /v1/trees/t1/gedcom/loss-reports?report_id=r1');
  t.equal(lossReportLine(done, 't2'), 'Loss report: GET /v1/trees/t2/gedcom/loss-reports?report_id=r1');
  t.equal(lossReportLine(job({ state: 'succeeded', result: {} }), 't2'), undefined, 'no report, no line');
});

t.test('a job that did not succeed: one line with its reason, line and code', async (t) => {
  t.equal(jobFailure('import', job({ state: 'cancelled' })), 'rootline: the import was cancelled; nothing was kept');
  t.equal(jobFailure('import', job({ error: { code: 'not-gedcom', message: 'The file has no HEAD', line: 1 } })), 'rootline: the import failed: The file has no HEAD (line 1) [not-gedcom]');
  t.equal(jobFailure('export', job({ error: { code: 'interrupted', message: 'The server stopped' } })), 'rootline: the export failed: The server stopped [interrupted]');
  t.equal(jobFailure('export', job({ error: { message: 'odd' } as JobView['error'] })), 'rootline: the export failed: odd [unknown]', 'no code: unknown');
  t.equal(jobFailure('export', job({})), 'rootline: the export failed: no reason given [unknown]');
});

t.test('a refused request\'s reason: its detail, else its title, else its status', async (t) => {
  const reply = (status: number, body: string) => new Response(body, { status });
  t.same(await problemOf(reply(409, JSON.stringify({ code: 'duplicate-import', title: 'Already imported', detail: 'smith.ged was imported before', import_key: 'k1' }))),
    { code: 'duplicate-import', detail: 'smith.ged was imported before', import_key: 'k1' });
  t.same(await problemOf(reply(404, JSON.stringify({ code: 'not-found', title: 'Not found' }))), { code: 'not-found', detail: 'Not found', import_key: undefined });
  t.same(await problemOf(reply(500, JSON.stringify({}))), { code: undefined, detail: 'HTTP 500', import_key: undefined });
  t.same(await problemOf(reply(502, '<html>Bad gateway</html>')), { detail: 'HTTP 502' }, 'not JSON');
});

t.test('a command whose work throws: one line naming it, exit 1, and the server it started is stopped', async (t) => {
  const dataDir = folder(t);
  const err: string[] = [];
  const context: CommandContext = { appVersion: '9.8.7', manifest, out: () => undefined, err: (line) => err.push(line), env: {}, progress: null, exitCode: 0 };
  let reached = false;
  await withSession(context, { dataDir }, 'export', async () => {
    reached = true;
    throw new Error('the disk is full');
  });
  t.ok(reached, 'the work ran with a session');
  t.equal(context.exitCode, 1);
  t.same(err, ['rootline: export failed: the disk is full']);
  await withSession(context, { dataDir }, 'export', async () => 0);
  t.equal(context.exitCode, 0, 'the data folder is free again: a second command starts its own server');
});
