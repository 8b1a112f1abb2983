import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { segmentWrites } from './fixtures/search-segments.js';

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons'];

t.test('concludeMany: one person per list, names and birth/death summaries derived, searchable, one record each', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const [ann, annBaptised, bob] = cradle.personasService.createMany(actor, [{ given: 'Ann', surname: 'Smyth' }, { name: 'Anne Smith' }, { given: 'Bob', surname: 'Ørsted' }]);
  cradle.assertionsService.captureMany(actor, [
    { persona: annBaptised.id, kind: 'baptism', date: '3 APR 1851', place: 'Ledbury' },
    { persona: ann.id, kind: 'birth', date: '12 MAR 1851' },
    { persona: bob.id, kind: 'death', date: '1920', place: 'Hereford' },
    { persona: bob.id, kind: 'occupation', value: 'smith' },
  ]);
  const [first, second] = cradle.personsService.concludeMany(actor, [[ann.id, annBaptised.id], [bob.id]]);
  t.same(first.personas, [ann.id, annBaptised.id]);
  t.equal(first.display_name, 'Ann Smyth');
  t.match(first.birth, { date: '12 MAR 1851', place: null }, 'the birth before the baptism, across both personas');
  t.equal(first.death, null);
  t.match(second.death, { date: '1920', place: 'Hereford' });
  t.equal(second.living, false);
  t.same(first, cradle.personsService.get(first.id));
  t.same(second, cradle.personsService.get(second.id));
  t.same(s.records({ kind: 'person.concluded' }).reverse().map((record) => [record.entity_id, record.payload]), [
    [first.id, { personas: [ann.id, annBaptised.id] }],
    [second.id, { personas: [bob.id] }],
  ]);
  const found = async (q: string) => (await s.request('GET', '/v1/persons', { query: { q } })).json<{ items: { id: string }[] }>().items.map((person) => person.id);
  t.same(await found('smith'), [first.id], 'the second persona\'s name is searched');
  t.same(await found('orsted'), [second.id], 'folded');
  t.same(await found('rste'), [second.id], 'and inside a word (the trigram table)');
  t.equal(cradle.personsService.count(), 2);
  t.same(cradle.personsService.concludeMany(actor, []), []);
  const [x, y] = cradle.personasService.createMany(actor, [{ given: 'X' }, { given: 'Y' }]);
  const twice = cradle.personsService.concludeMany(actor, [[x.id, y.id, x.id]])[0];
  t.same(twice, cradle.personsService.get(twice.id), 'a persona given twice is kept once, at its last place, as stored');
  t.same(twice.personas, [y.id, x.id]);
});

t.test('concludeMany: the refusals of conclude; a persona in two lists of one batch; one refusal writes no person', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const [a, b, c] = cradle.personasService.createMany(actor, [{ given: 'A' }, { given: 'B' }, { given: 'C' }]);
  const taken = cradle.personsService.conclude(actor, [c.id]);
  t.throws(() => cradle.personsService.concludeMany(actor, [[a.id], ['no-such-persona']]), { code: 'not-found', detail: /no-such-persona/ });
  t.throws(() => cradle.personsService.concludeMany(actor, [[a.id], [b.id, c.id]]), { code: 'persona-already-concluded', extras: { persona: c.id, person: taken.id } });
  const refused = (() => {
    try {
      cradle.personsService.concludeMany(actor, [[a.id], [b.id, a.id]]);
    } catch (error) {
      return error as { code: string; extras: { persona: string; person: string } };
    }
  })();
  t.match(refused, { code: 'persona-already-concluded', extras: { persona: a.id } }, 'the second list takes a persona the first already has');
  t.not(refused?.extras.person, taken.id);
  t.equal(cradle.personsService.count(), 1, 'only the person concluded before');
  t.equal(s.records({ kind: 'person.concluded' }).length, 1);
  t.equal(cradle.personsService.personOfPersona(a.id), null, 'its personas still free');
});

t.test('concludeMany writes the names of a whole batch into each search table at once, not person by person', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const tree = s.server.kernel.trees.active();
  const cradle = s.server.kernel.servicesFor(tree, actor);
  const personas = cradle.personasService.createMany(actor, Array.from({ length: 40 }, (_, at) => ({ given: `Given${at}`, surname: `Surname${at}` })));
  const before = [segmentWrites(tree, 'person_names'), segmentWrites(tree, 'person_names_trigram')];
  const persons = cradle.personsService.concludeMany(actor, personas.map((persona) => [persona.id]));
  // FTS5 writes what it holds as a new segment each time a later statement opens a savepoint,
  // as a person INSERT does: row by row, that was one segment per person (twice the import's time).
  t.same([segmentWrites(tree, 'person_names') - before[0], segmentWrites(tree, 'person_names_trigram') - before[1]], [1, 1], 'one segment per table for the batch');
  const found = (await s.request('GET', '/v1/persons', { query: { q: 'surname17' } })).json<{ items: { id: string }[] }>().items.map((person) => person.id);
  t.same(found, [persons[17].id], 'and each of them is found');
});
