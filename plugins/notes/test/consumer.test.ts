import t from 'tap';
import { buildTestServer, consumerOf } from '@rootline/kernel/testing';

t.test('a plugin that depends on notes boots after it and gets notesService from the request scope', async (t) => {
  const consumer = consumerOf('@rootline/plugin-notes');
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes', consumer.name], builtIn: [consumer.source] });
  const note = (await s.request('POST', '/v1/notes', { body: { target: 'p', text: 'written over HTTP' } })).json();
  const notes = await consumer.fromRequest(s, (cradle) => cradle.notesService);
  t.same(notes.get(note.id), note);
  t.same(notes.forTargets(['p']), [note]);
});
