import t, { type Test } from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { capture, evidenceServer, newPersona, newSource } from './fixtures/helpers.js';

/** Walks every page of a list; checks each page's total and that no row repeats. */
async function walk(t: Test, s: TestServer, query: Record<string, string | number>) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  let total = -1;
  do {
    const reply = await s.request('GET', '/v1/assertions', { query: { ...query, ...(cursor ? { cursor } : {}) } });
    t.equal(reply.statusCode, 200, reply.body);
    const page = reply.json();
    if (total === -1) total = page.total;
    t.equal(page.total, total, 'every page counts all matches');
    seen.push(...page.items.map((item: { id: string }) => item.id));
    cursor = page.next_cursor;
    pages++;
  } while (cursor);
  t.equal(new Set(seen).size, seen.length, 'no row twice');
  return { ids: seen, pages, total };
}

t.test('the list of a persona filters before paging, so total counts matches; a cursor walk sees each match once', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const other = await newPersona(s, 'John');
  const census = await newSource(s);
  const register = await newSource(s, 'Ledbury parish register');
  const made: { id: string; kind: string; status: string; source: string | null }[] = [];
  for (let i = 0; i < 23; i++) {
    const source = i % 3 === 0 ? census : i % 3 === 1 ? register : undefined;
    const claim = await capture(s, { persona, kind: i % 2 ? 'birth' : 'residence', value: `entry ${i}`, ...(source ? { source } : {}) }, i % 4 === 0 ? 'human' : 'agent');
    made.push({ id: claim.id, kind: claim.kind, status: claim.status, source: claim.source });
  }
  await capture(s, { persona: other, kind: 'birth', source: census });

  const all = await walk(t, s, { persona, limit: 5 });
  t.equal(all.total, 23);
  t.equal(all.pages, 5);
  t.same(all.ids, made.map((claim) => claim.id), 'oldest first by default');

  const births = await walk(t, s, { persona, kind: 'birth', limit: 4 });
  t.same(births.ids, made.filter((claim) => claim.kind === 'birth').map((claim) => claim.id));
  t.equal(births.total, 11);

  const confirmedCensus = await walk(t, s, { persona, state: 'confirmed', source: census, limit: 1 });
  t.same(confirmedCensus.ids, made.filter((claim) => claim.status === 'confirmed' && claim.source === census).map((claim) => claim.id));
  t.equal(confirmedCensus.total, confirmedCensus.ids.length);

  const newest = await walk(t, s, { persona, sort: 'created', order: 'desc', limit: 7 });
  t.same(newest.ids, made.map((claim) => claim.id).reverse(), 'order=desc walks newest first');

  const none = await s.request('GET', '/v1/assertions', { query: { persona, kind: 'burial' } });
  t.same(none.json(), { items: [], next_cursor: null, total: 0 });
  const big = await s.request('GET', '/v1/assertions', { query: { persona, limit: 100000 } });
  t.equal(big.json().items.length, 23, 'limit is clamped, not refused');
});

t.test('rows added while paging are neither repeated nor skipped among those that existed', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const first: string[] = [];
  for (let i = 0; i < 6; i++) first.push((await capture(s, { persona, kind: 'fact', value: `${i}` })).id);
  const page1 = (await s.request('GET', '/v1/assertions', { query: { persona, limit: 3 } })).json();
  await capture(s, { persona, kind: 'fact', value: 'late' });
  const page2 = (await s.request('GET', '/v1/assertions', { query: { persona, limit: 3, cursor: page1.next_cursor } })).json();
  t.same([...page1.items, ...page2.items].map((item: { id: string }) => item.id), first);
});

