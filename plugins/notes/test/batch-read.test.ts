import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };

t.test('forTargets: the notes of many targets in one read, by target then oldest first', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const notes = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor).notesService;
  t.same(notes.targets('', 10), [], 'no notes: no target');
  const b1 = notes.create(actor, { target: 'b', text: 'first of b' });
  const a1 = notes.create(actor, { target: 'a', text: 'only a' });
  const b2 = notes.create(actor, { target: 'b', text: 'second of b' });
  notes.create(actor, { target: 'c', text: 'not asked for' });
  t.same(notes.forTargets([]), []);
  t.same(notes.forTargets(['b', 'a', 'z']).map((note) => note.id), [a1.id, b1.id, b2.id]);
  t.same(notes.forTargets(['b'])[1], { id: b2.id, target: 'b', text: 'second of b', created_at_ms: b2.created_at_ms });
  t.same(notes.targets('', 10), ['a', 'b', 'c'], 'targets: each entity with a note, once, in id order');
  t.same(notes.targets('', 2), ['a', 'b'], 'a page counts targets, not notes (b has two)');
  t.same(notes.targets('a', 1), ['b'], 'the next page starts after the last target given');
  t.same(notes.targets('b', 10), ['c']);
  t.same(notes.targets('c', 10), [], 'after the last: none');
});
