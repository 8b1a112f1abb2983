import t from 'tap';
import { Type } from '@sinclair/typebox';
import { definePlugin, scoped, type TypeBoxTypeProvider } from '@rootline/kernel';
import { buildTestServer, type PluginSource } from '@rootline/kernel/testing';

const NAME = '@rootline/plugin-merge-writer';

/**
 * A stand-in for the persons plugin's merge and its reversal: it writes the two records notes
 * follow (`person.merged.v1`, `person.split.v1` with `unmerged`), with the payloads persons
 * writes, and answers `personsService.survivorOf` as persons does, so this suite does not depend
 * on persons (test/merge-and-split.e2e.test.ts runs the same with the real one).
 */
function mergeWriter(): PluginSource {
  const plugin = definePlugin({
    name: NAME,
    scope: 'tree',
    register(app) {
      // Who went into whom, as the persons plugin's survivorOf answers it (merges of merges followed).
      const into = new Map<string, string>();
      const survivorOf = (id: string) => {
        let at = id;
        while (into.has(at)) at = into.get(at)!;
        return at === id ? null : at;
      };
      app.kernel.services({ personsService: scoped(() => ({ survivorOf }) as never) });
      app.kernel.treeRoutes(async (mount) => {
        const route = mount.withTypeProvider<TypeBoxTypeProvider>();
        const Body = Type.Object({ survivor: Type.String(), merged: Type.String(), unmerged: Type.Optional(Type.Boolean()) });
        route.post('/merge-writer/merge', { config: { humanOnly: false }, schema: { body: Body } }, async (request) => {
          const { survivor, merged } = request.body;
          into.set(merged, survivor);
          request.tree.transact(() => request.tree.record({ kind: 'person.merged.v1', entity_type: 'person', entity_id: survivor, actor: request.actor, payload: { survivor, merged, personas: [] } }));
          return { ok: true };
        });
        route.post('/merge-writer/split', { config: { humanOnly: false }, schema: { body: Body } }, async (request) => {
          const { survivor, merged, unmerged } = request.body;
          if (unmerged ?? true) into.delete(merged);
          request.tree.transact(() => request.tree.record({ kind: 'person.split.v1', entity_type: 'person', entity_id: survivor, actor: request.actor, payload: { new_person: merged, personas: [], unmerged: unmerged ?? true } }));
          return { ok: true };
        });
      });
    },
  });
  return { name: NAME, version: '0.1.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

t.test('notes about a merged person move to the survivor and back when the merge is reversed', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes', NAME], builtIn: [mergeWriter()] });
  const note = async (target: string, text: string) => (await s.request('POST', '/v1/notes', { body: { target, text } })).json().id as string;
  const notes = async (target: string) => (await s.request('GET', '/v1/notes', { query: { target } })).json().map((n: { id: string; target: string }) => [n.id, n.target]);
  const [survivor, merged, other] = ['person-s', 'person-m', 'person-o'];
  const s1 = await note(survivor, 'Survivor\'s own');
  const m1 = await note(merged, 'First about the merged one');
  const m2 = await note(merged, 'Second about the merged one');
  const o1 = await note(other, 'Someone else');

  await s.request('POST', '/v1/merge-writer/merge', { body: { survivor, merged } });
  t.same(await notes(survivor), [[s1, survivor], [m1, survivor], [m2, survivor]], 'the survivor gains the notes, oldest first');
  t.same(await notes(merged), []);
  t.same(await notes(other), [[o1, other]], 'other notes stay');

  // A note written on the survivor after the merge stays with it when the merge is reversed.
  const later = await note(survivor, 'Written after the merge');
  await s.request('POST', '/v1/merge-writer/split', { body: { survivor, merged, unmerged: false } });
  t.same(await notes(merged), [], 'a plain split moves nothing');
  await s.request('POST', '/v1/merge-writer/split', { body: { survivor, merged } });
  t.same(await notes(merged), [[m1, merged], [m2, merged]], 'the reversed merge gives them back');
  t.same(await notes(survivor), [[s1, survivor], [later, survivor]]);
  t.equal(s.server.kernel.trees.active().db.prepare('SELECT count(*) FROM note_merges').pluck().get(), 0, 'nothing left to remember');

  // Merged again: the notes go over again (the memory was cleared, not stale).
  await s.request('POST', '/v1/merge-writer/merge', { body: { survivor, merged } });
  t.same((await notes(survivor)).length, 4);
});

t.test('a note written about a merged person after the merge is written on its survivor, and goes back when the merge is reversed', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes', NAME], builtIn: [mergeWriter()] });
  const write = async (target: string, text: string) => (await s.request('POST', '/v1/notes', { body: { target, text } })).json();
  const notes = async (target: string) => (await s.request('GET', '/v1/notes', { query: { target } })).json().map((n: { text: string }) => n.text);
  const [survivor, merged, later] = ['person-s', 'person-m', 'person-l'];
  await write(merged, 'Before the merge');
  await s.request('POST', '/v1/merge-writer/merge', { body: { survivor, merged } });
  const note = await write(merged, 'After the merge');
  t.equal(note.target, survivor, 'answered where it was written');
  t.same(await notes(survivor), ['Before the merge', 'After the merge'], 'read with the survivor');
  t.same(await notes(merged), []);
  t.match(s.records({ kind: 'note.created' })[0].payload, { target: survivor }, 'and so recorded');
  await s.request('POST', '/v1/merge-writer/merge', { body: { survivor: later, merged: survivor } });
  t.equal((await write(merged, 'Merged twice')).target, later, 'a merge of the survivor is followed too');
  await s.request('POST', '/v1/merge-writer/split', { body: { survivor: later, merged: survivor } });
  await s.request('POST', '/v1/merge-writer/split', { body: { survivor, merged } });
  t.same(await notes(merged), ['Before the merge', 'After the merge'], 'the reversed merge gives both back');
  t.equal((await write('not-a-person', 'Any key')).target, 'not-a-person', 'any other target is itself');
});