t.test('the list refuses what it does not understand', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  await capture(s, { persona, kind: 'birth' });
  await capture(s, { persona, kind: 'birth' });
  const cases: [Record<string, string | number>, string][] = [
    [{}, 'validation-failed'],
    [{ persona: 'william' }, 'validation-failed'],
    [{ persona, sort: 'date' }, 'invalid-sort'],
    [{ persona, order: 'sideways' }, 'invalid-order'],
    [{ persona, state: 'maybe' }, 'validation-failed'],
    [{ persona, source: 'census' }, 'validation-failed'],
    [{ persona, status: 'confirmed' }, 'unknown-query-parameter'],
    [{ persona, limit: 'ten' }, 'validation-failed'],
    [{ persona, cursor: 'made-up' }, 'invalid-cursor'],
  ];
  for (const [query, code] of cases) {
    const reply = await s.request('GET', '/v1/assertions', { query });
    t.equal(reply.statusCode, 400, JSON.stringify(query));
    t.equal(reply.json().code, code, `${JSON.stringify(query)} -> ${code}`);
  }
  const asc = (await s.request('GET', '/v1/assertions', { query: { persona, limit: 1 } })).json();
  const crossed = await s.request('GET', '/v1/assertions', { query: { persona, limit: 1, order: 'desc', cursor: asc.next_cursor } });
  t.equal(crossed.json().code, 'invalid-cursor', 'a cursor is bound to its order');
  const unknown = await s.request('GET', '/v1/assertions', { query: { persona: '01938f0e-0000-7000-8000-000000000000' } });
  t.equal(unknown.statusCode, 404, 'an unknown persona is named, not an empty page');
});

t.test('list rows are the claims exactly as a single read shows them (less the evidence)', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const byAgent = await capture(s, { persona, kind: 'birth', date: 'ABT 1851', place: 'Ledbury, Herefordshire', source, value: 'Wm. "Bill" Smyth — ünïcode' }, 'agent', 'example-model-7');
  const byHuman = await capture(s, { persona, kind: 'death' }, 'human');
  const lists = [
    (await s.request('GET', '/v1/assertions', { query: { persona } })).json().items,
    (await s.request('GET', `/v1/sources/${source}/cited-by`)).json().items,
    (await s.request('GET', '/v1/assertions/unsourced')).json().items,
  ];
  for (const claim of [byAgent, byHuman]) {
    const { evidence, ...single } = (await s.request('GET', `/v1/assertions/${claim.id}`)).json();
    t.same(evidence, []);
    t.strictSame(lists[0].find((row: { id: string }) => row.id === claim.id), single, `${claim.kind} in the persona list`);
  }
  t.strictSame(lists[1].map((row: { id: string }) => row.id), [byAgent.id]);
  t.notOk('proposer' in lists[0].find((row: { id: string }) => row.id === byHuman.id), 'no proposer key for the human');
  t.equal(lists[0].find((row: { id: string }) => row.id === byAgent.id).proposer, 'example-model-7');
  t.strictSame(lists[2].map((row: { id: string }) => row.id), [byHuman.id]);
});

t.test('while a first import has the claims\' indexes set aside, a list that names one still answers, with the same claims', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const census = await newSource(s);
  for (let i = 0; i < 7; i++) await capture(s, { persona, kind: i % 2 ? 'birth' : 'residence', value: `entry ${i}`, ...(i % 3 ? { source: census } : {}) }, i % 2 ? 'human' : 'agent');
  const filters: Record<string, string>[] = [{ persona, state: 'confirmed' }, { persona, kind: 'birth' }, { persona, source: census, state: 'pending' }, { persona, kind: 'residence', state: 'pending', source: census }];
  const lists = async () => Promise.all(filters.map(async (filter) => (await walk(t, s, { ...filter, limit: 2 })).ids));
  const before = await lists();
  const tree = s.server.kernel.trees.active();
  t.ok(tree.startBulkLoad().includes('assertions_by_persona_status'), 'the new tree\'s claim indexes are set aside');
  t.same(await lists(), before, 'each list, paged, as through its index (no 500 "no such index")');
  t.same(s.server.kernel.servicesFor(tree, { kind: 'human', credentialId: null }).assertionsService.forPersonas([persona], 10).total, 7, 'a person card\'s claims are read too');
  await tree.finishBulkLoad();
  t.same(await lists(), before, 'and after the indexes are back');
});
