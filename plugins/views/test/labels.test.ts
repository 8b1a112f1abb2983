import t from 'tap';
import { capture, countRows, mounts, newEvent, newPeople, newPersona, newSource, parentOf, viewsServer } from './fixtures/helpers.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';

t.test('labels name every kind of entity, on both mounts, and leave out what they do not know', async (t) => {
  const s = await viewsServer(t);
  const seen: Record<string, string[]> = {};
  for (const { mount } of await mounts(s)) {
    const source = await newSource(s, mount, '1851 census, Ledbury');
    const child = await newPeople(s, mount, 'William');
    const father = await newPeople(s, mount, 'John');
    const loose = await newPersona(s, mount, 'Mary', 'Jones');
    const claim = (await capture(s, mount, { persona: child.persona, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury', source })).id;
    const occupation = (await capture(s, mount, { persona: loose, kind: 'occupation', value: 'Blacksmith' })).id;
    const event = await newEvent(s, mount, { type: 'BAPM', date: '20 MAR 1851', place: 'Ledbury', participants: [{ person: child.person, role: 'principal' }] });
    const relationship = await parentOf(s, mount, father.person, child.person);
    const ids = [child.person, child.persona, loose, source, claim, occupation, event, relationship];
    const reply = await s.request('GET', `${mount}/labels`, { query: { ids: [...ids, UNKNOWN, 'not-an-id', child.person].join(',') } });
    t.equal(reply.statusCode, 200, mount);
    const labels: { id: string; kind: string; label: string }[] = reply.json().labels;
    t.equal(labels.length, ids.length, 'one label per known id: unknown and malformed ids left out, a repeated id answered once');
    const byId = new Map(labels.map((label) => [label.id, label]));
    t.same(ids.map((id) => byId.get(id)?.kind), ['person', 'persona', 'persona', 'source', 'assertion', 'assertion', 'event', 'relationship']);
    t.match(byId.get(child.person)!.label, /^William Smyth \(1851/, 'a person: name and life years');
    t.equal(byId.get(child.persona)!.label, 'William Smyth');
    t.equal(byId.get(loose)!.label, 'Mary Jones');
    t.equal(byId.get(source)!.label, '1851 census, Ledbury');
    t.equal(byId.get(claim)!.label, 'Birth of William Smyth: 12 MAR 1851, Ledbury', 'a claim: kind, persona, date and place');
    t.equal(byId.get(occupation)!.label, 'Occupation of Mary Jones: Blacksmith', 'without date or place, the value');
    t.match(byId.get(event)!.label, /Baptism/);
    t.match(byId.get(relationship)!.label, /Parent of William Smyth.*John Smyth/);
    seen[mount] = ids;
  }
  const [active, pinned] = Object.keys(seen);
  const crossed = await s.request('GET', `${active}/labels`, { query: { ids: seen[pinned].join(',') } });
  t.same(crossed.json(), { labels: [] }, 'the active mount knows nothing of the pinned tree');
  const back = await s.request('GET', `${pinned}/labels`, { query: { ids: seen[active].join(',') } });
  t.same(back.json(), { labels: [] }, 'nor the pinned mount of the active tree');
});

t.test('an agent reads labels too; a retracted person has none', async (t) => {
  const s = await viewsServer(t);
  const { person } = await newPeople(s, '/v1', 'William');
  const agent = await s.request('GET', '/v1/labels', { query: { ids: person }, token: s.agentToken });
  t.equal(agent.statusCode, 200);
  t.equal(agent.json().labels[0].label, 'William Smyth');
  t.equal((await s.request('POST', `/v1/persons/${person}/retract`, { body: {} })).statusCode, 200);
  t.same((await s.request('GET', '/v1/labels', { query: { ids: person } })).json(), { labels: [] });
});

t.test('ids is required, names 1 to 500 ids, and a refusal writes nothing', async (t) => {
  const s = await viewsServer(t);
  const persona = await newPersona(s, '/v1', 'William');
  const before = countRows(s, 'records');
  const ids = (n: number) => [persona, ...Array.from({ length: n - 1 }, (_, i) => `01938f0e-0000-7000-8000-${String(i).padStart(12, '0')}`)].join(',');
  const cases: [Record<string, string>, string][] = [
    [{}, 'validation-failed'],
    [{ ids: '' }, 'validation-failed'],
    [{ ids: ' , ,' }, 'validation-failed'],
    [{ ids: ids(501) }, 'validation-failed'],
    [{ ids: persona, kind: 'persona' }, 'unknown-query-parameter'],
  ];
  for (const [query, code] of cases) {
    const reply = await s.request('GET', '/v1/labels', { query });
    t.equal(reply.statusCode, 400, JSON.stringify(query).slice(0, 60));
    t.equal(reply.json().code, code);
  }
  const most = await s.request('GET', '/v1/labels', { query: { ids: ids(500) } });
  t.equal(most.statusCode, 200, '500 ids is allowed');
  t.same(most.json().labels.map((label: { id: string }) => label.id), [persona]);
  t.equal(countRows(s, 'records'), before, 'reading labels records nothing');
});
