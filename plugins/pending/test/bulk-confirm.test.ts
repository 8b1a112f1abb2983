import t from 'tap';
import { countRows, laneServer, make, propose, recordKinds, statusOf } from './fixtures/helpers.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';

t.test('bulk-confirm by ids says per claim what happened and confirms only what can be confirmed', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'William' });
  const pending = await propose(s, { persona, kind: 'birth' }, 'claude-opus');
  const deferred = await propose(s, { persona, kind: 'birth' });
  await s.request('POST', `/v1/pending/${deferred}/defer`);
  const confirmed = await propose(s, { persona, kind: 'birth' });
  await s.request('POST', `/v1/assertions/${confirmed}/confirm`);
  const refuted = await propose(s, { persona, kind: 'birth' });
  await s.request('POST', `/v1/assertions/${refuted}/refute`);
  const records = countRows(s, 'records');
  const reply = await s.request('POST', '/v1/pending/bulk-confirm', { body: { ids: [pending, deferred, confirmed, refuted, UNKNOWN] } });
  t.equal(reply.statusCode, 200, reply.body);
  t.match(reply.json().results, [
    { id: pending, outcome: 'confirmed' },
    { id: deferred, outcome: 'confirmed' },
    { id: confirmed, outcome: 'already_confirmed' },
    { id: refuted, outcome: 'refused', detail: /refuted/ },
    { id: UNKNOWN, outcome: 'not_found' },
  ]);
  t.same([pending, deferred, confirmed, refuted].map((id) => statusOf(s, id)), ['confirmed', 'confirmed', 'confirmed', 'refuted']);
  t.equal(countRows(s, 'records'), records + 2, 'one record per claim confirmed');
  t.same(recordKinds(s, pending).at(-1), 'assertion.confirmed.v1');
});

t.test('bulk-confirm of a bucket confirms that bucket\'s pending claims only', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'Ann' });
  const census = await make(s, '/v1/sources', { title: '1851 census' });
  const inBucket = [await propose(s, { persona, kind: 'residence', source: census }, 'gpt-x'), await propose(s, { persona, kind: 'birth', source: census }, 'claude-opus')];
  const deferred = await propose(s, { persona, kind: 'death', source: census });
  await s.request('POST', `/v1/pending/${deferred}/defer`);
  const elsewhere = await propose(s, { persona, kind: 'residence' }, 'gpt-x');
  const reply = await s.request('POST', '/v1/pending/bulk-confirm', { body: { bucket: { group_by: 'source', key: census } } });
  t.same(reply.json(), { results: inBucket.map((id) => ({ id, outcome: 'confirmed' })), remaining: 0 });
  t.equal(statusOf(s, deferred), 'deferred', 'a deferred claim is not in the bucket');
  t.equal(statusOf(s, elsewhere), 'pending');
  const nulls = await s.request('POST', '/v1/pending/bulk-confirm', { body: { bucket: { group_by: 'source', key: null } } });
  t.same(nulls.json().results, [{ id: elsewhere, outcome: 'confirmed' }], 'key null is the bucket without a source');
  const empty = await s.request('POST', '/v1/pending/bulk-confirm', { body: { bucket: { group_by: 'proposer', key: 'nobody' } } });
  t.same(empty.json(), { results: [], remaining: 0 });
});

t.test('bulk-confirm is the human\'s, and refuses bad input with nothing written', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'John' });
  const id = await propose(s, { persona, kind: 'birth' });
  const agent = await s.request('POST', '/v1/pending/bulk-confirm', { body: { ids: [id] }, token: s.agentToken });
  t.equal(agent.statusCode, 403);
  t.equal(agent.json().code, 'human-token-required');
  const records = countRows(s, 'records');
  const cases: unknown[] = [
    undefined,
    {},
    { ids: [] },
    { ids: ['nope'] },
    { ids: [id, id] },
    { ids: { id } },
    { ids: [id], bucket: { group_by: 'source', key: null } },
    { ids: [id], force: true },
    { bucket: { group_by: 'persona', key: persona } },
    { bucket: { group_by: 'source' } },
    { bucket: { group_by: 'proposer', key: '' } },
    { bucket: { group_by: 'proposer', key: 'm'.repeat(201) } },
    { bucket: { group_by: 'source', key: null, limit: 3 } },
    { ids: Array.from({ length: 501 }, (_, i) => `01938f0e-0000-7000-8000-${String(i).padStart(12, '0')}`) },
  ];
  for (const body of cases) t.equal((await s.request('POST', '/v1/pending/bulk-confirm', { body })).statusCode, 400, JSON.stringify(body)?.slice(0, 80));
  t.equal(statusOf(s, id), 'pending');
  t.equal(countRows(s, 'records'), records, 'nothing written');
});
