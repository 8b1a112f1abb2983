import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { buildTestServer } from '@rootline/kernel/testing';
import type {} from '@rootline/contracts/redactions';
import { MARKER, PLUGINS, capture, countRows, footprint, mounts, newEvent, newPeople, newPersona, newSource, otherTree, parentOf, viewsServer } from './fixtures/helpers.js';
import { consumer } from './fixtures/consumer.js';

const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';
const asAgent = (s: TestServer) => ({ token: s.agentToken });

t.test('a redaction is made on either mount, recorded once, and asking again writes nothing', async (t) => {
  const s = await viewsServer(t);
  for (const { mount, treeId } of await mounts(s)) {
    const persona = await newPersona(s, mount, 'William');
    const made = await s.request('POST', `${mount}/redactions`, { body: { target: persona, field: 'name', reason: 'Living person' } });
    t.equal(made.statusCode, 201, mount);
    const redaction = made.json();
    t.match(redaction, { target: persona, field: 'name', reason: 'Living person' });
    t.type(redaction.id, 'string');
    t.type(redaction.created_at_ms, 'number');
    const records = s.records({ kind: 'redaction', treeId });
    t.equal(records.length, 1);
    t.match(records[0], { kind: 'redaction.created.v1', entity_type: 'redaction', entity_id: redaction.id, actor: { kind: 'human' }, payload: { target: persona, target_kind: 'persona', field: 'name' } });
    t.notOk(JSON.stringify(records[0].payload).includes('Living person'), 'the reason stays out of the record log');

    const before = footprint(s, treeId);
    const again = await s.request('POST', `${mount}/redactions`, { body: { target: persona, field: 'name', reason: 'Asked twice' } });
    t.equal(again.statusCode, 200, 'the same target and field again: 200');
    t.same(again.json(), redaction, 'the redaction there is');
    t.same(footprint(s, treeId), before, 'nothing written');

    const whole = await s.request('POST', `${mount}/redactions`, { body: { target: persona, reason: 'Adoption under seal' } });
    t.equal(whole.statusCode, 201, 'the whole persona is another redaction');
    t.equal(whole.json().field, null);
    const byAgent = await s.request('POST', `${mount}/redactions`, { body: { target: persona, field: 'sex', reason: 'Agent caution' }, ...asAgent(s), headers: { 'x-proposer-model': 'example-model-1' } });
    t.equal(byAgent.statusCode, 201, 'an agent may redact (it only hides more from agents)');
    t.match(s.records({ kind: 'redaction', treeId })[0].actor, { kind: 'agent', credential_id: s.agentCredentialId, proposer: 'example-model-1' });
    t.equal(countRows(s, 'redactions', treeId), 3);
  }
});

t.test('refusals write nothing, in either tree', async (t) => {
  const s = await viewsServer(t);
  const pinned = await otherTree(s);
  const persona = await newPersona(s, '/v1', 'William');
  const elsewhere = await newPersona(s, `/v1/trees/${pinned}`, 'Mary');
  const { person: retracted } = await newPeople(s, '/v1', 'Gone');
  t.equal((await s.request('POST', `/v1/persons/${retracted}/retract`, { body: {} })).statusCode, 200);
  const cases: [unknown, number, string][] = [
    [{ target: UNKNOWN, reason: 'x' }, 404, 'not-found'],
    [{ target: elsewhere, reason: 'another tree' }, 404, 'not-found'],
    [{ target: retracted, reason: 'retracted person' }, 404, 'not-found'],
    [{ target: persona, field: 'id', reason: 'the id' }, 400, 'validation-failed'],
    [{ target: persona, field: 'Name!', reason: 'x' }, 400, 'validation-failed'],
    [{ target: persona, field: '', reason: 'x' }, 400, 'validation-failed'],
    [{ target: persona }, 400, 'validation-failed'],
    [{ target: persona, reason: '   ' }, 400, 'validation-failed'],
    [{ target: persona, reason: 'x', extra: true }, 400, 'validation-failed'],
    [{ target: 'not-a-uuid', reason: 'x' }, 400, 'validation-failed'],
    [{ reason: 'x' }, 400, 'validation-failed'],
  ];
  const before = [footprint(s), footprint(s, pinned)];
  for (const [body, status, code] of cases) {
    const reply = await s.request('POST', '/v1/redactions', { body });
    t.equal(reply.statusCode, status, JSON.stringify(body).slice(0, 70));
    t.equal(reply.json().code, code);
  }
  const missing = await s.request('POST', '/v1/redactions', { body: { target: UNKNOWN, reason: 'x' } });
  t.match(missing.json().detail, UNKNOWN, 'the 404 names the id');
  t.same([footprint(s), footprint(s, pinned)], before, 'no redaction and no record in either tree');
  t.equal(s.records({ kind: 'redaction' }).length, 0);
});

