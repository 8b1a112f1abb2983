import t from 'tap';
import type { Tree } from '@rootline/kernel';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { CountingControl, sqliteFull, withCounting } from './fixtures/counting-plugin.js';
import { jobInState } from './fixtures/wait.js';

/**
 * A full disk while jobs run (a review found jobs left `queued` or `running` for good). The
 * writes of a job's own row are made to fail as they did there, with SQLITE_FULL: a full
 * `PRAGMA max_page_count` only fails writes that grow the file, and a job's small updates
 * rarely do, while a full disk fails every append to the write-ahead log.
 */
function fillDiskForJobRows(tree: Tree): { lift: () => void } {
  const real = tree.prepare.bind(tree);
  let full = true;
  (tree as { prepare: Tree['prepare'] }).prepare = ((sql: string) => {
    const statement = real(sql);
    if (!full || !/^\s*UPDATE jobs SET/.test(sql)) return statement;
    return new Proxy(statement, { get: (target, key) => (key === 'run' ? () => { throw sqliteFull(); } : Reflect.get(target, key)) });
  }) as Tree['prepare'];
  return { lift: () => (full = false) };
}

const counted = (s: TestServer) => s.server.kernel.trees.active().prepare('SELECT count(*) FROM counted').pluck().get();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('a job that could not be marked running for want of room runs once there is room; the jobs after it wait their turn', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const disk = fillDiskForJobRows(s.server.kernel.trees.active());
  const first = (await s.request('POST', '/v1/counting', { body: { to: 2, label: 'first' } })).json();
  const second = (await s.request('POST', '/v1/counting', { body: { to: 2, label: 'second' } })).json();
  await pause(100);
  t.match((await s.request('GET', `/v1/jobs/${first.job_id}`)).json(), { state: 'queued' }, 'its row says queued, and it has not run');
  t.same(control.began, [], 'nothing ran behind its row\'s back, nor did the job after it');
  disk.lift();
  t.match(await jobInState(s, first.job_id, 'succeeded'), { state: 'succeeded', result: { counted: 2 } }, 'then it ran to its end');
  t.equal((await jobInState(s, second.job_id, 'succeeded')).state, 'succeeded', 'and so did the next');
  t.same(control.began, ['first', 'second']);
});

t.test('a job whose end could not be written for want of room reads it once there is room; until then it holds its tree\'s turn', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const tree = s.server.kernel.trees.active();
  const first = (await s.request('POST', '/v1/counting', { body: { to: 3, label: 'first', hold: 'g', hold_at: 2 } })).json();
  const second = (await s.request('POST', '/v1/counting', { body: { to: 1, label: 'second' } })).json();
  await control.gate('g').reached;
  const disk = fillDiskForJobRows(tree);
  control.gate('g').open();
  await pause(100);
  t.equal(counted(s), 3, 'the job\'s own work went through');
  t.equal((await s.request('GET', `/v1/jobs/${first.job_id}`)).json().state, 'running', 'its row could not say it ended');
  t.same(control.began, ['first'], 'so the next job has not started beside a job the row says runs');
  disk.lift();
  // The next commit of the tree that goes through is the sign there is room: a request's write.
  tree.transact(() => tree.prepare('INSERT INTO counted (job_id, step) VALUES (?, ?)').run('someone', 1));
  const ended = await jobInState(s, first.job_id, 'succeeded');
  t.match(ended, { state: 'succeeded', result: { counted: 3 }, progress: { done: 3 } }, 'its end, with its result and its last progress (saves refused meanwhile were dropped)');
  t.equal((await jobInState(s, second.job_id, 'succeeded')).state, 'succeeded', 'then the next job ran');
});

t.test('a job that fails for want of room reads failed with disk-full, not internal', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const job = (await s.request('POST', '/v1/counting', { body: { to: 3, fail_at: 2, fail_with: 'full' } })).json();
  t.same((await jobInState(s, job.job_id, 'failed')).error, { code: 'disk-full', message: 'The disk holding Rootline\'s data folder is full' });
});

t.test('a stop does not wait for room: a job whose end waits for it is left for the next start to mark interrupted', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  await s.request('POST', '/v1/counting', { body: { to: 2, hold: 'g' } });
  await control.gate('g').reached;
  fillDiskForJobRows(s.server.kernel.trees.active());
  control.gate('g').open();
  await pause(50);
  const began = Date.now();
  await s.server.close();
  t.ok(Date.now() - began < 5000, `closed in ${Date.now() - began} ms, not after the close timeout`);
});
