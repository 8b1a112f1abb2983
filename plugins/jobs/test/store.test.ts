import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { JobStore } from '../src/store.js';
import { CountingControl, withCounting } from './fixtures/counting-plugin.js';
import { jobInState } from './fixtures/wait.js';

t.test('a move happens only from the state the row is in: the loser of two movers is told so and changes nothing', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const job = (await s.request('POST', '/v1/counting', { body: { to: 1 } })).json();
  const done = await jobInState(s, job.job_id, 'succeeded');
  const store = new JobStore(s.server.kernel.trees.active());
  t.equal(store.move(job.job_id, 'running', 'failed', { finished_at_ms: 1, error: { code: 'late', message: 'Late' } }), false, 'no longer running');
  t.equal(store.move('0190f0f0-0000-7000-8000-000000000000', 'queued', 'running'), false, 'no such job');
  t.same(store.get(job.job_id), done, 'unchanged');
  t.throws(() => store.move(job.job_id, 'succeeded', 'running'), /cannot go from succeeded to running/, 'a move the table forbids is a bug');
});

t.test('progress is saved by a commit that waits for no fsync: a crash may take it back', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const job = (await s.request('POST', '/v1/counting', { body: { to: 1 } })).json();
  await jobInState(s, job.job_id, 'succeeded');
  const tree = s.server.kernel.trees.active();
  const store = new JobStore(tree);
  let unflushed = 0;
  const original = tree.transactUnflushed;
  tree.transactUnflushed = function <T>(work: () => T): T {
    unflushed++;
    return original.call(tree, work) as T;
  };
  t.teardown(() => {
    tree.transactUnflushed = original;
  });
  store.saveProgress(job.job_id, { done: 7, total: 9, unit: 'steps' });
  t.equal(unflushed, 1, 'one unflushed commit');
  t.same(store.get(job.job_id)!.progress, { done: 7, total: 9, unit: 'steps' }, 'and the figures are saved');
});
