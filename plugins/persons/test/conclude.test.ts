import t from 'tap';
import { claim, conclude, footprint, ok, otherTree, persona, personsServer, UNKNOWN } from './fixtures/helpers.js';

t.test('a person is concluded over personas and read back, on the active mount', async (t) => {
  const s = await personsServer(t);
  const william = await persona(s, { name: 'William Smyth', given: 'William', surname: 'Smyth', sex: 'M' });
  const bill = await persona(s, { given: 'Bill', surname: 'Smith' });
  const reply = await s.request('POST', '/v1/persons', { body: { personas: [bill, william] } });
  t.equal(reply.statusCode, 201);
  const person = reply.json();
  t.match(person, {
    id: String,
    display_name: 'Bill Smith',
    personas: [bill, william],
    sex: 'M',
    birth: null,
    death: null,
    living: true,
    living_source: 'derived',
    created_at_ms: Number,
    updated_at_ms: Number,
  });
  t.equal(person.display_name, 'Bill Smith', 'the display name is the first persona\'s');
  t.equal(person.sex, 'M', 'sex is the first one a persona records');
  t.equal(person.created_at_ms, person.updated_at_ms);
  t.same(await ok(s.request('GET', `/v1/persons/${person.id}`)), person, 'GET returns the same person');
  t.same(
    s.records({ kind: 'person' }).map((record) => ({ kind: record.kind, entity_type: record.entity_type, entity_id: record.entity_id, payload: record.payload, actor: record.actor.kind })),
    [{ kind: 'person.concluded.v1', entity_type: 'person', entity_id: person.id, payload: { personas: [bill, william] }, actor: 'human' }],
  );

  const byAgent = await s.request('POST', '/v1/persons', { token: s.agentToken, body: { personas: [await persona(s, { given: 'Agnes' })] } });
  t.equal(byAgent.statusCode, 201, 'an agent may conclude');
  t.equal(s.records({ kind: 'person.concluded' })[0].actor.kind, 'agent');
});

t.test('the pinned mount acts on its own tree, which is not the active one', async (t) => {
  const s = await personsServer(t);
  const other = await otherTree(s);
  const there = await persona(s, { given: 'Máire', surname: 'Ní Bhriain' }, other.prefix);
  await claim(s, { persona: there, kind: 'birth', date: '3 FEB 1890', place: 'Ennis' }, 'human', other.prefix);
  const person = await conclude(s, [there], other.prefix);
  t.equal(person.display_name, 'Máire Ní Bhriain');
  t.equal(person.birth.date, '3 FEB 1890');
  t.same(await ok(s.request('GET', `${other.prefix}/persons/${person.id}`)), person);
  t.equal((await s.request('GET', `/v1/persons/${person.id}`)).statusCode, 404, 'the active tree does not have it');
  t.equal((await s.request('POST', '/v1/persons', { body: { personas: [there] } })).statusCode, 404, 'nor the persona');
  t.equal(s.records({ kind: 'person', treeId: other.id }).length, 1, 'the record is in the pinned tree');
  t.equal(s.records({ kind: 'person' }).length, 0, 'and not in the active one');
  const list = await ok(s.request('GET', `${other.prefix}/persons`));
  t.same(list.items.map((item: { id: string }) => item.id), [person.id]);
  t.equal((await ok(s.request('GET', '/v1/persons'))).total, 0);
});

t.test('refusals write nothing', async (t) => {
  const s = await personsServer(t);
  const taken = await persona(s, { given: 'Ellen', surname: 'Price' });
  const free = await persona(s, { given: 'Thomas', surname: 'Price' });
  const owner = await conclude(s, [taken]);
  const before = footprint(s);

  const cases: [string, unknown, number, string][] = [
    ['no personas', { personas: [] }, 400, 'validation-failed'],
    ['no body field', {}, 400, 'validation-failed'],
    ['not a uuid', { personas: ['william'] }, 400, 'validation-failed'],
    ['the same persona twice', { personas: [free, free] }, 400, 'validation-failed'],
    ['unknown field', { personas: [free], name: 'Thomas' }, 400, 'validation-failed'],
    ['unknown persona', { personas: [free, UNKNOWN] }, 404, 'not-found'],
    ['persona already in an active person', { personas: [free, taken] }, 409, 'persona-already-concluded'],
  ];
  for (const [name, body, status, code] of cases) {
    const reply = await s.request('POST', '/v1/persons', { body });
    t.equal(reply.statusCode, status, name);
    t.equal(reply.json().code, code, name);
  }
  const unknown = (await s.request('POST', '/v1/persons', { body: { personas: [UNKNOWN] } })).json();
  t.match(unknown, { detail: `There is no persona ${UNKNOWN} in this tree`, entity: 'persona' });
  const conflict = (await s.request('POST', '/v1/persons', { body: { personas: [taken] } })).json();
  t.match(conflict, { status: 409, persona: taken, person: owner.id });
  t.equal((await s.request('POST', '/v1/persons', { payload: 'not json', headers: { 'content-type': 'application/json' } })).statusCode, 400);
  t.same(footprint(s), before, 'no person, membership, search row or record was written');
  t.equal((await ok(s.request('GET', '/v1/persons'))).total, 1);
});
