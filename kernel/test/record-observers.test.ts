import t from 'tap';
import { definePlugin } from '@rootline/kernel';
import { buildTestServer } from '@rootline/kernel/testing';
import type { PluginSource } from '@rootline/kernel/host';
import { jottingsPlugin } from './fixtures/plugins.js';

/**
 * A plugin that keeps a tally derived from another plugin's records (the way a name index
 * follows personas): it never calls the jottings plugin, and jottings never calls it.
 */
function tallyPlugin(): PluginSource {
  return {
    name: '@rootline/plugin-tally',
    version: '1.0.0',
    peerDependencies: { '@rootline/kernel': '^0.2.0' },
    migrations: [{ version: 1, name: 'tally', sql: 'CREATE TABLE tally (kind TEXT PRIMARY KEY, n INTEGER NOT NULL);' }],
    plugin: definePlugin({
      name: '@rootline/plugin-tally',
      scope: 'tree',
      register(app) {
        app.kernel.onRecord('jotting.', (tree, record) => {
          if (record.payload && (record.payload as { refuse?: boolean }).refuse) throw new Error('the tally refuses this one');
          tree.prepare('INSERT INTO tally (kind, n) VALUES (?, 1) ON CONFLICT (kind) DO UPDATE SET n = n + 1').run(record.kind);
        });
        app.kernel.treeRoutes(async () => {});
      },
    }),
  };
}

t.test('an observer sees matching records inside the transaction that wrote them', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin(), tallyPlugin()], plugins: ['@rootline/plugin-jottings', '@rootline/plugin-tally'] });
  const tree = s.server.kernel.trees.active();
  const tally = () => tree.db.prepare('SELECT kind, n FROM tally').all();
  await s.request('POST', '/v1/jottings', { body: { target: 'x', text: 'one' } });
  await s.request('POST', '/v1/jottings', { body: { target: 'x', text: 'two' } });
  t.same(tally(), [{ kind: 'jotting.written.v1', n: 2 }]);

  tree.transact(() => tree.record({ kind: 'other.thing.v1', entity_type: 'other', entity_id: 'o', actor: { kind: 'system', credentialId: null } }));
  t.same(tally(), [{ kind: 'jotting.written.v1', n: 2 }], 'records of other kinds are not seen');

  const before = tree.records.lastSeq();
  t.throws(() => tree.transact(() => {
    tree.prepare('INSERT INTO jottings (id, target, text) VALUES (?, ?, ?)').run('j-refused', 'x', 'three');
    tree.record({ kind: 'jotting.written.v1', entity_type: 'jotting', entity_id: 'j-refused', actor: { kind: 'system', credentialId: null }, payload: { refuse: true } });
  }), { message: /refuses/ });
  t.equal(tree.records.lastSeq(), before, 'an observer that throws rolls the whole change back: no record');
  t.notOk(tree.db.prepare("SELECT 1 FROM jottings WHERE id = 'j-refused'").get(), 'and no row');
  t.same(tally(), [{ kind: 'jotting.written.v1', n: 2 }]);
});

t.test('observers follow every tree, including one made after boot and reached by the pinned mount', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin(), tallyPlugin()], plugins: ['@rootline/plugin-jottings', '@rootline/plugin-tally'] });
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Other' } })).json();
  await s.request('POST', `/v1/trees/${other.tree_id}/jottings`, { body: { target: 'y', text: 'elsewhere' } });
  const tree = s.server.kernel.trees.get(other.tree_id)!;
  t.same(tree.db.prepare('SELECT n FROM tally').all(), [{ n: 1 }]);
  t.same(s.server.kernel.trees.active().db.prepare('SELECT n FROM tally').all(), [], 'the active tree saw nothing');
});
