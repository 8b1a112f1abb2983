import t from 'tap';
import { World, UNKNOWN } from './fixtures/world.js';
import { canonical, edge, neighbourhood, type Edge } from './fixtures/neighbourhood.js';

const TYPES = ['shared_event', 'association', 'place_co_occurrence'];
/** By type, the heaviest first within each type. */
const byTypeThenWeight = (edges: Edge[]) =>
  edges.every((e, i) => i === 0 || TYPES.indexOf(edges[i - 1].type) < TYPES.indexOf(e.type) || (edges[i - 1].type === e.type && edges[i - 1].weight >= e.weight));
/** By type, then neighbour id: the paging order. */
const byTypeThenNeighbour = (edges: Edge[]) =>
  edges.every((e, i) => i === 0 || TYPES.indexOf(edges[i - 1].type) < TYPES.indexOf(e.type) || (edges[i - 1].type === e.type && edges[i - 1].to < e.to));

t.test('the FAN network of a person: exact edges, weights and evidence, on both mounts', async (t) => {
  const active = await World.boot(t);
  const pinned = await active.pinned();
  for (const w of [active, pinned]) {
    const n = await neighbourhood(w);
    const reply = await w.request('GET', `/persons/${n.F}/fan-network`);
    t.equal(reply.statusCode, 200, w.prefix);
    const network = reply.json();
    t.same(canonical(network.edges), canonical([
      edge('shared_event', n.F, n.A, [n.e1, n.e2]),
      edge('shared_event', n.F, n.D, [n.e1]),
      edge('shared_event', n.F, n.B, [n.e2]),
      edge('shared_event', n.F, n.E, [n.e5]),
      edge('shared_event', n.F, n.C, [n.e7]),
      edge('association', n.F, n.C, [n.a1]),
      edge('association', n.F, n.A, [n.a2]),
      edge('association', n.F, n.B, [n.a3]),
      edge('association', n.F, n.D, [n.a4]),
      edge('place_co_occurrence', n.F, n.C, [n.e3]),
      edge('place_co_occurrence', n.F, n.G, [n.e4]),
    ]), 'every edge, no self edge, personas of F count as F, places folded, the phrase-dated e6 near nothing');
    t.ok(byTypeThenWeight(network.edges), 'by type, heaviest first within each');
    t.same(network.edge_types, ['shared_event', 'association', 'place_co_occurrence'], 'all three by default');
    t.same([network.window_start, network.window_end, network.truncated], [null, null, false]);
    t.match(network.focus, { id: n.F, kind: 'person', label: /Frances Hill/ });
    t.equal(network.nodes[0].id, n.F, 'the focus first');
    const nodes = new Map(network.nodes.map((node: { id: string }) => [node.id, node]));
    t.same([...nodes.keys()].sort(), [n.F, n.A, n.B, n.C, n.D, n.E, n.G].sort(), 'a node per neighbour');
    t.match(nodes.get(n.A), { kind: 'person', label: /Ann Price/ });
    t.same(nodes.get(n.D), { id: n.D, kind: 'persona', label: 'Dorothy Weaver' }, 'a persona not concluded into a person is its own node');
  }
});

t.test('a year window keeps events whose sort date falls in it; associations are undated and always count', async (t) => {
  const w = await World.boot(t);
  const n = await neighbourhood(w);
  const network = (await w.request('GET', `/persons/${n.F}/fan-network`, { query: { window_start: 1850, window_end: 1880 } })).json();
  t.same([network.window_start, network.window_end], [1850, 1880]);
  t.same(canonical(network.edges), canonical([
    edge('shared_event', n.F, n.A, [n.e1, n.e2]),
    edge('shared_event', n.F, n.D, [n.e1]),
    edge('shared_event', n.F, n.B, [n.e2]),
    edge('shared_event', n.F, n.C, [n.e7]),
    edge('association', n.F, n.C, [n.a1]),
    edge('association', n.F, n.A, [n.a2]),
    edge('association', n.F, n.B, [n.a3]),
    edge('association', n.F, n.D, [n.a4]),
    edge('place_co_occurrence', n.F, n.C, [n.e3]),
  ]), 'e5 (1890) and e4 (1900) are outside');

  const narrow = (await w.request('GET', `/persons/${n.F}/fan-network`, { query: { window_start: 1861, window_end: 1861, edge_types: 'shared_event,place_co_occurrence' } })).json();
  t.same(canonical(narrow.edges), canonical([edge('shared_event', n.F, n.C, [n.e7]), edge('place_co_occurrence', n.F, n.C, [n.e3])]), 'in 1861: the census F shares with C, and C\'s other census entry at Ledbury');
  const open = (await w.request('GET', `/persons/${n.F}/fan-network`, { query: { window_start: 1889, edge_types: 'shared_event' } })).json();
  t.same(canonical(open.edges), canonical([edge('shared_event', n.F, n.E, [n.e5])]), 'a window open at its end');
  const upTo = (await w.request('GET', `/persons/${n.F}/fan-network`, { query: { window_end: 1851, edge_types: 'shared_event' } })).json();
  t.same(canonical(upTo.edges), canonical([edge('shared_event', n.F, n.A, [n.e1]), edge('shared_event', n.F, n.D, [n.e1])]), 'a window open at its start');
});

