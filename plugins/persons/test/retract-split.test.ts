import t from 'tap';
import { claim, conclude, footprint, list, ok, otherTree, persona, personsConsumer, personsServer, UNKNOWN } from './fixtures/helpers.js';

t.test('retract takes the person out of every view, frees its personas and keeps the record', async (t) => {
  const consumer = personsConsumer();
  const s = await personsServer(t, { consumer });
  const a = await persona(s, { given: 'Rhys', surname: 'Morgan' });
  const b = await persona(s, { given: 'Rees', surname: 'Morgans' });
  const person = await conclude(s, [a, b]);
  const keep = await conclude(s, [await persona(s, { given: 'Other', surname: 'Person' })]);

  const reply = await s.request('POST', `/v1/persons/${person.id}/retract`, { body: { reason: 'Two men of the same name' } });
  t.equal(reply.statusCode, 200);
  t.same(reply.json(), { id: person.id, status: 'retracted', personas: [a, b] });
  t.equal((await s.request('GET', `/v1/persons/${person.id}`)).statusCode, 404, 'reading it is 404');
  const all = await list(s, {});
  t.same([all.total, all.items.map((item: { id: string }) => item.id)], [1, [keep.id]], 'gone from the list and its total');
  t.equal((await list(s, { q: 'morgan' })).total, 0, 'and from search');
  const views = await consumer.fromRequest(s, ({ personsService }) => ({
    get: personsService.get(person.id),
    exists: personsService.exists(person.id),
    many: personsService.many([person.id, keep.id]).map((p) => p.id),
    labels: personsService.labels([person.id]),
    personOfPersona: personsService.personOfPersona(a),
  }));
  t.same(views, { get: undefined, exists: false, many: [keep.id], labels: [], personOfPersona: null }, 'and from what other plugins read');
  t.same(s.records({ kind: 'person.retracted' }).map((record) => [record.entity_id, record.payload]), [[person.id, { reason: 'Two men of the same name', personas: [a, b] }]]);
  t.equal(s.records({ kind: 'person.concluded' }).length, 2, 'the conclusion\'s record stays');

  // Round trip: the personas are free, and claims captured now reach the new person.
  const again = await conclude(s, [b, a]);
  t.not(again.id, person.id);
  t.same(again.personas, [b, a]);
  await claim(s, { persona: a, kind: 'birth', date: '1822' });
  t.equal((await ok(s.request('GET', `/v1/persons/${again.id}`))).birth.date, '1822');

  const bare = await s.request('POST', `/v1/persons/${again.id}/retract`);
  t.equal(bare.statusCode, 200, 'the reason is optional, and so is the body');
  t.same(s.records({ kind: 'person.retracted' })[0].payload, { reason: null, personas: [b, a] });
});

t.test('retract refusals write nothing', async (t) => {
  const s = await personsServer(t);
  const person = await conclude(s, [await persona(s, { given: 'Gone' })]);
  await ok(s.request('POST', `/v1/persons/${person.id}/retract`));
  const before = footprint(s);
  t.equal((await s.request('POST', `/v1/persons/${person.id}/retract`)).statusCode, 404, 'already retracted');
  t.equal((await s.request('POST', `/v1/persons/${UNKNOWN}/retract`)).json().code, 'not-found');
  t.equal((await s.request('POST', `/v1/persons/${person.id}/retract`, { body: { reason: '' } })).statusCode, 400);
  t.equal((await s.request('POST', `/v1/persons/${person.id}/retract`, { body: { why: 'x' } })).statusCode, 400);
  t.same(footprint(s), before);
});

