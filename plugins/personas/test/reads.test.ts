import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };
const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';
const plugins = ['@rootline/plugin-sources', '@rootline/plugin-personas'];

t.test('many: the personas among the ids, in the order asked, unknown ids left out', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const personas = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor).personasService;
  const ann = personas.create(actor, { given: 'Ann', surname: 'Shaw' });
  const bob = personas.create(actor, { name: 'Bob Lee' });
  t.same(personas.many([]), [], 'nothing asked, nothing read');
  t.same(personas.many([bob.id, UNKNOWN, ann.id]), [bob, ann]);
  t.same(personas.many([ann.id, ann.id]), [ann, ann], 'an id asked twice comes twice');
});

t.test('many reads every field as get does: each piece in its place, the source, the sex, the times', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const personas = cradle.personasService;
  const source = cradle.sourcesService.create(actor, { title: 'Parish register' });
  const made = personas.create(actor, { name: 'Dr. Jan "Hans" van der Berg Jr.', given: 'Jan', surname: 'Berg', sex: 'M', source: source.id });
  const full = personas.setNamePieces(actor, made.id, { prefix: 'Dr.', given: 'Jan', nickname: 'Hans', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' });
  t.strictSame(personas.many([full.id]), [personas.get(full.id)]);
  t.strictSame(personas.many([full.id])[0].name, {
    display: 'Dr. Jan “Hans” van der Berg Jr.', as_written: 'Dr. Jan "Hans" van der Berg Jr.',
    prefix: 'Dr.', given: 'Jan', nickname: 'Hans', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.',
  });
  t.equal(personas.many([full.id])[0].source, source.id);
  t.equal(personas.many([full.id])[0].sex, 'M');
});

t.test('labels: each persona\'s display name, unknown ids left out', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const personas = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor).personasService;
  const ann = personas.create(actor, { given: 'Ann', surname: 'Shaw' });
  const written = personas.create(actor, { name: 'MAO Zedong' });
  const labels = personas.labels([ann.id, written.id, UNKNOWN]).sort((a, b) => (a.id < b.id ? -1 : 1));
  t.same(labels, [{ id: ann.id, kind: 'persona', label: 'Ann Shaw' }, { id: written.id, kind: 'persona', label: 'MAO Zedong' }]);
  t.same(personas.labels([]), []);
});

t.test('names: every name as written and every piece of every persona, blanks left out', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const personas = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor).personasService;
  t.same([...personas.names()], [], 'an empty tree has no names');
  personas.create(actor, { given: 'Ann', surname: 'Shaw' });
  personas.create(actor, { name: 'Bob Lee', nickname: 'Bobby', prefix: ' ' });
  personas.create(actor, { given: 'Cora', surname_prefix: 'van', surname: 'Dijk', suffix: 'Jr' });
  t.same([...personas.names()].sort(), ['Ann', 'Bob Lee', 'Bobby', 'Cora', 'Dijk', 'Jr', 'Shaw', 'van']);
});