t.test('place co-occurrence reads the events nearest in date to each of the focus\'s events there, and says when it stopped', async (t) => {
  const w = await World.boot(t);
  const focus = await w.person('Walter Vaughan');
  const clerk = await w.person('Parish Clerk');
  const early = await w.person('Early Settler');
  await w.event({ type: 'BAPM', date: '1850', place: 'Bromyard', participants: [{ person: focus.id, role: 'principal' }] });
  const entries: string[] = [];
  for (let year = 1820; year < 1850; year++) entries.push((await w.event({ type: 'BURI', date: String(year), place: 'Bromyard', participants: [{ person: year < 1825 ? early.id : clerk.id, role: 'informant' }] })).id);
  const network = (await w.request('GET', `/persons/${focus.id}/fan-network`)).json();
  t.same(canonical(network.edges), canonical([edge('place_co_occurrence', focus.id, clerk.id, entries.slice(5))]), 'the 25 nearest (1825-1849); 1820-1824 are further than the bound');
  t.equal(network.truncated, true, 'and the answer says a bound was reached');
  const windowed = (await w.request('GET', `/persons/${focus.id}/fan-network`, { query: { window_start: 1840 } })).json();
  t.same(canonical(windowed.edges), canonical([edge('place_co_occurrence', focus.id, clerk.id, entries.slice(20))]), 'inside a window: 1840-1849');
  t.equal(windowed.truncated, false);
});

t.test('edge_types picks edges; an unknown type, a reversed window or an unknown person is refused', async (t) => {
  const w = await World.boot(t);
  const n = await neighbourhood(w);
  const associations = (await w.request('GET', `/persons/${n.F}/fan-network`, { query: { edge_types: 'association' } })).json();
  t.same(associations.edge_types, ['association']);
  t.same(new Set(associations.edges.map((e: Edge) => e.type)), new Set(['association']));
  t.equal(associations.edges.length, 4);
  for (const edge_types of ['friendship', 'shared_event,friendship', '', 'shared_event,', 'SHARED_EVENT']) {
    const reply = await w.request('GET', `/persons/${n.F}/fan-network`, { query: { edge_types } });
    t.equal(reply.statusCode, 400, JSON.stringify(edge_types));
    t.match(reply.json(), { code: 'validation-failed', errors: [{ location: 'query', name: 'edge_types' }] });
  }
  t.match((await w.request('GET', `/persons/${n.F}/fan-network`, { query: { window_start: 1900, window_end: 1850 } })).json(), { code: 'validation-failed', errors: [{ name: 'window_start' }] });
  t.equal((await w.request('GET', `/persons/${n.F}/fan-network`, { query: { window_start: 'soon' } })).statusCode, 400);
  t.equal((await w.request('GET', `/persons/${n.F}/fan-network`, { query: { window_start: 0 } })).statusCode, 400);
  t.equal((await w.request('GET', `/persons/${n.F}/fan-network`, { query: { depth: 2 } })).json().code, 'unknown-query-parameter');
  t.equal((await w.request('GET', `/persons/${UNKNOWN}/fan-network`)).json().code, 'not-found');
  t.equal((await w.request('GET', `/persons/${n.D}/fan-network`)).statusCode, 404, 'a persona id is not a person');
});

t.test('a retracted person drops out of the network; its freed personas stand for themselves', async (t) => {
  const w = await World.boot(t);
  const n = await neighbourhood(w);
  t.equal((await w.request('POST', `/persons/${n.E}/retract`, { body: {} })).statusCode, 200);
  const network = (await w.request('GET', `/persons/${n.F}/fan-network`, { query: { edge_types: 'shared_event' } })).json();
  t.notOk(network.edges.some((e: Edge) => e.to === n.E), 'no edge to the retracted person');
  t.equal((await w.request('GET', `/persons/${n.E}/fan-network`)).statusCode, 404, 'nor a network of it');
});

