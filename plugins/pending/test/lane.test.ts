import t from 'tap';
import { laneServer, make, propose, recordKinds, statusOf } from './fixtures/helpers.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';

t.test('the lane lists pending agent claims only, filtered by source and proposer before paging', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'William' });
  const census = await make(s, '/v1/sources', { title: '1851 census' });
  const register = await make(s, '/v1/sources', { title: 'Parish register' });
  const made: { id: string; source: string | null; proposer: string | null }[] = [];
  for (let i = 0; i < 14; i++) {
    const source = [census, register, null][i % 3];
    const proposer = i % 2 ? 'claude-opus' : i % 5 ? 'gpt-x' : null;
    made.push({ id: await propose(s, { persona, kind: 'birth', value: `${i}`, ...(source ? { source } : {}) }, proposer ?? undefined), source, proposer });
  }
  await s.request('POST', '/v1/assertions/capture', { body: { persona, kind: 'death' } });
  const gone = made.pop()!;
  await s.request('POST', `/v1/assertions/${gone.id}/confirm`);

  const all = (await s.request('GET', '/v1/pending', { query: { limit: 5 } })).json();
  t.equal(all.total, 13, 'the human\'s claim and the confirmed one are not in the lane');
  const ids: string[] = [];
  let page = all;
  for (;;) {
    t.equal(page.total, 13);
    ids.push(...page.items.map((item: { id: string }) => item.id));
    if (!page.next_cursor) break;
    page = (await s.request('GET', '/v1/pending', { query: { limit: 5, cursor: page.next_cursor } })).json();
  }
  t.same(ids, made.map((claim) => claim.id), 'a cursor walk sees each pending claim once, oldest first');
  t.match(all.items[0], { status: 'pending', captured_by: 'agent', persona });

  const opus = (await s.request('GET', '/v1/pending', { query: { proposer: 'claude-opus', source: census, order: 'desc', sort: 'created' } })).json();
  const expected = made.filter((claim) => claim.proposer === 'claude-opus' && claim.source === census).map((claim) => claim.id).reverse();
  t.same(opus.items.map((item: { id: string }) => item.id), expected);
  t.equal(opus.total, expected.length);

  for (const [query, code] of [
    [{ sort: 'proposer' }, 'invalid-sort'],
    [{ order: 'up' }, 'invalid-order'],
    [{ group_by: 'persona' }, 'validation-failed'],
    [{ state: 'pending' }, 'unknown-query-parameter'],
    [{ source: 'census' }, 'validation-failed'],
    [{ proposer: '' }, 'validation-failed'],
    [{ proposer: 'm'.repeat(201) }, 'validation-failed'],
  ] as const) {
    const reply = await s.request('GET', '/v1/pending', { query });
    t.equal(reply.statusCode, 400, JSON.stringify(query));
    t.equal(reply.json().code, code, JSON.stringify(query));
  }
});

t.test('group_by returns buckets with their count and first five claims', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'Ann' });
  const census = await make(s, '/v1/sources', { title: '1851 census' });
  const byOpus: string[] = [];
  for (let i = 0; i < 7; i++) byOpus.push(await propose(s, { persona, kind: 'residence', source: census }, 'claude-opus'));
  await propose(s, { persona, kind: 'residence' }, 'gpt-x');
  await propose(s, { persona, kind: 'residence' });
  const bySource = (await s.request('GET', '/v1/pending', { query: { group_by: 'source' } })).json();
  t.equal(bySource.total, 9);
  t.same(bySource.buckets.map((b: { key: string | null; count: number }) => [b.key, b.count]), [[census, 7], [null, 2]]);
  t.same(bySource.buckets[0].items.map((item: { id: string }) => item.id), byOpus.slice(0, 5), 'first five, oldest first');
  const byProposer = (await s.request('GET', '/v1/pending', { query: { group_by: 'proposer', order: 'desc' } })).json();
  t.same(byProposer.buckets.map((b: { key: string | null; count: number }) => [b.key, b.count]), [['claude-opus', 7], [null, 1], ['gpt-x', 1]]);
  t.same(byProposer.buckets[0].items.map((item: { id: string }) => item.id), byOpus.slice(2).reverse(), 'order applies inside buckets');
  const filtered = (await s.request('GET', '/v1/pending', { query: { group_by: 'proposer', source: census } })).json();
  t.same(filtered.buckets.map((b: { key: string | null; count: number }) => [b.key, b.count]), [['claude-opus', 7]], 'the filter applies before grouping');
  t.equal(filtered.total, 7);
  t.same(filtered.buckets[0].items.map((item: { id: string }) => item.id), byOpus.slice(0, 5), 'the bucket shows the first five census claims, oldest first');
  t.match(filtered.buckets[0].items, byOpus.slice(0, 5).map(() => ({ status: 'pending', source: census, proposer: 'claude-opus', kind: 'residence', persona })));
  const flat = (await s.request('GET', '/v1/pending', { query: { limit: 1 } })).json();
  const cursor = await s.request('GET', '/v1/pending', { query: { group_by: 'source', cursor: flat.next_cursor } });
  t.equal(cursor.statusCode, 400, 'buckets are not paged');
  t.match(cursor.json(), {
    code: 'validation-failed',
    detail: 'Buckets come in one answer; cursor does not apply with group_by',
    errors: [{ location: 'query', name: 'cursor', message: 'does not apply with group_by' }],
  }, 'and the refusal says why');
});

t.test('defer and undefer move a claim out of the lane and back; repeats are no-ops; other states 422', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'John' });
  const id = await propose(s, { persona, kind: 'burial' }, 'claude-opus');
  const lane = async () => (await s.request('GET', '/v1/pending')).json().total;
  t.equal(await lane(), 1);
  const steps: [string, number, string][] = [
    ['defer', 200, 'deferred'],
    ['defer', 200, 'deferred'],
    ['undefer', 200, 'pending'],
    ['undefer', 200, 'pending'],
    ['defer', 200, 'deferred'],
  ];
  for (const [review, status, after] of steps) {
    const reply = await s.request('POST', `/v1/pending/${id}/${review}`, { token: s.agentToken });
    t.equal(reply.statusCode, status, `${review}: ${reply.body}`);
    t.equal(statusOf(s, id), after, `${review} -> ${after}`);
  }
  t.equal(await lane(), 0, 'a deferred claim has left the lane');
  t.same(recordKinds(s, id), ['assertion.captured.v1', 'assertion.deferred.v1', 'assertion.undeferred.v1', 'assertion.deferred.v1'], 'no-ops write no record');
  await s.request('POST', `/v1/assertions/${id}/confirm`);
  for (const review of ['defer', 'undefer']) {
    const reply = await s.request('POST', `/v1/pending/${id}/${review}`);
    t.equal(reply.statusCode, 422, `${review} a confirmed claim`);
    t.equal(reply.json().code, 'invalid-state-transition');
  }
  const refuted = await propose(s, { persona, kind: 'burial' });
  await s.request('POST', `/v1/assertions/${refuted}/refute`);
  t.equal((await s.request('POST', `/v1/pending/${refuted}/undefer`)).statusCode, 422);
  t.equal((await s.request('POST', `/v1/pending/${UNKNOWN}/defer`)).statusCode, 404);
  t.equal((await s.request('POST', '/v1/pending/nope/defer')).statusCode, 400);
});
