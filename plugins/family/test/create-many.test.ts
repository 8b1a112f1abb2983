import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

type Test = Parameters<typeof buildTestServer>[0];

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-family'];

async function family(t: Test, names: string[]) {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const personas = cradle.personasService.createMany(actor, names.map((given) => ({ given })));
  const persons = cradle.personsService.concludeMany(actor, personas.map((persona) => [persona.id])).map((person) => person.id);
  return { s, cradle, persons };
}

t.test('createMany: every edge written in order, one record each, the same edges the single create makes', async (t) => {
  const { s, cradle, persons: [mother, father, child, other] } = await family(t, ['Mother', 'Father', 'Child', 'Other']);
  const outcomes = cradle.familyService.createMany(actor, [
    { kind: 'spouse', partners: [father, mother] },
    { kind: 'parent', parent: father, child },
    { kind: 'parent', parent: mother, child, pedigree: 'adopted' },
  ]);
  const edges = outcomes.flatMap((outcome) => ('created' in outcome ? [outcome.created] : []));
  t.equal(edges.length, 3, 'none refused');
  t.match(edges, [
    { kind: 'spouse', partners: [father < mother ? father : mother, father < mother ? mother : father] },
    { kind: 'parent', parent: father, child, pedigree: 'birth' },
    { kind: 'parent', parent: mother, child, pedigree: 'adopted' },
  ]);
  t.same(cradle.familyService.parentsOf(child).map((link) => [link.person, link.pedigree]), [[father, 'birth'], [mother, 'adopted']]);
  t.same(s.records({ kind: 'relationship.created' }).reverse().map((record) => record.entity_id), edges.map((edge) => edge.id));
  t.same(cradle.familyService.createMany(actor, []), []);
  t.match(cradle.familyService.create(actor, { kind: 'parent', parent: other, child }), { kind: 'parent', parent: other, child }, 'create is the same path with one edge');
});

t.test('createMany: each rule of create refuses its edge with the same Problem, checked against the edges before it in the batch; the others are written', async (t) => {
  const { s, cradle, persons: [a, b, c, d] } = await family(t, ['A', 'B', 'C', 'D']);
  const outcomes = cradle.familyService.createMany(actor, [
    { kind: 'parent', parent: a, child: b },
    { kind: 'parent', parent: a, child: b, pedigree: 'adopted' },
    { kind: 'parent', parent: b, child: a },
    { kind: 'parent', parent: c, child: c },
    { kind: 'spouse', partners: [d, d] },
    { kind: 'parent', parent: 'no-such-person', child: a },
    { kind: 'spouse', partners: [c, d] },
    { kind: 'spouse', partners: [d, c] },
    { kind: 'parent', parent: c, child: b },
    { kind: 'parent', parent: d, child: b },
    { kind: 'parent', parent: d, child: b, pedigree: 'step' },
  ]);
  const codes = outcomes.map((outcome) => ('refused' in outcome ? outcome.refused.code : 'created'));
  t.same(codes, [
    'created',
    'relationship-exists',
    'relationship-cycle',
    'relationship-self',
    'relationship-self',
    'not-found',
    'created',
    'relationship-exists',
    'created',
    'too-many-birth-parents',
    'created',
  ]);
  const first = outcomes[0];
  t.match(outcomes[1], { refused: { extras: { relationship: 'created' in first ? first.created.id : '' } } }, 'the duplicate names the edge made earlier in the batch');
  t.match(outcomes[5], { refused: { detail: /no-such-person/ } });
  t.equal(s.records({ kind: 'relationship.created' }).length, 4, 'a record for each edge written, none for a refused one');
  t.equal(s.server.kernel.trees.active().prepare('SELECT count(*) FROM relationships').pluck().get(), 4);
  t.throws(() => cradle.familyService.create(actor, { kind: 'parent', parent: b, child: a }), { code: 'relationship-cycle' }, 'create throws what createMany answers');
});

t.test('createMany: a retracted person is not found', async (t) => {
  const { cradle, persons: [a, b] } = await family(t, ['A', 'B']);
  cradle.personsService.retract(actor, b, 'a mistake');
  t.match(cradle.familyService.createMany(actor, [{ kind: 'spouse', partners: [a, b] }]), [{ refused: { code: 'not-found', detail: new RegExp(b) } }]);
});
