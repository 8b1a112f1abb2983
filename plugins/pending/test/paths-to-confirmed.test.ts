import t from 'tap';
import { countRows, laneServer, make, propose, recordKinds, statusOf } from './fixtures/helpers.js';

/**
 * The lane's paths to `confirmed`, taken by an agent: bulk-confirm (by ids, by bucket) is the
 * human's (CONTRACT §3), so the agent gets 403 and every claim stays where it was; defer and
 * undefer move a claim between pending and deferred and never confirm it. The human's rows show
 * the same calls do confirm. The assertions plugin's own paths are in its paths-to-confirmed test.
 */

type Who = 'human' | 'agent';

t.test('the lane\'s paths to confirmed: an agent confirms nothing', async (t) => {
  const s = await laneServer(t);
  const persona = await make(s, '/v1/personas', { given: 'Ann', surname: 'Smyth' });
  const source = await make(s, '/v1/sources', { title: 'Ledbury register' });
  const rows: [name: string, who: Who, act: (ids: string[]) => Promise<{ statusCode: number }>, reply: number, after: string][] = [
    ['agent bulk-confirms by ids', 'agent', (ids) => s.request('POST', '/v1/pending/bulk-confirm', { token: s.agentToken, body: { ids } }), 403, 'pending'],
    ['agent bulk-confirms a bucket', 'agent', () => s.request('POST', '/v1/pending/bulk-confirm', { token: s.agentToken, body: { bucket: { group_by: 'source', key: source } } }), 403, 'pending'],
    ['agent defers', 'agent', async (ids) => (await Promise.all(ids.map((id) => s.request('POST', `/v1/pending/${id}/defer`, { token: s.agentToken }))))[0], 200, 'deferred'],
    ['human bulk-confirms by ids', 'human', (ids) => s.request('POST', '/v1/pending/bulk-confirm', { body: { ids } }), 200, 'confirmed'],
    ['human bulk-confirms a bucket', 'human', () => s.request('POST', '/v1/pending/bulk-confirm', { body: { bucket: { group_by: 'source', key: source } } }), 200, 'confirmed'],
  ];
  for (const [name, who, act, reply, after] of rows) {
    const ids = [await propose(s, { persona, kind: 'birth', source }, 'model-x'), await propose(s, { persona, kind: 'death', source }, 'model-x')];
    const claims = countRows(s, 'assertions');
    const response = await act(ids);
    t.equal(response.statusCode, reply, `${name}: HTTP ${reply} (${who})`);
    for (const id of ids) t.equal(statusOf(s, id), after, `${name}: ${id} is ${after}`);
    t.equal(countRows(s, 'assertions'), claims, `${name}: no claim made`);
    if (who === 'agent') {
      for (const id of ids) t.notOk(recordKinds(s, id).includes('assertion.confirmed.v1'), `${name}: ${id} has no confirmation on record`);
      // Then the batch leaves the source's bucket (refuted by the human), so the next row's bucket holds only its own claims.
      for (const id of ids) {
        if (statusOf(s, id) === 'deferred') await s.request('POST', `/v1/pending/${id}/undefer`, { token: s.agentToken });
        t.equal(statusOf(s, id), 'pending', `${name}: an agent's undefer puts ${id} back in the lane, still pending`);
        await s.request('POST', `/v1/assertions/${id}/refute`);
      }
    }
  }
});