t.test('an agent reads the marker where the human reads the value and `redacted`, on every route', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const source = await newSource(s, m, 'Parish register of Ledbury');
  const child = await newPeople(s, m, 'William');
  const father = await newPeople(s, m, 'John');
  await parentOf(s, m, father.person, child.person);
  const birth = await capture(s, m, { persona: child.persona, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury', source });
  const sealed = await capture(s, m, { persona: child.persona, kind: 'adoption', value: 'Adopted by the Browns', source });
  const redact = async (body: Record<string, unknown>) => t.equal((await s.request('POST', `${m}/redactions`, { body: { reason: 'test', ...body } })).statusCode, 201);
  await redact({ target: child.persona, field: 'name' });
  await redact({ target: sealed.id });
  await redact({ target: source, field: 'title' });
  await redact({ target: father.person, field: 'display_name' });

  // GET /personas/{id} (personas plugin)
  const human = (await s.request('GET', `${m}/personas/${child.persona}`)).json();
  t.equal(human.name.display, 'William Smyth', 'the human reads the name');
  t.same(human.redacted, ['name'], 'and is told agents do not');
  const agent = (await s.request('GET', `${m}/personas/${child.persona}`, asAgent(s))).json();
  t.equal(agent.name, MARKER, 'the agent reads the marker');
  t.equal(agent.id, child.persona);
  t.equal(agent.sex, null, 'other fields stay');
  t.notOk('redacted' in agent, 'an agent is not told which fields the human sees');

  // GET /assertions/{id} and the claim list (assertions plugin): the whole claim but its id
  const claimAgent = (await s.request('GET', `${m}/assertions/${sealed.id}`, asAgent(s))).json();
  t.equal(claimAgent.id, sealed.id);
  for (const field of ['persona', 'kind', 'status', 'value', 'source', 'created_at_ms']) t.equal(claimAgent[field], MARKER, `claim ${field}`);
  const claimHuman = (await s.request('GET', `${m}/assertions/${sealed.id}`)).json();
  t.equal(claimHuman.value, 'Adopted by the Browns');
  t.ok(claimHuman.redacted.includes('value') && !claimHuman.redacted.includes('id'));
  const list = (await s.request('GET', `${m}/assertions`, { query: { persona: child.persona }, ...asAgent(s) })).json();
  t.same(list.items.map((item: { id: string; value: string }) => [item.id, item.value]), [[birth.id, null], [sealed.id, MARKER]], 'in a list, only the redacted item');
  t.equal(list.total, 2);

  // GET /sources/{id} (sources plugin)
  t.equal((await s.request('GET', `${m}/sources/${source}`, asAgent(s))).json().title, MARKER);
  t.equal((await s.request('GET', `${m}/sources/${source}`)).json().title, 'Parish register of Ledbury');

  // GET /labels: a label made of a redacted field
  const ids = [child.persona, child.person, source, sealed.id, father.person].join(',');
  const labelsAgent = new Map((await s.request('GET', `${m}/labels`, { query: { ids }, ...asAgent(s) })).json().labels.map((l: { id: string }) => [l.id, l]));
  t.same(labelsAgent.get(child.persona), { id: child.persona, kind: 'persona', label: MARKER }, 'the kind stays, the label goes');
  t.same(labelsAgent.get(source), { id: source, kind: 'source', label: MARKER });
  t.same(labelsAgent.get(sealed.id), { id: sealed.id, kind: 'assertion', label: MARKER });
  t.same(labelsAgent.get(father.person), { id: father.person, kind: 'person', label: MARKER });
  t.same(labelsAgent.get(child.person), { id: child.person, kind: 'person', label: MARKER }, "the person shows the redacted persona's name: its label goes too");
  const labelsHuman = new Map((await s.request('GET', `${m}/labels`, { query: { ids } })).json().labels.map((l: { id: string }) => [l.id, l]));
  t.same(labelsHuman.get(child.persona), { id: child.persona, kind: 'persona', label: 'William Smyth', redacted: ['label'] });
  t.same(labelsHuman.get(child.person), { id: child.person, kind: 'person', label: 'William Smyth (1851–)', redacted: ['label'] });

  // GET /persons/{id}/card: the persona's name, the father's name, the sealed claim
  const cardAgent = (await s.request('GET', `${m}/persons/${child.person}/card`, { query: { expand: 'assertions,sources' }, ...asAgent(s) })).json();
  t.equal(cardAgent.names[0].name, MARKER, 'card: the persona name');
  t.equal(cardAgent.parents[0].display_name, MARKER, 'card: the redacted relative');
  t.equal(cardAgent.display_name, MARKER, "the person's display name is the redacted persona's name");
  t.equal(cardAgent.sex, null, 'the rest of the person stays');
  t.same(cardAgent.assertions.items.map((item: { id: string; kind: string }) => [item.id, item.kind]), [[birth.id, 'birth'], [sealed.id, MARKER]]);
  t.equal(cardAgent.sources.items[0].title, MARKER);
  const cardHuman = (await s.request('GET', `${m}/persons/${child.person}/card`, { query: { expand: 'assertions' } })).json();
  t.match(cardHuman.names[0], { name: { display: 'William Smyth' }, redacted: ['name'] });
  t.match(cardHuman.parents[0], { display_name: 'John Smyth', redacted: ['display_name'] });
  t.match(cardHuman, { display_name: 'William Smyth', redacted: ['display_name'] }, 'the card is flagged for the name it shows');
});

t.test('events and relationships are redacted like the rest', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const child = await newPeople(s, m, 'William');
  const father = await newPeople(s, m, 'John');
  const edge = await parentOf(s, m, father.person, child.person);
  const event = await newEvent(s, m, { type: 'BAPM', date: '20 MAR 1851', place: 'Ledbury', participants: [{ person: child.person, role: 'principal' }] });
  await s.request('POST', `${m}/redactions`, { body: { target: event, field: 'place', reason: 'test' } });
  await s.request('POST', `${m}/redactions`, { body: { target: edge, reason: 'test' } });
  t.match((await s.request('GET', `${m}/events/${event}`, asAgent(s))).json(), { id: event, type: 'BAPM', place: MARKER });
  t.match((await s.request('GET', `${m}/events/${event}`)).json(), { place: 'Ledbury', redacted: ['place'] });
  const card = (await s.request('GET', `${m}/persons/${child.person}/card`, { query: { expand: 'events' }, ...asAgent(s) })).json();
  t.match(card.events.items[0], { id: event, date: '20 MAR 1851', place: MARKER });
  const labels = (await s.request('GET', `${m}/labels`, { query: { ids: `${event},${edge}` }, ...asAgent(s) })).json().labels;
  t.same(new Set(labels.map((l: { label: string }) => l.label)), new Set([MARKER]), 'an event label holds its place; a relationship label goes with the relationship');
});

