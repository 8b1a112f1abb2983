import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { capture, countRows, mounts, newEvent, newPeople, newPerson, newPersona, newSource, parentOf, partners, viewsServer, type Mount } from './fixtures/helpers.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';

/** William (two personas), his parents John and Ann, his wife Mary, and two children. */
async function family(s: TestServer, m: Mount) {
  const register = await newSource(s, m, 'Ledbury parish register');
  const census = await newSource(s, m, '1881 census, Ledbury');
  const baptism = await newPersona(s, m, 'William', 'Smyth', { sex: 'M', source: register });
  const enumerated = await newPersona(s, m, 'Wm.', 'Smith');
  const william = await newPerson(s, m, [baptism, enumerated]);
  const john = await newPeople(s, m, 'John', 'Smyth', { sex: 'M' });
  const ann = await newPeople(s, m, 'Ann', 'Smyth', { sex: 'F' });
  const mary = await newPeople(s, m, 'Mary', 'Jones', { sex: 'F' });
  const kids = [await newPeople(s, m, 'Thomas'), await newPeople(s, m, 'Eliza')];
  const edges = {
    father: await parentOf(s, m, john.person, william),
    mother: await parentOf(s, m, ann.person, william),
    wife: await partners(s, m, william, mary.person),
    kids: [await parentOf(s, m, william, kids[0].person), await parentOf(s, m, william, kids[1].person)],
  };
  await capture(s, m, { persona: baptism, kind: 'baptism', date: '20 MAR 1851', place: 'Ledbury', source: register });
  await capture(s, m, { persona: enumerated, kind: 'death', date: 'ABT 1920', source: census });
  await capture(s, m, { persona: enumerated, kind: 'occupation', value: 'Blacksmith', source: census }, 'agent');
  await capture(s, m, { persona: john.persona, kind: 'birth', date: '1820' });
  return { william, baptism, enumerated, john, ann, mary, kids, edges, register, census };
}

t.test('the card shows who the person is and who is around them, on both mounts', async (t) => {
  const s = await viewsServer(t);
  const seen: Record<string, string> = {};
  for (const { mount, treeId } of await mounts(s)) {
    const f = await family(s, mount);
    const records = countRows(s, 'records', treeId);
    const reply = await s.request('GET', `${mount}/persons/${f.william}/card`);
    t.equal(reply.statusCode, 200, mount);
    const card = reply.json();
    t.match(card, {
      id: f.william,
      display_name: 'William Smyth',
      sex: 'M',
      life_years: '1851–c. 1920',
      birth: { date: '20 MAR 1851', place: 'Ledbury', status: 'confirmed', flagged: false },
      death: { date: 'ABT 1920' },
      living: false,
      living_source: 'derived',
    });
    t.same(card.names.map((name: { id: string; name: { display: string }; source: string | null }) => [name.id, name.name.display, name.source]), [
      [f.baptism, 'William Smyth', f.register],
      [f.enumerated, 'Wm. Smith', null],
    ], "every persona's name, in the person's order");
    t.same(card.parents.map((p: Record<string, unknown>) => [p.id, p.display_name, p.relationship, p.pedigree]), [
      [f.john.person, 'John Smyth', f.edges.father, 'birth'],
      [f.ann.person, 'Ann Smyth', f.edges.mother, 'birth'],
    ]);
    t.equal(card.parents[0].life_years, '1820–');
    t.same(card.partners, [{ id: f.mary.person, display_name: 'Mary Jones', life_years: null, relationship: f.edges.wife }]);
    t.same(card.children.map((c: { id: string; relationship: string }) => [c.id, c.relationship]), f.kids.map((kid, i) => [kid.person, f.edges.kids[i]]));
    t.same(card.counts, { names: 2, parents: 2, partners: 1, children: 2, open_conflicts: 0, pending_claims: 1 });
    for (const list of ['events', 'assertions', 'sources']) t.notOk(list in card, `${list} only when expanded`);
    t.equal(countRows(s, 'records', treeId), records, 'reading a card records nothing');

    const agent = await s.request('GET', `${mount}/persons/${f.william}/card`, { token: s.agentToken });
    t.same(agent.json(), card, 'an agent reads the same card (nothing redacted)');
    seen[mount] = f.william;
  }
  const [active, pinned] = Object.keys(seen);
  t.equal((await s.request('GET', `${active}/persons/${seen[pinned]}/card`)).statusCode, 404, 'a pinned tree’s person is not on the active mount');
  t.equal((await s.request('GET', `${pinned}/persons/${seen[active]}/card`)).statusCode, 404);
});

