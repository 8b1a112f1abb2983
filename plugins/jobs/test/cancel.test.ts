import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { CountingControl, withCounting } from './fixtures/counting-plugin.js';
import { jobInState } from './fixtures/wait.js';

const countedRows = (s: Awaited<ReturnType<typeof buildTestServer>>, jobId: string) =>
  s.server.kernel.trees.active().prepare('SELECT count(*) FROM counted WHERE job_id = ?').pluck().get(jobId) as number;

t.test('cancel of a running job: 202 cancelling, then cancelled after cleanup removed what it wrote', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const job = (await s.request('POST', '/v1/counting', { body: { to: 10, hold: 'g', hold_at: 4, cleanup_hold: 'c' } })).json();
  await control.gate('g').reached;
  t.equal(countedRows(s, job.job_id), 3, 'three steps written before the hold');
  const reply = await s.request('POST', `/v1/jobs/${job.job_id}/cancel`);
  t.equal(reply.statusCode, 202);
  t.equal(reply.json().state, 'cancelling');
  await control.gate('c').reached;
  const again = await s.request('POST', `/v1/jobs/${job.job_id}/cancel`);
  t.equal(again.statusCode, 202, 'asking again while it stops is accepted');
  t.equal(again.json().state, 'cancelling', 'and changes nothing');
  t.equal((await s.request('GET', `/v1/jobs/${job.job_id}`)).json().state, 'cancelling', 'still cancelling while cleanup runs');
  control.gate('c').open();
  const done = await jobInState(s, job.job_id, 'cancelled');
  t.ok(done.finished_at_ms);
  t.notOk('error' in done || 'result' in done);
  t.same(control.cleanups, [`${job.job_id}:cancelled`]);
  t.equal(countedRows(s, job.job_id), 0);
  const finished = await s.request('POST', `/v1/jobs/${job.job_id}/cancel`);
  t.equal(finished.statusCode, 409);
  t.match(finished.json(), { code: 'job-not-cancellable', detail: /been cancelled/ });
});

t.test('cancel of a queued job: cancelled at once, never runs, no cleanup', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  await s.request('POST', '/v1/counting', { body: { to: 1, label: 'first', hold: 'g' } });
  const queued = (await s.request('POST', '/v1/counting', { body: { to: 3, label: 'queued' } })).json();
  const after = (await s.request('POST', '/v1/counting', { body: { to: 1, label: 'after' } })).json();
  await control.gate('g').reached;
  const reply = await s.request('POST', `/v1/jobs/${queued.job_id}/cancel`);
  t.equal(reply.statusCode, 202);
  t.equal(reply.json().state, 'cancelled');
  t.ok(reply.json().finished_at_ms);
  t.notOk('started_at_ms' in reply.json(), 'it never started');
  control.gate('g').open();
  await jobInState(s, after.job_id, 'succeeded');
  t.same(control.began, ['first', 'after'], 'the cancelled job never ran; the next one did');
  t.same(control.cleanups, []);
  t.equal(countedRows(s, queued.job_id), 0);
});

t.test('a cancel that lands after the last step still ends cancelled, with cleanup', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  // Held at step 2 of 1: the loop is over, run resolves as soon as the gate opens (no checkpoint after).
  const job = (await s.request('POST', '/v1/counting', { body: { to: 1, no_checkpoints: true, hold: 'g', hold_at: 1 } })).json();
  await control.gate('g').reached;
  await s.request('POST', `/v1/jobs/${job.job_id}/cancel`);
  const done = await jobInState(s, job.job_id, 'cancelled');
  t.notOk('result' in done);
  t.same(control.cleanups, [`${job.job_id}:cancelled`]);
});

t.test('finished jobs refuse cancel with 409 and stay as they were', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const ok = (await s.request('POST', '/v1/counting', { body: { to: 1 } })).json();
  const bad = (await s.request('POST', '/v1/counting', { body: { to: 2, fail_at: 1 } })).json();
  const succeeded = await jobInState(s, ok.job_id, 'succeeded');
  const failed = await jobInState(s, bad.job_id, 'failed');
  for (const [job, word] of [[succeeded, 'succeeded'], [failed, 'failed']]) {
    const reply = await s.request('POST', `/v1/jobs/${job.job_id}/cancel`);
    t.equal(reply.statusCode, 409);
    t.match(reply.json(), { code: 'job-not-cancellable', detail: new RegExp(`already ${word}`) });
    t.same((await s.request('GET', `/v1/jobs/${job.job_id}`)).json(), job, 'unchanged');
  }
});

t.test('an agent cancels only the jobs its own credential started; the human cancels any', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const humans = (await s.request('POST', '/v1/counting', { body: { to: 1, hold: 'h' } })).json();
  const agents = (await s.request('POST', '/v1/counting', { body: { to: 1 }, token: s.agentToken })).json();
  await control.gate('h').reached;
  const refused = await s.request('POST', `/v1/jobs/${humans.job_id}/cancel`, { token: s.agentToken });
  t.equal(refused.statusCode, 403);
  t.equal(refused.json().code, 'not-your-job');
  t.equal((await s.request('GET', `/v1/jobs/${humans.job_id}`, { token: s.agentToken })).json().state, 'running', 'an agent may read it; nothing changed');
  const own = await s.request('POST', `/v1/jobs/${agents.job_id}/cancel`, { token: s.agentToken });
  t.equal(own.statusCode, 202, 'its own job');
  t.equal(own.json().state, 'cancelled');
  const byHuman = await s.request('POST', `/v1/jobs/${humans.job_id}/cancel`);
  t.equal(byHuman.statusCode, 202, 'the human may cancel an agent\'s or its own');
  await jobInState(s, humans.job_id, 'cancelled');
});

t.test('cancel of a job further back in the queue takes that one out, and the ones before it still run', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  await s.request('POST', '/v1/counting', { body: { to: 1, label: 'first', hold: 'g' } });
  const next = (await s.request('POST', '/v1/counting', { body: { to: 1, label: 'next' } })).json();
  const last = (await s.request('POST', '/v1/counting', { body: { to: 1, label: 'last' } })).json();
  await control.gate('g').reached;
  t.equal((await s.request('POST', `/v1/jobs/${last.job_id}/cancel`)).json().state, 'cancelled');
  control.gate('g').open();
  await jobInState(s, next.job_id, 'succeeded');
  t.same(control.began, ['first', 'next'], 'the job queued before the cancelled one ran; the cancelled one did not');
  t.equal((await s.request('GET', `/v1/jobs/${last.job_id}`)).json().state, 'cancelled');
});