t.test('person summaries without an id of their own (pedigree slots) and FAN nodes are covered too', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const child = await newPeople(s, m, 'William');
  const father = await newPeople(s, m, 'John', 'Smyth', { sex: 'M' });
  const mother = await newPeople(s, m, 'Ann', 'Smyth', { sex: 'F' });
  await parentOf(s, m, father.person, child.person);
  await parentOf(s, m, mother.person, child.person);
  await s.request('POST', `${m}/redactions`, { body: { target: father.person, field: 'display_name', reason: 'test' } });
  await s.request('POST', `${m}/redactions`, { body: { target: mother.person, reason: 'test' } });
  const slots = (await s.request('GET', `${m}/persons/${child.person}/pedigree`, asAgent(s))).json().slots;
  t.same(slots.map((slot: { ahnentafel: number; display_name: string }) => [slot.ahnentafel, slot.display_name]), [[1, 'William Smyth'], [2, MARKER], [3, MARKER]]);
  t.match(slots[2], { ahnentafel: 3, person: mother.person, birth: MARKER, death: MARKER }, 'a whole person: what the slot shows of them, not its place in the chart');
  const human = (await s.request('GET', `${m}/persons/${child.person}/pedigree`)).json().slots;
  t.match(human[1], { display_name: 'John Smyth', redacted: ['display_name'] });

  await newEvent(s, m, { type: 'MARR', date: '1850', place: 'Ledbury', participants: [{ person: father.person, role: 'principal' }, { person: mother.person, role: 'principal' }] });
  const fan = (await s.request('GET', `${m}/persons/${father.person}/fan-network`, { query: { window_start: '1800', window_end: '1900' }, ...asAgent(s) })).json();
  const nodes = new Map(fan.nodes.map((node: { id: string }) => [node.id, node]));
  t.same(nodes.get(father.person), { id: father.person, kind: 'person', label: MARKER }, 'a label made of the redacted name; the kind stays');
  t.same(nodes.get(mother.person), { id: mother.person, kind: 'person', label: MARKER });
});

