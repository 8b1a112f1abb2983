import t from 'tap';
import { claim, conclude, ok, otherTree, persona, personsConsumer, personsServer, UNKNOWN } from './fixtures/helpers.js';

t.test('personsService, as family, events and views read it', async (t) => {
  const consumer = personsConsumer();
  const s = await personsServer(t, { consumer });
  const william = await persona(s, { given: 'William', surname: 'Smyth' });
  await claim(s, { persona: william, kind: 'birth', date: '12 MAR 1851' });
  await claim(s, { persona: william, kind: 'burial', date: 'ABT 1920' });
  const person = await conclude(s, [william]);
  const nameless = await conclude(s, [await persona(s, { given: 'Ann' })]);
  const free = await persona(s, { given: 'Free' });
  const gone = await conclude(s, [await persona(s, { given: 'Gone' })]);
  await ok(s.request('POST', `/v1/persons/${gone.id}/retract`));

  const seen = await consumer.fromRequest(s, ({ personsService }) => ({
    get: personsService.get(person.id),
    getGone: personsService.get(gone.id),
    exists: [personsService.exists(person.id), personsService.exists(gone.id), personsService.exists(UNKNOWN)],
    personOfPersona: [personsService.personOfPersona(william), personsService.personOfPersona(free), personsService.personOfPersona(UNKNOWN)],
    many: personsService.many([nameless.id, UNKNOWN, person.id, gone.id, nameless.id]).map((p) => p.id),
    labels: personsService.labels([person.id, nameless.id, gone.id, UNKNOWN]),
    require: (() => {
      try {
        personsService.require(gone.id);
        return null;
      } catch (error) {
        return { ...(error as { status: number; code: string; detail: string; extras: object }) };
      }
    })(),
  }));
  t.same(seen.get, await ok(s.request('GET', `/v1/persons/${person.id}`)), 'get is the route\'s person');
  t.equal(seen.getGone, undefined);
  t.same(seen.exists, [true, false, false]);
  t.same(seen.personOfPersona, [person.id, null, null]);
  t.same(seen.many, [nameless.id, person.id], 'many keeps the order asked, once each, active persons only');
  t.same(
    [...seen.labels].sort((a, b) => a.label.localeCompare(b.label)),
    [
      { id: nameless.id, kind: 'person', label: 'Ann' },
      { id: person.id, kind: 'person', label: 'William Smyth (1851–c. 1920)' },
    ],
  );
  t.match(seen.require, { status: 404, code: 'not-found', detail: `There is no person ${gone.id} in this tree`, extras: { entity: 'person' } });
});

t.test('on the pinned mount the service reads the pinned tree', async (t) => {
  const consumer = personsConsumer();
  const s = await personsServer(t, { consumer });
  const other = await otherTree(s);
  const there = await conclude(s, [await persona(s, { given: 'There' }, other.prefix)], other.prefix);
  const here = await conclude(s, [await persona(s, { given: 'Here' })]);
  t.same(await consumer.fromRequest(s, ({ personsService }) => [personsService.exists(there.id), personsService.exists(here.id)], other.prefix), [true, false]);
  t.same(await consumer.fromRequest(s, ({ personsService }) => [personsService.exists(there.id), personsService.exists(here.id)]), [false, true]);
});

t.test('every change records its person.*.v1 record', async (t) => {
  const s = await personsServer(t);
  const a = await persona(s, { given: 'A' });
  const b = await persona(s, { given: 'B' });
  const person = await conclude(s, [a, b]);
  const split = await ok(s.request('POST', `/v1/persons/${person.id}/split`, { body: { personas: [b] } }));
  await ok(s.request('PUT', `/v1/persons/${person.id}/living-status`, { body: { living: false } }));
  await ok(s.request('POST', `/v1/persons/${split.new_person.id}/retract`, { body: { reason: 'duplicate' } }));
  t.same(
    s.records({ kind: 'person' }).map((record) => [record.kind, record.entity_type, record.entity_id]).reverse(),
    [
      ['person.concluded.v1', 'person', person.id],
      ['person.split.v1', 'person', person.id],
      ['person.living_status_set.v1', 'person', person.id],
      ['person.retracted.v1', 'person', split.new_person.id],
    ],
  );
});
