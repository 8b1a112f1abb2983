import t from 'tap';
import { claim, conclude, ok, persona, personsConsumer, personsServer, UNKNOWN } from './fixtures/helpers.js';

t.test('the reads the research signals make: every active person, or just those asked for', async (t) => {
  const consumer = personsConsumer();
  const s = await personsServer(t, { consumer });
  const william = await persona(s, { given: 'William', surname: 'Smyth', sex: 'M' });
  const birth = await claim(s, { persona: william, kind: 'birth', date: '12 MAR 1851' });
  await claim(s, { persona: william, kind: 'death', date: '1920' });
  const person = await conclude(s, [william]);
  const second = await persona(s, { given: 'Will' });
  const twice = await conclude(s, [await persona(s, { given: 'Ann' }), second]);
  const gone = await conclude(s, [await persona(s, { given: 'Gone' })]);
  await ok(s.request('POST', `/v1/persons/${gone.id}/retract`));

  const seen = await consumer.fromRequest(s, ({ personsService }) => ({
    vital: [...personsService.vitalRows()],
    vitalOf: [...personsService.vitalRows([person.id, gone.id, UNKNOWN])],
    vitalOfNone: [...personsService.vitalRows([])],
    personas: [...personsService.personaRows()],
    personasOf: [...personsService.personaRows([twice.id, gone.id])],
  }));
  const byId = (rows: unknown[][]) => [...rows].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || String(a[1]).localeCompare(String(b[1])));
  t.same(byId(seen.vital), byId([[person.id, 'M', '1851-03-12:32', birth, '1920-01-01:12'], [twice.id, null, null, null, null]]), 'active persons only: sex, birth key and claim, death key');
  t.same(seen.vitalOf, [seen.vital.find((row) => row[0] === person.id)], 'only the persons asked for, the retracted and unknown left out');
  t.same(seen.vitalOfNone, [], 'none asked for: none');
  t.equal(seen.personas.length, 3, 'every persona of an active person');
  t.same(byId(seen.personasOf), byId(twice.personas.map((id: string) => [twice.id, id])), 'the personas of the persons asked for');
});
