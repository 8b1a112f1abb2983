import t from 'tap';
import { buildTestServer, openEventStream } from '@rootline/kernel/testing';
import { CountingControl, withCounting } from './fixtures/counting-plugin.js';
import { ProgressMeter } from '../src/progress.js';
import { jobInState, manualClock, notices } from './fixtures/wait.js';

t.test('progress is written and published at most every 250 ms of the clock, and always at the end', async (t) => {
  const clock = manualClock();
  const control = new CountingControl();
  const s = await buildTestServer(t, { ...withCounting(control), clock });
  const seen = notices(s);
  control.onStep = () => clock.advance(100);
  const job = (await s.request('POST', '/v1/counting', { body: { to: 10, total: 10, hold: 'g', hold_at: 6 } })).json();
  await control.gate('g').reached;
  // Steps 1..5 at +100 ms each: saved when 250 ms have passed since the last save (step 3), not at 4 or 5.
  t.equal((await s.request('GET', `/v1/jobs/${job.job_id}`)).json().progress.done, 3, 'the database holds the last saved count');
  control.gate('g').open();
  const done = await jobInState(s, job.job_id, 'succeeded');
  t.equal(done.progress.done, 10);
  const progress = seen.filter((n) => n.kind === 'job.progress.v1').map((n) => n.payload.progress.done);
  t.same(progress, [0, 3, 6, 9], 'once at start, then every third step of 100 ms');
  t.same(seen.filter((n) => n.kind === 'job.finished.v1').map((n) => [n.payload.state, n.payload.progress.done]), [['succeeded', 10]]);
  t.ok(seen.every((n) => n.seq === 0), 'notices, not records');
});

t.test('exactly 250 ms since the last save is enough', async (t) => {
  const clock = manualClock();
  const control = new CountingControl();
  const s = await buildTestServer(t, { ...withCounting(control), clock });
  const seen = notices(s);
  control.onStep = () => clock.advance(125);
  const job = (await s.request('POST', '/v1/counting', { body: { to: 4 } })).json();
  await jobInState(s, job.job_id, 'succeeded');
  t.same(seen.filter((n) => n.kind === 'job.progress.v1').map((n) => n.payload.progress.done), [0, 2, 4]);
});

t.test('a cancel is announced as cancelling, then the job finishes cancelled', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const seen = notices(s);
  const job = (await s.request('POST', '/v1/counting', { body: { to: 3, hold: 'g', hold_at: 2 } })).json();
  await control.gate('g').reached;
  await s.request('POST', `/v1/jobs/${job.job_id}/cancel`);
  await jobInState(s, job.job_id, 'cancelled');
  t.same(seen.map((n) => [n.kind, n.payload.state]), [['job.progress.v1', 'running'], ['job.progress.v1', 'cancelling'], ['job.finished.v1', 'cancelled']]);
});

t.test('a cancel asked twice is announced once; progress a job still makes while it stops is published as cancelling', async (t) => {
  const clock = manualClock();
  const control = new CountingControl();
  const s = await buildTestServer(t, { ...withCounting(control), clock });
  const seen = notices(s);
  control.onStep = () => clock.advance(300);
  // A job that never calls checkpoint: it counts on after the cancel, and ends cancelled.
  const job = (await s.request('POST', '/v1/counting', { body: { to: 3, no_checkpoints: true, hold: 'g', hold_at: 2 } })).json();
  await control.gate('g').reached;
  t.equal((await s.request('POST', `/v1/jobs/${job.job_id}/cancel`)).json().state, 'cancelling');
  t.equal((await s.request('POST', `/v1/jobs/${job.job_id}/cancel`)).json().state, 'cancelling');
  control.gate('g').open();
  await jobInState(s, job.job_id, 'cancelled');
  t.same(seen.map((n) => [n.kind, n.payload.state, n.payload.progress.done]), [
    ['job.progress.v1', 'running', 0],
    ['job.progress.v1', 'running', 1],
    ['job.progress.v1', 'cancelling', 1],
    ['job.progress.v1', 'cancelling', 2],
    ['job.progress.v1', 'cancelling', 3],
    ['job.finished.v1', 'cancelled', 3],
  ]);
});

t.test('SSE clients of the pinned mount get job notices with their payload and no id line', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const treeId = s.server.kernel.registry.activeTreeId()!;
  const stream = await openEventStream(s.url, s.humanToken, `/v1/trees/${treeId}/events/stream`);
  t.teardown(stream.close);
  await stream.until(/: connected/);
  const job = (await s.request('POST', '/v1/counting', { body: { to: 2, total: 2, unit: 'steps' } })).json();
  const text = await stream.until(/event: job\.finished\.v1\n[^\n]*\n\n/);
  const finished = /event: job\.finished\.v1\n(data: [^\n]*)\n\n/.exec(text);
  t.ok(finished, 'a finished notice arrived as one frame: event and data, no id');
  t.same(JSON.parse(finished![1].slice(6)).payload, { job_id: job.job_id, state: 'succeeded', progress: { done: 2, total: 2, unit: 'steps' } });
  t.match(text, /event: job\.progress\.v1\ndata: \{[^\n]*"entity_type":"job","entity_id":"[^"]+"[^\n]*"payload":\{"job_id":"[^"]+","state":"running"/);
  t.notMatch(text, /\nid: /, 'no id line: there is no seq to resume from');
});

t.test('a progress count is a whole number of at least 0; the total too, kept until changed, null when unknown', async (t) => {
  const meter = new ProgressMeter({ done: 0, total: null, unit: 'steps' }, manualClock(), () => undefined);
  meter.update(4.9, 10.7, 'persons');
  t.same(meter.value, { done: 4, total: 10, unit: 'persons' });
  meter.update(6);
  t.same(meter.value, { done: 6, total: 10, unit: 'persons' }, 'total and unit kept when not given');
  meter.update(-3, -2);
  t.same(meter.value, { done: 0, total: 0, unit: 'persons' });
  meter.update(1, null);
  t.same(meter.value, { done: 1, total: null, unit: 'persons' }, 'a total that became unknown');
});
