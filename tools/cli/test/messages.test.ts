import t from 'tap';
import { countsLine, interruptedLine, jobFailure, lossReportLine, treeRefusal } from '../src/transfer.js';
import { problemOf, withSession } from '../src/session.js';
import { inWords } from '../src/file-errors.js';
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

t.test('where the loss report is: its full address while the server keeps running, always the command that prints it', async (t) => {
  const done = { ...job({ state: 'succeeded', result: { report_id: 'r1' } }), tree_id: 't1' };
  const running = { url: 'http://127.0.0.1:7420', inProcess: false };
  const started = { url: 'http://127.0.0.1:40123', inProcess: true };
  t.equal(lossReportLine(done, undefined, running), 'Loss report: http://127.0.0.1:7420/v1/trees/t1/gedcom/loss-reports?report_id=r1 (or rootline loss-report r1)', 'the job\'s own tree');
  t.equal(lossReportLine(done, 't2', running), 'Loss report: http://127.0.0.1:7420/v1/trees/t2/gedcom/loss-reports?report_id=r1 (or rootline loss-report r1)', 'the tree asked for');
  t.equal(lossReportLine(done, undefined, started, ' --data-dir /home/ada/rootline'), 'Loss report: rootline loss-report r1 --data-dir /home/ada/rootline',
    'a server started for the command is gone when it ends: no address that will not answer');
  t.equal(lossReportLine(job({ state: 'succeeded', result: {} }), 't2', running), undefined, 'no report, no line');
});

t.test('a job that did not succeed: one line with its reason, line and code', async (t) => {
  t.equal(jobFailure('import', job({ state: 'cancelled' })), 'rootline: the import was cancelled; nothing was kept');
  t.equal(jobFailure('import', job({ error: { code: 'not-gedcom', message: 'The file has no HEAD', line: 1 } })), 'rootline: the import failed: The file has no HEAD (line 1) [not-gedcom]');
  t.equal(jobFailure('export', job({ error: { code: 'interrupted', message: 'The server stopped' } })), 'rootline: the export failed: The server stopped [interrupted]');
  t.equal(jobFailure('export', job({ error: { message: 'odd' } as JobView['error'] })), 'rootline: the export failed: odd [unknown]', 'no code: unknown');
  t.equal(jobFailure('export', job({})), 'rootline: the export failed: no reason given [unknown]');
});

t.test('after Ctrl-C: how the job ended, and whether the server started for the command has stopped', async (t) => {
  const running = { url: 'http://127.0.0.1:7420', inProcess: false };
  const started = { url: 'http://127.0.0.1:40123', inProcess: true };
  t.equal(interruptedLine('import', job({ state: 'cancelled' }), running), 'rootline: interrupted: the import was cancelled and nothing of it is kept');
  t.equal(interruptedLine('export', job({ state: 'cancelled' }), started), 'rootline: interrupted: the export was cancelled and no file was written; the server started for this command has stopped');
  t.equal(interruptedLine('import', job({ state: 'cancelling', job_id: 'j7' }), running), 'rootline: interrupted: the server at http://127.0.0.1:7420 is still cancelling the import (job j7); nothing of it will be kept',
    'the wait ran out: the running server finishes the cancel');
  t.equal(interruptedLine('import', job({ state: 'succeeded' }), running), 'rootline: interrupted after the import had finished: it is kept', 'too late to cancel: said so');
  t.equal(interruptedLine('export', job({ state: 'succeeded' }), started), 'rootline: interrupted after the export was made: no file was written; the server started for this command has stopped');
  t.equal(interruptedLine('export', job({ error: { code: 'disk-full', message: 'The disk is full' } }), running), 'rootline: the export failed: The disk is full [disk-full]');
});

t.test('a tree that is not there: the command that lists them; other refusals are left to their caller', async (t) => {
  t.equal(treeRefusal({ code: 'tree-not-found', detail: 'There is no tree "t9"' }), 'rootline: there is no tree "t9"; rootline trees lists the trees and their ids');
  t.equal(treeRefusal({ code: 'not-found', detail: 'There is no person' }), undefined);
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
  await withSession(context, { dataDir }, { name: 'export', makesDataFolder: true }, async () => {
    reached = true;
    throw new Error('the disk is full');
  });
  t.ok(reached, 'the work ran with a session');
  t.equal(context.exitCode, 1);
  t.same(err, ['rootline: export failed: the disk is full']);
  await withSession(context, { dataDir }, { name: 'export', makesDataFolder: true }, async () => 0);
  t.equal(context.exitCode, 0, 'the data folder is free again: a second command starts its own server');

  err.length = 0;
  context.env = { ROOTLINE_DEBUG: '1' };
  await withSession(context, { dataDir }, { name: 'import', makesDataFolder: true }, async () => {
    throw new Error('the disk is full');
  });
  t.equal(context.exitCode, 1);
  t.equal(err[0], 'rootline: import failed: the disk is full', 'ROOTLINE_DEBUG=1: the line first');
  t.match(err[1], /^Error: the disk is full\n {4}at .*messages\.test\.ts/, 'then the stack, for a bug report');
  t.equal(err.length, 2);
});

t.test('a failed file operation in words, never its code', async (t) => {
  const failure = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
  t.equal(inWords(failure('EISDIR')), 'it is a folder');
  t.equal(inWords(failure('EACCES')), 'you are not allowed to (permissions)');
  t.equal(inWords(failure('ENOSPC')), 'the disk is full');
  t.equal(inWords(failure('EWEIRD')), 'EWEIRD: raw', 'one it does not know: its own message');
  t.equal(inWords(new Error('plain')), 'plain');
});
