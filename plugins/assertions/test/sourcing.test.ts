import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { capture, claimIn, evidenceServer, newPersona, newSource, REACHABLE } from './fixtures/helpers.js';

const tally = async (s: TestServer) => (await s.request('GET', '/v1/assertions/unsourced/tally')).json();

// Deferred claims (reached through the pending plugin) are counted in plugins/pending/test.
t.test('the sourcing tally counts active claims only, and total is always sourced + needs_source', async (t) => {
  const s = await evidenceServer(t);
  t.same(await tally(s), { sourced: 0, needs_source: 0, total: 0 });
  const persona = await newPersona(s);
  const source = await newSource(s);
  const expected = { sourced: 0, needs_source: 0 };
  for (const status of REACHABLE) {
    for (const sourced of [true, false]) {
      await claimIn(s, persona, status, sourced ? source : undefined);
      // superseding leaves an active replacement behind, citing what the old claim cited
      const standing = ['pending', 'confirmed', 'superseded'].includes(status);
      if (standing) expected[sourced ? 'sourced' : 'needs_source']++;
      const now = await tally(s);
      t.same(now, { ...expected, total: expected.sourced + expected.needs_source }, `after a ${sourced ? 'sourced' : 'unsourced'} ${status} claim`);
      t.equal(now.total, now.sourced + now.needs_source);
    }
  }
  const unsourced = await capture(s, { persona, kind: 'death' }, 'agent');
  await s.request('POST', `/v1/assertions/${unsourced.id}/attach-evidence`, { body: { kind: 'url', url: 'https://example.org/burial' } });
  t.equal((await tally(s)).needs_source, expected.needs_source + 1, 'a URL is evidence, not a source');
});

// A deferred claim in the lane (reached through the pending plugin) is checked in plugins/pending/test.
t.test('the unsourced lane pages active claims without a source; its total is the tally\'s needs_source', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const waiting: string[] = [];
  for (const status of ['pending', 'confirmed', 'refuted', 'fabricated'] as const) {
    const id = await claimIn(s, persona, status);
    if (status !== 'refuted' && status !== 'fabricated') waiting.push(id);
    await claimIn(s, persona, status, source);
  }
  const first = (await s.request('GET', '/v1/assertions/unsourced', { query: { limit: 1 } })).json();
  t.equal(first.total, 2);
  t.equal(first.total, (await tally(s)).needs_source);
  const second = (await s.request('GET', '/v1/assertions/unsourced', { query: { limit: 1, cursor: first.next_cursor } })).json();
  t.same([...first.items, ...second.items].map((item: { id: string }) => item.id), waiting);
  t.equal(second.next_cursor, null);
  t.equal((await s.request('GET', '/v1/assertions/unsourced', { query: { persona } })).json().code, 'unknown-query-parameter');
  t.equal((await s.request('GET', '/v1/assertions/unsourced/tally', { query: { limit: 1 } })).statusCode, 400);
});

t.test('cited-by pages every claim citing a source, any persona, any status; an unknown source is 404', async (t) => {
  const s = await evidenceServer(t);
  const source = await newSource(s);
  const other = await newSource(s, 'Other');
  const citing: string[] = [];
  for (let i = 0; i < 5; i++) {
    const persona = await newPersona(s, `Child ${i}`);
    citing.push((await capture(s, { persona, kind: 'birth', source }, i % 2 ? 'agent' : 'human')).id);
    await capture(s, { persona, kind: 'birth', source: other });
  }
  await s.request('POST', `/v1/assertions/${citing[0]}/refute`);
  const first = (await s.request('GET', `/v1/sources/${source}/cited-by`, { query: { limit: 3 } })).json();
  t.equal(first.total, 5);
  const rest = (await s.request('GET', `/v1/sources/${source}/cited-by`, { query: { limit: 3, cursor: first.next_cursor } })).json();
  t.same([...first.items, ...rest.items].map((item: { id: string }) => item.id), citing);
  const foreign = await s.request('GET', `/v1/sources/${other}/cited-by`, { query: { cursor: first.next_cursor } });
  t.equal(foreign.json().code, 'invalid-cursor', 'a cursor belongs to its source');
  const unknown = await s.request('GET', '/v1/sources/01938f0e-0000-7000-8000-000000000000/cited-by');
  t.equal(unknown.statusCode, 404);
  t.match(unknown.json(), { code: 'not-found', entity: 'source' });
  t.equal((await s.request('GET', `/v1/sources/${source}/cited-by`, { query: { persona: source } })).statusCode, 400);
});
