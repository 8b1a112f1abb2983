import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { CountingControl, withCounting } from './fixtures/counting-plugin.js';
import { jobInState } from './fixtures/wait.js';

t.test('the list walks every job newest first with cursors; kind and state filter before paging', async (t) => {
  const control = new CountingControl();
  const s = await buildTestServer(t, withCounting(control));
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push((await s.request('POST', '/v1/counting', { body: { to: 1, fail_at: i === 2 ? 1 : undefined } })).json().job_id);
  await jobInState(s, ids[4], 'succeeded');
  const walked: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = (await s.request('GET', '/v1/jobs', { query: { limit: 2, ...(cursor ? { cursor } : {}) } })).json();
    t.equal(page.total, 5);
    walked.push(...page.items.map((job: { job_id: string }) => job.job_id));
    cursor = page.next_cursor ?? undefined;
    pages++;
  } while (cursor);
  t.same(walked, [...ids].reverse(), 'newest first, each once');
  t.equal(pages, 3);

  const failed = (await s.request('GET', '/v1/jobs', { query: { state: 'failed' } })).json();
  t.same(failed.items.map((job: { job_id: string }) => job.job_id), [ids[2]]);
  t.equal(failed.total, 1);
  t.same((await s.request('GET', '/v1/jobs', { query: { kind: 'counting.count', state: 'succeeded' } })).json().total, 4);
  t.same((await s.request('GET', '/v1/jobs', { query: { kind: 'gedcom.import' } })).json(), { items: [], next_cursor: null, total: 0 });
  t.equal((await s.request('GET', '/v1/jobs', { query: { state: 'paused' } })).statusCode, 400, 'an unknown state is refused');
  const first = (await s.request('GET', '/v1/jobs', { query: { limit: 1 } })).json();
  const foreign = await s.request('GET', '/v1/jobs', { query: { limit: 1, state: 'succeeded', cursor: first.next_cursor } });
  t.equal(foreign.json().code, 'invalid-cursor', 'a cursor is bound to its filters');
});

t.test('limit is clamped to 1..500, default 100', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push((await s.request('POST', '/v1/counting', { body: { to: 0 } })).json().job_id);
  await jobInState(s, ids[2], 'succeeded');
  t.equal((await s.request('GET', '/v1/jobs', { query: { limit: 0 } })).json().items.length, 1, 'below 1 reads 1');
  t.equal((await s.request('GET', '/v1/jobs', { query: { limit: 9999 } })).json().items.length, 3);
  t.equal((await s.request('GET', '/v1/jobs')).json().items.length, 3);
  t.equal(s.server.kernel.paging.open('jobs', {}, { max: 500, default: 100 }).limit, 100);
});

t.test('the pinned mount lists its own tree\'s jobs, not the active tree\'s', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Pinned' } })).json();
  const mine = (await s.request('POST', `/v1/trees/${other.tree_id}/counting`, { body: { to: 0 } })).json();
  await s.request('POST', '/v1/counting', { body: { to: 0 } });
  const pinned = (await s.request('GET', `/v1/trees/${other.tree_id}/jobs`)).json();
  t.same(pinned.items.map((job: { job_id: string }) => job.job_id), [mine.job_id]);
  t.equal(pinned.items[0].tree_id, other.tree_id);
  t.equal((await s.request('GET', `/v1/jobs/${mine.job_id}`)).statusCode, 404, 'not on the active tree');
});

t.test('a kind filter is 1 to 100 characters; a state filter one of the states', async (t) => {
  const s = await buildTestServer(t, withCounting(new CountingControl()));
  await jobInState(s, (await s.request('POST', '/v1/counting', { body: { to: 0 } })).json().job_id, 'succeeded');
  for (const query of [{ kind: '' }, { kind: 'k'.repeat(101) }, { state: 'done' }] as Record<string, string>[]) {
    const reply = await s.request('GET', '/v1/jobs', { query });
    t.equal(reply.statusCode, 400, JSON.stringify(query).slice(0, 40));
    t.equal(reply.json().code, 'validation-failed');
  }
  t.same((await s.request('GET', '/v1/jobs', { query: { kind: 'k'.repeat(100) } })).json().items, [], '100 characters is a kind (no job has it)');
  t.equal((await s.request('GET', '/v1/jobs', { query: { kind: 'counting.count', state: 'succeeded' } })).json().items.length, 1);
});
