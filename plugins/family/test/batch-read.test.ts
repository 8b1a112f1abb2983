import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-family'];

t.test('walk: every visible edge in creation order, a page at a time; edges of a retracted person are not there', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const [a, b, c, d] = ['Ann', 'Bob', 'Cy', 'Di'].map((given) => cradle.personsService.conclude(actor, [cradle.personasService.create(actor, { given }).id]));
  const spouse = cradle.familyService.create(actor, { kind: 'spouse', partners: [a.id, b.id] });
  const parent = cradle.familyService.create(actor, { kind: 'parent', parent: a.id, child: c.id, pedigree: 'adopted' });
  cradle.familyService.create(actor, { kind: 'parent', parent: d.id, child: c.id });
  cradle.personsService.retract(actor, d.id, 'a mistake');
  const first = cradle.familyService.walk(null, 1);
  t.same(first.map((edge) => edge.id), [spouse.id]);
  t.same(cradle.familyService.walk(first[0].id, 5), [parent], 'the edge to the retracted person is hidden');
});
