import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons'];

t.test('walk: every active person in creation order, a page at a time, with where to go on; count', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const made = ['Ann', 'Bob', 'Cy'].map((given) => cradle.personsService.conclude(actor, [cradle.personasService.create(actor, { given }).id]));
  cradle.personsService.retract(actor, made[1].id, 'a mistake');
  t.equal(cradle.personsService.count(), 2);
  const first = cradle.personsService.walk(0, 1);
  t.same(first.items.map((person) => person.display_name), ['Ann']);
  t.type(first.next, 'number');
  const rest = cradle.personsService.walk(first.next!, 5);
  t.same(rest.items.map((person) => person.id), [made[2].id], 'the retracted one is skipped');
  t.equal(rest.next, null, 'a short page is the last');
  t.same(rest.items[0], cradle.personsService.get(made[2].id), 'the same person the other reads give');
});
