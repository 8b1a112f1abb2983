import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

t.test('remove (an import undone) deletes the note and records it; an unknown id is false', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const tree = s.server.kernel.trees.active();
  const actor = { kind: 'human' as const, credentialId: null };
  const notes = s.server.kernel.servicesFor(tree, actor).notesService;
  const kept = notes.create(actor, { target: 'p', text: 'kept' });
  const gone = notes.create(actor, { target: 'p', text: 'gone' });
  t.equal(notes.remove(actor, gone.id, 'import undone'), true);
  t.same(JSON.parse(notes.forTargetJson('p')), [kept]);
  t.equal(notes.get(gone.id), undefined);
  t.match(s.records({ kind: 'note.removed' }), [{ kind: 'note.removed.v1', entity_type: 'note', entity_id: gone.id, payload: { reason: 'import undone' } }]);
  t.equal(notes.remove(actor, gone.id, 'again'), false);
  t.equal(s.records({ kind: 'note.removed' }).length, 1, 'nothing recorded for what is not there');
});
