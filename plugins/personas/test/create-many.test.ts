import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas'];

t.test('createMany: every persona written in the order given, one record each, the same answer get gives', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const source = cradle.sourcesService.create(actor, { title: 'Parish register' });
  const made = cradle.personasService.createMany(actor, [
    { name: 'Dr. Jan van der Berg', prefix: 'Dr.', given: 'Jan', surname_prefix: 'van der', surname: 'Berg', sex: 'M', source: source.id },
    { given: 'Mary' },
    { sex: 'F' },
  ], { allowNameless: true });
  t.same(made.map((persona) => persona.name.display), ['Dr. Jan van der Berg', 'Mary', '']);
  t.same(made.map((persona) => persona.sex), ['M', null, 'F']);
  t.equal(made[0].source, source.id);
  for (const persona of made) t.same(persona, cradle.personasService.get(persona.id), 'built without a read, equal to the row');
  t.same(s.records({ kind: 'persona.created' }).reverse().map((record) => [record.entity_id, record.payload]), [
    [made[0].id, { source: source.id }],
    [made[1].id, { source: null }],
    [made[2].id, { source: null }],
  ]);
  t.same(cradle.personasService.createMany(actor, []), [], 'nothing asked, nothing written');
});

t.test('createMany: the rules of create, for every persona; one refusal writes none of them', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const count = () => s.server.kernel.trees.active().prepare('SELECT count(*) FROM personas').pluck().get();
  t.throws(() => cradle.personasService.createMany(actor, [{ given: 'Ann' }, { sex: 'F' }]), { code: 'validation-failed', detail: /needs a name/ }, 'nameless without the option');
  t.throws(() => cradle.personasService.createMany(actor, [{ given: 'Ann' }, { given: 'Bob', sex: 'Q' as 'M' }]), { code: 'validation-failed', detail: /sex "Q"/ });
  t.throws(() => cradle.personasService.createMany(actor, [{ given: 'Ann' }, { given: 'Bob', source: 'no-such-source' }]), { code: 'not-found', detail: /no-such-source/ });
  t.equal(count(), 0, 'no persona written');
  t.equal(s.records({ kind: 'persona.created' }).length, 0, 'no record written');
});
