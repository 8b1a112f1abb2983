import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-events'];

t.test('createMany: every event in the order given, with its participants, one record each, the same answer get gives', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const [ann, bob] = cradle.personasService.createMany(actor, [{ given: 'Ann' }, { given: 'Bob' }]);
  const [bobPerson] = cradle.personsService.concludeMany(actor, [[bob.id]]);
  const made = cradle.eventsService.createMany(actor, [
    { type: 'MARR', date: '12 MAR 1875', place: ' Ledbury ', participants: [{ persona: ann.id, role: 'Wife' }, { person: bobPerson.id, role: 'husband' }] },
    { type: 'custom:Banns read', description: 'three Sundays' },
  ]);
  t.match(made, [
    { type: 'MARR', date: '12 MAR 1875', place: 'Ledbury', participants: [{ persona: ann.id, role: 'wife' }, { person: bobPerson.id, role: 'husband' }] },
    { type: 'custom:Banns read', date: null, place: null, description: 'three Sundays', participants: [] },
  ]);
  for (const event of made) t.same(event, cradle.eventsService.get(event.id));
  t.same(s.records({ kind: 'event.created' }).reverse().map((record) => [record.entity_id, record.payload]), [
    [made[0].id, { type: 'MARR', date: '12 MAR 1875', place: 'Ledbury', participants: [{ persona: ann.id, role: 'wife' }, { person: bobPerson.id, role: 'husband' }] }],
    [made[1].id, { type: 'custom:Banns read', date: null, place: null, participants: [] }],
  ]);
  t.same(cradle.eventsService.createMany(actor, []), []);
});

t.test('createMany: the refusals of create, for every event; one refusal writes none of them', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const [ann] = cradle.personasService.createMany(actor, [{ given: 'Ann' }]);
  const ok = { type: 'BIRT', participants: [{ persona: ann.id, role: 'principal' }] };
  t.throws(() => cradle.eventsService.createMany(actor, [ok, { type: 'NOPE' }]), { code: 'validation-failed', detail: /"NOPE"/ });
  t.throws(() => cradle.eventsService.createMany(actor, [ok, { type: 'BAPM', participants: [{ persona: 'no-such-persona', role: 'principal' }] }]), { code: 'not-found', detail: /no-such-persona/ });
  t.throws(() => cradle.eventsService.createMany(actor, [ok, { type: 'BAPM', participants: [{ persona: ann.id, role: 'witness' }, { persona: ann.id, role: 'Witness' }] }]), { code: 'participant-exists' });
  t.equal(s.server.kernel.trees.active().prepare('SELECT count(*) FROM events').pluck().get(), 0, 'no event written');
  t.equal(s.server.kernel.trees.active().prepare('SELECT count(*) FROM event_participants').pluck().get(), 0);
  t.equal(s.records({ kind: 'event.created' }).length, 0, 'no record written');
});