t.test('expanded lists: events, standing claims and sources, with their counts', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const f = await family(s, m);
  const baptism = await newEvent(s, m, { type: 'BAPM', date: '20 MAR 1851', place: 'Ledbury', participants: [{ person: f.william, role: 'principal' }] });
  const refuted = await capture(s, m, { persona: f.baptism, kind: 'residence', place: 'Hereford' }, 'agent');
  t.equal((await s.request('POST', `${m}/assertions/${refuted.id}/refute`)).statusCode, 200);
  const reply = await s.request('GET', `${m}/persons/${f.william}/card`, { query: { expand: ' sources , events,events,' } });
  t.equal(reply.statusCode, 200, 'names trimmed, repeated and empty names ignored');
  const card = reply.json();
  t.same(card.events.items.map((event: { id: string }) => event.id), [baptism]);
  t.equal(card.events.total, 1);
  t.match(card.events.items[0], { type: 'BAPM', date: '20 MAR 1851', place: 'Ledbury' });
  t.same(card.sources, {
    items: [
      { id: f.census, title: '1881 census, Ledbury', source_type: null, claim_count: 2, created_at_ms: card.sources.items[0].created_at_ms },
      { id: f.register, title: 'Ledbury parish register', source_type: null, claim_count: 1, created_at_ms: card.sources.items[1].created_at_ms },
    ],
    total: 2,
  }, 'the sources its personas come from and its claims cite, by title');
  t.notOk('assertions' in card);
  const claims = (await s.request('GET', `${m}/persons/${f.william}/card`, { query: { expand: 'assertions' } })).json().assertions;
  t.same(claims.items.map((claim: { kind: string; status: string }) => [claim.kind, claim.status]), [['baptism', 'confirmed'], ['death', 'confirmed'], ['occupation', 'pending']], 'standing claims, oldest first; the refuted one is left out');
  t.equal(claims.total, 3);
});

t.test('a source a persona is read from is on the card even when no claim cites it', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const admissions = await newSource(s, m, 'Ledbury workhouse admissions');
  const persona = await newPersona(s, m, 'Ann', 'Brown', { source: admissions });
  const person = await newPerson(s, m, [persona]);
  const card = (await s.request('GET', `${m}/persons/${person}/card`, { query: { expand: 'sources' } })).json();
  t.same(card.sources.items.map((source: { id: string }) => source.id), [admissions]);
  t.equal(card.sources.total, 1);
});

t.test('each expanded list and each list of relatives shows at most 100, and counts them all', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const { person, persona } = await newPeople(s, m, 'William');
  const sources: string[] = [];
  for (let i = 0; i < 101; i++) {
    const source = await newSource(s, m, `Source ${String(i).padStart(3, '0')}`);
    sources.push(source);
    await capture(s, m, { persona, kind: 'residence', place: `Place ${i}`, source });
  }
  for (let i = 0; i < 4; i++) await capture(s, m, { persona, kind: 'note', value: `unsourced ${i}` }, 'agent');
  for (let i = 0; i < 101; i++) await newEvent(s, m, { type: 'RESI', date: `${1860 + i}`, participants: [{ person, role: 'principal' }] });
  const linked: number[] = [];
  for (let i = 0; i < 101; i++) {
    await parentOf(s, m, person, (await newPeople(s, m, `Child${i}`)).person);
    // Two birth parents at most: the rest foster (a foundling's many households).
    const parent = (await newPeople(s, m, `Parent${i}`)).person;
    linked.push((await s.request('POST', `${m}/relationships`, { body: { kind: 'parent', parent, child: person, pedigree: i < 2 ? 'birth' : 'foster' } })).statusCode);
    await partners(s, m, person, (await newPeople(s, m, `Partner${i}`)).person);
  }
  t.same(new Set(linked), new Set([201]), 'every parent linked');
  const card = (await s.request('GET', `${m}/persons/${person}/card`, { query: { expand: 'events,assertions,sources' } })).json();
  t.equal(card.events.items.length, 100);
  t.equal(card.events.total, 101);
  t.equal(card.assertions.items.length, 100);
  t.equal(card.assertions.total, 105);
  t.equal(card.assertions.items[0].place, 'Place 0', 'oldest first');
  t.equal(card.sources.items.length, 100);
  t.equal(card.sources.total, 101);
  t.same(card.sources.items.map((source: { id: string }) => source.id), sources.slice(0, 100), 'by title');
  for (const kin of ['parents', 'partners', 'children']) {
    t.equal(card[kin].length, 100, `${kin}: 100 shown`);
    t.equal(new Set(card[kin].map((relative: { id: string }) => relative.id)).size, 100, `${kin}: each once`);
    t.equal(card.counts[kin], 101, `${kin}: all counted`);
  }
  t.equal(card.counts.pending_claims, 4);
});

t.test('an unknown expand name, an unknown or retracted person: refused, nothing written', async (t) => {
  const s = await viewsServer(t);
  const { person } = await newPeople(s, '/v1', 'William');
  const { person: retracted } = await newPeople(s, '/v1', 'Gone');
  t.equal((await s.request('POST', `/v1/persons/${retracted}/retract`, { body: {} })).statusCode, 200);
  const records = countRows(s, 'records');
  const cases: [string, Record<string, string>, number, string][] = [
    [person, { expand: 'notes' }, 400, 'invalid-expand'],
    [person, { expand: 'events,Sources' }, 400, 'invalid-expand'],
    [person, { expand: 'events', limit: '5' }, 400, 'unknown-query-parameter'],
    [UNKNOWN, {}, 404, 'not-found'],
    [retracted, {}, 404, 'not-found'],
    ['not-a-uuid', {}, 400, 'validation-failed'],
  ];
  for (const [id, query, status, code] of cases) {
    const reply = await s.request('GET', `/v1/persons/${id}/card`, { query });
    t.equal(reply.statusCode, status, `${id.slice(0, 8)} ${JSON.stringify(query)}`);
    t.equal(reply.json().code, code);
  }
  const bad = (await s.request('GET', `/v1/persons/${person}/card`, { query: { expand: 'notes' } })).json();
  t.match(bad, { detail: /notes/, errors: [{ location: 'query', name: 'expand' }] });
  t.equal(countRows(s, 'records'), records, 'nothing recorded');
  t.equal((await s.request('GET', `/v1/persons/${person}/card`, { query: { expand: '' } })).statusCode, 200, 'an empty expand is no expansion');
});