t.test('redactionsService.redactedFields and targets tell another plugin what is redacted', async (t) => {
  const seen = consumer();
  const s = await buildTestServer(t, { plugins: [...PLUGINS, seen.name], builtIn: [seen.source] });
  const persona = await newPersona(s, '/v1', 'William');
  const fields = () => seen.run(s, ({ redactionsService }) => redactionsService.redactedFields(persona));
  t.equal(await fields(), null, 'nothing redacted: null');
  await s.request('POST', '/v1/redactions', { body: { target: persona, field: 'name', reason: 'test' } });
  t.same(await fields(), ['name']);
  await s.request('POST', '/v1/redactions', { body: { target: persona, reason: 'test' } });
  t.same(await fields(), ['*', 'name'], "'*' is the whole entity");
  const targets = await seen.run(s, ({ redactionsService }) => redactionsService.targets());
  t.same([...targets.keys()], [persona], 'targets(): every redacted entity, by id');
  t.same(targets.get(persona), { whole: true, fields: new Set(['name']) }, 'the whole entity, and its field redacted before');
});

t.test('a reply that is not JSON passes untouched, even when it names a redacted id', async (t) => {
  const other = consumer();
  const s = await buildTestServer(t, { plugins: [...PLUGINS, other.name], builtIn: [other.source] });
  const persona = await newPersona(s, '/v1', 'William');
  await s.request('POST', '/v1/redactions', { body: { target: persona, reason: 'test' } });
  const text = `See persona ${persona} ("William").`;
  const reply = await s.request('GET', '/v1/consumer/text', { query: { text }, ...asAgent(s) });
  t.equal(reply.statusCode, 200, 'not parsed as JSON, so not failed');
  t.equal(reply.body, text);
});

t.test('a whole person is hidden from agents but its id; birth hides the life years too', async (t) => {
  const s = await viewsServer(t);
  const m = '/v1';
  const child = await newPeople(s, m, 'William');
  const father = await newPeople(s, m, 'John');
  await parentOf(s, m, father.person, child.person);
  await capture(s, m, { persona: father.persona, kind: 'birth', date: '1820' });
  await capture(s, m, { persona: father.persona, kind: 'death', date: '1890' });
  t.equal((await s.request('GET', `${m}/persons/${child.person}/card`, asAgent(s))).json().parents[0].life_years, '1820–1890');
  await s.request('POST', `${m}/redactions`, { body: { target: father.person, field: 'birth', reason: 'test' } });
  const parent = (await s.request('GET', `${m}/persons/${child.person}/card`, asAgent(s))).json().parents[0];
  t.match(parent, { display_name: 'John Smyth', life_years: MARKER }, 'life years come from the birth');
  const own = (await s.request('GET', `${m}/persons/${father.person}/card`, asAgent(s))).json();
  t.match(own, { birth: MARKER, life_years: MARKER, display_name: 'John Smyth' });
  t.not(own.death, MARKER);

  await s.request('POST', `${m}/redactions`, { body: { target: child.person, reason: 'Living person' } });
  const card = (await s.request('GET', `${m}/persons/${child.person}/card`, asAgent(s))).json();
  t.equal(card.id, child.person);
  for (const [field, value] of Object.entries(card)) if (field !== 'id') t.equal(value, MARKER, field);
  const person = (await s.request('GET', `${m}/persons/${child.person}`, asAgent(s))).json();
  t.match(person, { id: child.person, display_name: MARKER, personas: MARKER, birth: MARKER });
  const human = (await s.request('GET', `${m}/persons/${child.person}/card`)).json();
  t.equal(human.display_name, 'William Smyth');
  t.same(new Set(human.redacted), new Set(Object.keys(human).filter((key) => key !== 'id' && key !== 'redacted')), 'the human is told every field is hidden');
  t.equal(human.parents[0].life_years, '1820–1890', 'and reads the relatives as they are');
  t.same(human.parents[0].redacted, ['life_years'], 'with their own flags');
});