t.test('fan/query: the network of a person, paged by type and neighbour with keyset cursors', async (t) => {
  const active = await World.boot(t);
  const pinned = await active.pinned();
  for (const w of [active, pinned]) {
    const n = await neighbourhood(w);
    const whole = (await w.request('GET', `/persons/${n.F}/fan-network`)).json();
    const seen: Edge[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const reply = await w.request('GET', '/fan/query', { query: { person_id: n.F, limit: 3, ...(cursor ? { cursor } : {}) } });
      t.equal(reply.statusCode, 200, `${w.prefix} page ${pages + 1}`);
      const page = reply.json();
      t.equal(page.total, 11, 'total is every edge');
      t.ok(page.items.length <= 3);
      t.equal(page.focus.id, n.F);
      t.same(new Set(page.nodes.map((node: { id: string }) => node.id)), new Set([n.F, ...page.items.map((e: Edge) => e.to)]), 'the nodes this page names');
      seen.push(...page.items);
      cursor = page.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    t.equal(pages, 4, '11 edges in pages of 3');
    t.same(canonical(seen), canonical(whole.edges), 'the pages, joined, are the whole network: nothing repeated or skipped');
    t.ok(byTypeThenNeighbour(seen), 'in (type, neighbour) order');

    const first = (await w.request('GET', '/fan/query', { query: { person_id: n.F, limit: 3 } })).json();
    const foreign = await w.request('GET', '/fan/query', { query: { person_id: n.F, limit: 3, edge_types: 'association', cursor: first.next_cursor } });
    t.equal(foreign.json().code, 'invalid-cursor', 'a cursor belongs to its query');
    t.equal((await w.request('GET', '/fan/query', { query: { person_id: n.F, cursor: 'garbage' } })).json().code, 'invalid-cursor');
  }
});

t.test('fan/query on a persona centres on that persona alone; the people it meets are persons', async (t) => {
  const w = await World.boot(t);
  const n = await neighbourhood(w);
  const page = (await w.request('GET', '/fan/query', { query: { persona_id: n.D } })).json();
  t.match(page.focus, { id: n.D, kind: 'persona', label: 'Dorothy Weaver' });
  t.same(canonical(page.items), canonical([
    edge('shared_event', n.D, n.F, [n.e1]),
    edge('shared_event', n.D, n.A, [n.e1]),
    edge('association', n.D, n.F, [n.a4]),
    edge('place_co_occurrence', n.D, n.F, [n.e2, n.e7]),
    edge('place_co_occurrence', n.D, n.A, [n.e2]),
    edge('place_co_occurrence', n.D, n.B, [n.e2]),
    edge('place_co_occurrence', n.D, n.C, [n.e3, n.e7]),
    edge('place_co_occurrence', n.D, n.G, [n.e4]),
  ]), 'F through persona fA on e2 is F');
  t.equal(page.next_cursor, null);

  const fA = (await w.request('GET', '/fan/query', { query: { persona_id: n.fA, edge_types: 'shared_event,association' } })).json();
  t.same(canonical(fA.items), canonical([
    edge('shared_event', n.fA, n.B, [n.e2]),
    edge('shared_event', n.fA, n.A, [n.e2]),
    edge('association', n.fA, n.B, [n.a3]),
  ]), 'a persona of F: its own events only, and never F itself (a5 links two personas of F)');
});

t.test('fan/query refusals', async (t) => {
  const w = await World.boot(t);
  const n = await neighbourhood(w);
  const cases: [string, Record<string, string | number>, number, string][] = [
    ['neither focus', {}, 400, 'validation-failed'],
    ['both', { person_id: n.F, persona_id: n.D }, 400, 'validation-failed'],
    ['unknown person', { person_id: UNKNOWN }, 404, 'not-found'],
    ['unknown persona', { persona_id: UNKNOWN }, 404, 'not-found'],
    ['unknown edge type', { person_id: n.F, edge_types: 'kinship' }, 400, 'validation-failed'],
    ['not a uuid', { person_id: 'frances' }, 400, 'validation-failed'],
    ['limit not an integer', { person_id: n.F, limit: 'ten' }, 400, 'validation-failed'],
    ['unknown parameter', { person_id: n.F, sort: 'weight' }, 400, 'unknown-query-parameter'],
  ];
  for (const [name, query, status, code] of cases) {
    const reply = await w.request('GET', '/fan/query', { query });
    t.equal(reply.statusCode, status, name);
    t.equal(reply.json().code, code, name);
  }
  const clamped = (await w.request('GET', '/fan/query', { query: { person_id: n.F, limit: 100_000 } })).json();
  t.equal(clamped.items.length, 11, 'limit is clamped, not refused');
});
