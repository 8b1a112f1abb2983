import t from 'tap';
import type { Tree } from '@rootline/kernel';
import { buildTestServer, waitFor, type TestServer } from '@rootline/kernel/testing';
import { ALL, crashedImport, finished, fixture, generated, importServer, upload } from './helpers.js';

/**
 * The disk holding the data folder fills up during an import (a review found the run left
 * half in the tree, undo and re-import refused, until a restart). The tree's database is kept
 * from growing, as a full disk does: `PRAGMA max_page_count` at its current size; `lift` gives
 * the room back.
 */
function fillDisk(tree: Tree): { lift: () => void } {
  tree.db.pragma(`max_page_count = ${tree.db.pragma('page_count', { simple: true }) as number}`);
  return { lift: () => tree.db.pragma('max_page_count = 4294967294') };
}

const activePersons = (tree: Tree) => tree.prepare("SELECT count(*) FROM persons WHERE status = 'active'").pluck().get() as number;
const runOf = async (s: TestServer, importKey: string) => (await s.request('GET', '/v1/imports')).json().items.find((run: { import_key: string }) => run.import_key === importKey);

/** Waits until the import has written a good part of its rows: taking them away then needs more room than removing them frees. */
async function runningWithRows(s: TestServer, jobId: string): Promise<void> {
  for (;;) {
    const job = (await s.request('GET', `/v1/jobs/${jobId}`)).json();
    if (job.state === 'running' && job.progress.done >= 1000) return;
    if (job.state !== 'queued' && job.state !== 'running') throw new Error(`the job ended before the disk filled: ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

t.test('an import the disk fills up: its rows are taken away once there is room, without a restart; it reads failed (disk-full) and its file may be imported again', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const file = generated(3000);
  const { job_id, import_key } = (await upload(s, file)).json();
  await runningWithRows(s, job_id);
  const disk = fillDisk(tree);
  t.ok(await waitFor(() => tree.prepare('SELECT state FROM gedcom_import_runs WHERE import_key = ?').pluck().get(import_key) === 'failed', 10_000), 'the run is marked failed as soon as the disk allows');
  await new Promise((resolve) => setTimeout(resolve, 300));
  t.ok(activePersons(tree) > 0, 'no room to take its persons away yet');
  t.match(await runOf(s, import_key), { state: 'failed', error: { code: 'disk-full' }, removal_pending: true }, 'and the run says so: failed, its rows still being taken away');
  t.equal((await s.request('GET', `/v1/jobs/${job_id}`)).json().state, 'running', 'its job holds the tree\'s turn until they are');
  t.equal((await s.request('GET', '/v1/persons')).statusCode, 200, 'reads go on');

  disk.lift();
  const job = await finished(s, job_id);
  t.match(job, { state: 'failed', error: { code: 'disk-full' } }, 'the job ends failed, disk-full (not cleanup-failed)');
  t.equal(activePersons(tree), 0, 'nothing of the run is left');
  const run = await runOf(s, import_key);
  t.match(run, { state: 'failed', error: { code: 'disk-full' } });
  t.notOk('removal_pending' in run, 'and it is settled');
  t.type(run.finished_at_ms, 'number');
  t.match(s.records({ kind: 'import.failed' }), [{ entity_id: import_key, payload: { code: 'disk-full' } }]);
  t.equal((await s.request('POST', `/v1/imports/${import_key}/undo`, { body: {} })).json().code, 'import-not-undoable', 'a failed run that left nothing has nothing to undo');
  const again = await upload(s, file);
  t.equal(again.statusCode, 202, 'the same file is not a duplicate of a failed run');
  t.equal((await finished(s, again.json().job_id)).state, 'succeeded');
});

t.test('an export asked for while a failed import\'s rows wait for room runs after they are gone: it never writes the half import', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const { job_id } = (await upload(s, generated(3000))).json();
  await runningWithRows(s, job_id);
  const exported = (await s.request('POST', '/v1/gedcom/export', { body: { version: '7.0', include_living: true } })).json();
  const disk = fillDisk(tree);
  await new Promise((resolve) => setTimeout(resolve, 500));
  t.same((await s.request('GET', '/v1/jobs')).json().items.map((job: { state: string }) => job.state), ['queued', 'running'], 'the export waits behind the import\'s clean-up');
  disk.lift();
  const done = await finished(s, exported.job_id);
  t.equal(done.state, 'succeeded');
  t.equal(done.result.counts.individuals, 0, 'no person of the failed import was written');
});

t.test('undo takes away what a failed run left when nothing else will; the run keeps its state and its file may be imported again', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const { job_id, import_key } = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, job_id);
  // As a clean-up cut short leaves it: the run failed, its rows still there.
  tree.prepare("UPDATE gedcom_import_runs SET state = 'failed', error = ?, finished_at_ms = NULL WHERE import_key = ?").run(JSON.stringify({ code: 'disk-full', message: 'The disk was full' }), import_key);
  const persons = activePersons(tree);
  t.ok(persons > 0);
  t.match(await runOf(s, import_key), { state: 'failed', removal_pending: true });
  const again = await upload(s, fixture('smith.ged'));
  t.equal(again.statusCode, 202, 'a failed run never makes its file a duplicate, even with its rows still there');
  t.equal((await finished(s, again.json().job_id)).state, 'succeeded');
  t.equal(activePersons(tree), 2 * persons);

  const undone = await s.request('POST', `/v1/imports/${import_key}/undo`, { body: {} });
  t.equal(undone.statusCode, 200);
  t.match(undone.json(), { state: 'failed', error: { code: 'disk-full' } });
  t.notOk('removal_pending' in undone.json());
  t.equal(activePersons(tree), persons, 'its persons are gone; the second run\'s stay');
  t.match(s.records({ kind: 'import.failed' }), [{ entity_id: import_key, payload: { code: 'disk-full' } }]);
  t.equal((await s.request('POST', `/v1/imports/${import_key}/undo`, { body: {} })).json().code, 'import-not-undoable', 'then there is nothing left to undo');
});

t.test('a run left running by a job that ended (its clean-up failed) is no duplicate, and undo takes it away', async (t) => {
  const s = await importServer(t);
  const tree = s.server.kernel.trees.active();
  const { job_id, import_key } = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, job_id);
  tree.prepare("UPDATE jobs SET state = 'failed', result = NULL, error = ? WHERE job_id = ?").run(JSON.stringify({ code: 'cleanup-failed', message: 'The job stopped, but what it had written could not all be removed' }), job_id);
  tree.prepare("UPDATE gedcom_import_runs SET state = 'running', finished_at_ms = NULL WHERE import_key = ?").run(import_key);
  const undone = await s.request('POST', `/v1/imports/${import_key}/undo`, { body: {} });
  t.equal(undone.statusCode, 200, 'not 409 "a running import is cancelled through its job": its job has ended');
  t.match(undone.json(), { state: 'failed', error: { code: 'cleanup-failed' } });
  t.equal(activePersons(tree), 0);
  t.equal((await upload(s, fixture('smith.ged'))).statusCode, 202, 'and its file may be imported again');
});

t.test('a clean-up a crash cut short is finished at the next start, and the run keeps its own cause (not interrupted)', async (t) => {
  const { dataDir, importKey } = await crashedImport(t, (s, importKey) => {
    s.server.kernel.trees.active().prepare("UPDATE gedcom_import_runs SET state = 'failed', error = ?, finished_at_ms = NULL WHERE import_key = ?").run(JSON.stringify({ code: 'disk-full', message: 'The disk was full' }), importKey);
  });
  const s = await buildTestServer(t, { plugins: ALL, dataDir });
  t.equal(activePersons(s.server.kernel.trees.active()), 0, 'no person of the failed run is seen');
  const run = await runOf(s, importKey);
  t.match(run, { state: 'failed', error: { code: 'disk-full' } });
  t.notOk('removal_pending' in run);
  t.match(s.records({ kind: 'import.failed' }), [{ entity_id: importKey, payload: { code: 'disk-full' } }]);
});