t.test('redactions belong to their tree', async (t) => {
  const s = await viewsServer(t);
  const [active, pinned] = await mounts(s);
  const here = await newPersona(s, active.mount, 'William');
  const there = await newPersona(s, pinned.mount, 'Mary');
  // Both trees read once, so both have their (empty) redactions cached.
  t.equal((await s.request('GET', `${active.mount}/personas/${here}`, asAgent(s))).json().name.display, 'William Smyth');
  t.equal((await s.request('GET', `${pinned.mount}/personas/${there}`, asAgent(s))).json().name.display, 'Mary Smyth');
  t.equal((await s.request('POST', `${pinned.mount}/redactions`, { body: { target: there, reason: 'pinned only' } })).statusCode, 201);
  t.equal((await s.request('GET', `${pinned.mount}/personas/${there}`, asAgent(s))).json().name, MARKER, 'hidden in its tree');
  t.equal((await s.request('GET', `${active.mount}/personas/${here}`, asAgent(s))).json().name.display, 'William Smyth', 'the other tree is untouched');
  t.equal(countRows(s, 'redactions', active.treeId), 0);
  t.equal(s.records({ kind: 'redaction', treeId: pinned.treeId }).length, 1);
  t.equal(s.records({ kind: 'redaction' }).length, 0);
});

t.test('the redactions read follow the record log, also when a change rolls back', async (t) => {
  const s = await viewsServer(t);
  const persona = await newPersona(s, '/v1', 'William');
  const read = async () => (await s.request('GET', `/v1/personas/${persona}`, asAgent(s))).json().name;
  t.same((await read()).display, 'William Smyth', 'read once: nothing redacted, and that is cached');
  const tree = s.server.kernel.trees.active();
  const write = (id: string) => {
    tree.prepare("INSERT INTO redactions (id, target, field, reason, created_at_ms, actor_kind) VALUES (?, ?, 'name', 'test', 0, 'system')").run(id, persona);
    tree.record({ kind: 'redaction.created.v1', entity_type: 'redaction', entity_id: id, actor: { kind: 'system', credentialId: null }, payload: {} });
  };
  t.throws(() => tree.transact(() => {
    write('01938f0e-0000-7000-8000-00000000000a');
    throw new Error('rolled back');
  }));
  t.same((await read()).display, 'William Smyth', 'a rolled-back redaction hides nothing');
  // Written outside the views service: only the record tells the cache.
  tree.transact(() => write('01938f0e-0000-7000-8000-00000000000b'));
  t.equal(await read(), MARKER, 'a committed one hides at once');
});

t.test('replies of a tree without redactions are passed on as they are', async (t) => {
  const s = await viewsServer(t);
  const persona = await newPersona(s, '/v1', 'William');
  const human = await s.request('GET', `/v1/personas/${persona}`);
  const agent = await s.request('GET', `/v1/personas/${persona}`, asAgent(s));
  t.equal(agent.body, human.body, 'byte for byte the same for the agent and the human');
  t.equal(agent.headers['content-type'], 'application/json; charset=utf-8');
});
