import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-events'];

t.test('remove (an import undone) deletes an event with its participants and corrections, or an association, and records it', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const tree = s.server.kernel.trees.active();
  const cradle = s.server.kernel.servicesFor(tree, actor);
  const a = cradle.personasService.create(actor, { given: 'Ann' });
  const b = cradle.personasService.create(actor, { given: 'Bob' });
  const kept = cradle.eventsService.create(actor, { type: 'MARR', date: '1875', participants: [{ persona: a.id, role: 'wife' }] });
  const gone = cradle.eventsService.create(actor, { type: 'BAPM', date: '1850', participants: [{ persona: a.id, role: 'principal' }, { persona: b.id, role: 'witness' }] });
  cradle.eventsService.correct(actor, gone.id, { date: '1851', reason: 'misread' });

  t.equal(cradle.eventsService.remove(actor, gone.id, 'import undone'), true);
  t.equal(cradle.eventsService.get(gone.id), undefined);
  t.ok(cradle.eventsService.get(kept.id));
  t.equal(tree.prepare('SELECT count(*) FROM event_participants WHERE event = ?').pluck().get(gone.id), 0);
  t.equal(tree.prepare('SELECT count(*) FROM event_corrections WHERE event = ?').pluck().get(gone.id), 0);
  t.equal(cradle.eventsService.remove(actor, gone.id, 'again'), false);
  t.match(s.records({ kind: 'event.removed' }), [{ entity_id: gone.id, payload: { reason: 'import undone' } }]);

  const association = cradle.associationsService.record(actor, { from: a.id, to: b.id, role: 'godparent' });
  const other = cradle.associationsService.record(actor, { from: b.id, to: a.id, role: 'neighbour' });
  t.equal(cradle.associationsService.remove(actor, association.id, 'import undone'), true);
  t.same(tree.prepare('SELECT id FROM associations').pluck().all(), [other.id]);
  t.equal(cradle.associationsService.remove(actor, association.id, 'again'), false);
  t.match(s.records({ kind: 'association.removed' }), [{ kind: 'association.removed.v1', entity_type: 'association', entity_id: association.id, payload: { reason: 'import undone' } }]);
  t.equal(s.records({ kind: 'association.removed' }).length, 1);
});