t.test('split moves a strict subset of personas to a new person; both are derived again', async (t) => {
  const s = await personsServer(t);
  const a = await persona(s, { given: 'Jane', surname: 'Evans', sex: 'F' });
  const b = await persona(s, { given: 'Jenny', surname: 'Evans' });
  const c = await persona(s, { given: 'Jane', surname: 'Evanson' });
  const birthA = await claim(s, { persona: a, kind: 'birth', date: '1840' });
  const birthC = await claim(s, { persona: c, kind: 'birth', date: '1852' });
  const person = await conclude(s, [a, b, c]);
  t.equal(person.birth.assertion, birthA);

  const reply = await s.request('POST', `/v1/persons/${person.id}/split`, { body: { personas: [c, a] } });
  t.equal(reply.statusCode, 200);
  const { person: rest, new_person: split } = reply.json();
  t.match(rest, { id: person.id, personas: [b], display_name: 'Jenny Evans', birth: null, sex: null });
  t.match(split, { personas: [a, c], display_name: 'Jane Evans', sex: 'F', living_source: 'derived' });
  t.equal(split.birth.assertion, birthA, 'the new person keeps the personas in the person\'s order and takes their claims');
  t.ok(rest.updated_at_ms >= person.updated_at_ms);
  t.same(await ok(s.request('GET', `/v1/persons/${split.id}`)), split);
  t.same(await ok(s.request('GET', `/v1/persons/${person.id}`)), rest);
  t.same((await list(s, { q: 'evanson' })).items.map((item: { id: string }) => item.id), [split.id], 'search follows the personas');
  t.equal((await list(s, { q: 'jenny' })).items[0].id, person.id);
  t.same(s.records({ kind: 'person.split' }).map((record) => [record.entity_id, record.payload]), [[person.id, { new_person: split.id, personas: [a, c], unmerged: false }]]);

  // Round trip: split again, retract the new person, conclude its persona back with the rest.
  const again = await ok(s.request('POST', `/v1/persons/${split.id}/split`, { body: { personas: [c] } }));
  t.equal(again.new_person.birth.assertion, birthC);
  await ok(s.request('POST', `/v1/persons/${again.new_person.id}/retract`));
  t.equal((await conclude(s, [c])).birth.assertion, birthC);
});

t.test('split refusals write nothing, on the pinned mount too', async (t) => {
  const s = await personsServer(t);
  const other = await otherTree(s);
  const a = await persona(s, { given: 'One' }, other.prefix);
  const b = await persona(s, { given: 'Two' }, other.prefix);
  const stranger = await persona(s, { given: 'Three' }, other.prefix);
  const person = await conclude(s, [a, b], other.prefix);
  const retracted = await conclude(s, [stranger], other.prefix);
  await ok(s.request('POST', `${other.prefix}/persons/${retracted.id}/retract`));
  const before = footprint(s, other.id);
  const cases: [string, string, unknown, number, string][] = [
    ['every persona', person.id, { personas: [a, b] }, 422, 'invalid-split'],
    ['a persona of no person of this one', person.id, { personas: [stranger] }, 422, 'invalid-split'],
    ['an unknown persona', person.id, { personas: [UNKNOWN] }, 422, 'invalid-split'],
    ['none', person.id, { personas: [] }, 400, 'validation-failed'],
    ['twice', person.id, { personas: [a, a] }, 400, 'validation-failed'],
    ['no body field', person.id, {}, 400, 'validation-failed'],
    ['unknown person', UNKNOWN, { personas: [a] }, 404, 'not-found'],
    ['retracted person', retracted.id, { personas: [stranger] }, 404, 'not-found'],
  ];
  for (const [name, id, body, status, code] of cases) {
    const reply = await s.request('POST', `${other.prefix}/persons/${id}/split`, { body });
    t.same([reply.statusCode, reply.json().code], [status, code], name);
  }
  t.equal((await s.request('POST', `/v1/persons/${person.id}/split`, { body: { personas: [a] } })).statusCode, 404, 'the active mount does not know the person');
  t.same(footprint(s, other.id), before);
  t.same((await ok(s.request('GET', `${other.prefix}/persons/${person.id}`))).personas, [a, b]);
});
