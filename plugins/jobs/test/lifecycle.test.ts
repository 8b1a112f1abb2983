import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { CountingControl, withCounting } from './fixtures/counting-plugin.js';
import { jobInState } from './fixtures/wait.js';

t.test('a job is queued, runs, and succeeds with its result; the job reads the same on both mounts', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const treeId = s.server.kernel.registry.activeTreeId()!;
  const started = await s.request('POST', '/v1/counting', { body: { to: 3, total: 3, unit: 'steps' } });
  t.equal(started.statusCode, 202);
  const queued = started.json();
  t.match(queued, { tree_id: treeId, kind: 'counting.count', state: 'queued', progress: { done: 0, total: 3, unit: 'steps' } });
  t.type(queued.created_at_ms, 'number');
  t.notOk('started_at_ms' in queued || 'finished_at_ms' in queued || 'result' in queued || 'error' in queued, 'nothing of a run yet');
  const done = await jobInState(s, queued.job_id, 'succeeded');
  t.same(done.result, { counted: 3, actor: 'human', tree: treeId }, 'the job ran as its starter, on its tree');
  t.same(done.progress, { done: 3, total: 3, unit: 'steps' }, 'the last progress is always kept');
  t.ok(done.started_at_ms >= done.created_at_ms && done.finished_at_ms >= done.started_at_ms);
  t.notOk('error' in done);
  t.same((await s.request('GET', `/v1/trees/${treeId}/jobs/${queued.job_id}`)).json(), done, 'pinned mount');
  t.equal(s.records().length, 0, 'a job\'s own bookkeeping is not a record');
});

t.test('without a total or unit a job counts items toward an unknown total', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const job = (await s.request('POST', '/v1/counting', { body: { to: 2 } })).json();
  t.same(job.progress, { done: 0, total: null, unit: 'items' });
  t.same((await jobInState(s, job.job_id, 'succeeded')).progress, { done: 2, total: null, unit: 'items' });
});

t.test('a failure keeps the job\'s own code, message, line and details, and never a path or a stack', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const coded = (await s.request('POST', '/v1/counting', { body: { to: 9, fail_at: 3, fail_with: 'coded' } })).json();
  const failed = await jobInState(s, coded.job_id, 'failed');
  t.same(failed.error, { code: 'counting-refused', message: 'Step refused', line: 7, details: { step: 'seven' } });
  t.equal(failed.progress.done, 2, 'progress up to the failure is kept');
  t.notOk('result' in failed);
  t.same(control.cleanups, [`${coded.job_id}:failed`], 'cleanup ran with the outcome');
  t.equal(s.server.kernel.trees.active().prepare('SELECT count(*) FROM counted').pluck().get(), 0, 'cleanup removed what the job wrote');

  for (const kind of ['plain', 'node']) {
    const job = (await s.request('POST', '/v1/counting', { body: { to: 2, fail_at: 1, fail_with: kind } })).json();
    const read = await jobInState(s, job.job_id, 'failed');
    t.same(read.error, { code: 'internal', message: 'The job failed' }, `${kind}: reported as internal`);
    t.notMatch(JSON.stringify(read), /home|ann|ENOENT/, `${kind}: no path or system detail`);
  }
});

t.test('a failing cleanup leaves the job failed (cleanup-failed), not falsely cancelled', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const job = (await s.request('POST', '/v1/counting', { body: { to: 5, hold: 'g', hold_at: 2, cleanup_fails: true } })).json();
  await control.gate('g').reached;
  t.equal((await s.request('POST', `/v1/jobs/${job.job_id}/cancel`)).json().state, 'cancelling');
  const read = await jobInState(s, job.job_id, 'failed');
  t.same(read.error, { code: 'cleanup-failed', message: 'The job stopped, but what it had written could not all be removed' });
  const failing = (await s.request('POST', '/v1/counting', { body: { to: 3, fail_at: 2, cleanup_fails: true } })).json();
  t.equal((await jobInState(s, failing.job_id, 'failed')).error.code, 'cleanup-failed');
});

t.test('jobs of one tree run one at a time, first queued first; another tree runs alongside', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Second' } })).json();
  const first = (await s.request('POST', '/v1/counting', { body: { to: 2, label: 'first', hold: 'first' } })).json();
  const second = (await s.request('POST', '/v1/counting', { body: { to: 2, label: 'second' } })).json();
  const third = (await s.request('POST', '/v1/counting', { body: { to: 2, label: 'third' } })).json();
  await control.gate('first').reached;
  const elsewhere = (await s.request('POST', `/v1/trees/${other.tree_id}/counting`, { body: { to: 2, label: 'elsewhere' } })).json();
  t.equal((await jobInState(s, elsewhere.job_id, 'succeeded', `/v1/trees/${other.tree_id}`)).state, 'succeeded', 'the other tree did not wait');
  t.equal((await s.request('GET', `/v1/jobs/${second.job_id}`)).json().state, 'queued', 'the second waits for the first');
  t.same(control.began, ['first', 'elsewhere']);
  control.gate('first').open();
  await jobInState(s, third.job_id, 'succeeded');
  t.same(control.began, ['first', 'elsewhere', 'second', 'third']);
  const ends = [first, second, third].map((job) => s.server.kernel.trees.active().prepare('SELECT started_at_ms, finished_at_ms FROM jobs WHERE job_id = ?').get(job.job_id) as { started_at_ms: number; finished_at_ms: number });
  t.ok(ends[1].started_at_ms >= ends[0].finished_at_ms && ends[2].started_at_ms >= ends[1].finished_at_ms, 'never two at once');
});

t.test('unknown and malformed job ids', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const unknown = '01938f0e-0000-7000-8000-000000000000';
  for (const [method, path] of [['GET', `/v1/jobs/${unknown}`], ['POST', `/v1/jobs/${unknown}/cancel`]]) {
    const reply = await s.request(method, path);
    t.equal(reply.statusCode, 404, path);
    t.match(reply.json(), { code: 'not-found', entity: 'job' });
  }
  t.equal((await s.request('GET', '/v1/jobs/not-a-uuid')).statusCode, 400);
});

t.test('a job id that is not a UUID is a 400, not a lookup; the API description lists what each job route may answer', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  for (const [method, path] of [['GET', '/v1/jobs/42'], ['POST', '/v1/jobs/not-a-job/cancel']] as const) {
    const reply = await s.request(method, path);
    t.equal(reply.statusCode, 400, path);
    t.equal(reply.json().code, 'validation-failed', path);
  }
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const statuses = (operation: { responses: object }) => Object.keys(operation.responses).sort();
  t.same(statuses(doc.paths['/v1/jobs/{id}/cancel'].post), ['202', '400', '401', '403', '404', '409', '421', '500', '507']);
  t.same(statuses(doc.paths['/v1/jobs/{id}'].get), ['200', '400', '401', '403', '404', '421', '500']);
});
