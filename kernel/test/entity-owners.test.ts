import t, { type Test } from 'tap';
import { definePlugin, type EntityLabel } from '@rootline/kernel';
import type { PluginSource } from '@rootline/kernel/host';
import { buildTestServer } from '@rootline/kernel/testing';

/**
 * Two owners of kinds of entity, as plugins declare them (`kernel.ownsEntities`): the "ledger"
 * plugin owns `entry` ids (e1, e2), the "shelf" plugin `box` and `jar` ids (b1, j1). Each counts
 * the ids it is asked about, so the test sees who was asked what.
 */
function owner(name: string, kinds: string[], known: Record<string, string>, asked: string[][]): PluginSource {
  const plugin = definePlugin({
    name,
    scope: 'tree',
    register(app) {
      app.kernel.ownsEntities(kinds, (_services, ids) => {
        asked.push([name, ...ids]);
        return ids.flatMap((id): EntityLabel[] => (known[id] ? [{ id, kind: id.startsWith('j') ? 'jar' : kinds[0], label: known[id] }] : []));
      });
    },
  });
  return { name, version: '1.0.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

async function server(t: Test, asked: string[][], seen: { refused?: string } = {}) {
  const probe = definePlugin({
    name: '@rootline/plugin-probe',
    scope: 'global',
    register(app) {
      try {
        app.kernel.ownsEntities(['thing'], () => []);
      } catch (error) {
        seen.refused = (error as Error).message;
      }
    },
  });
  const builtIn = [
    owner('@rootline/plugin-ledger', ['entry'], { e1: 'First entry', e2: 'Second entry' }, asked),
    owner('@rootline/plugin-shelf', ['box', 'jar'], { b1: 'A box', j1: 'A jar' }, asked),
    { name: '@rootline/plugin-probe', version: '1.0.0', plugin: probe, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } },
  ];
  const s = await buildTestServer(t, { builtIn, plugins: builtIn.map((plugin) => plugin.name) });
  return { s, labels: () => s.server.kernel.servicesFor(s.server.kernel.trees.active(), { kind: 'human', credentialId: null }).entityLabels };
}

t.test('entityLabels asks each owner in manifest order, only for the ids still unknown, and leaves unknown ids out', async (t) => {
  const asked: string[][] = [];
  const { labels } = await server(t, asked);
  t.same(labels().of(['j1', 'e2', 'nobody', 'e2', 'b1']), [
    { id: 'e2', kind: 'entry', label: 'Second entry' },
    { id: 'j1', kind: 'jar', label: 'A jar' },
    { id: 'b1', kind: 'box', label: 'A box' },
  ]);
  t.same(asked, [['@rootline/plugin-ledger', 'j1', 'e2', 'nobody', 'b1'], ['@rootline/plugin-shelf', 'j1', 'nobody', 'b1']], 'a repeated id asked once; what the ledger knew not asked of the shelf');

  asked.length = 0;
  t.same(labels().of(['e1']), [{ id: 'e1', kind: 'entry', label: 'First entry' }]);
  t.same(asked, [['@rootline/plugin-ledger', 'e1']], 'nothing left unknown: the next owner is not asked (nor its service built)');

  asked.length = 0;
  t.same(labels().of([]), []);
  t.same(asked, [], 'no ids: no owner asked');
});

t.test('kinds: only the owners of those kinds are asked', async (t) => {
  const asked: string[][] = [];
  const { labels } = await server(t, asked);
  t.same(labels().of(['e1', 'j1'], ['jar']), [{ id: 'j1', kind: 'jar', label: 'A jar' }], 'an entry is not a jar');
  t.same(asked, [['@rootline/plugin-shelf', 'e1', 'j1']]);
  asked.length = 0;
  t.same(labels().of(['e1'], ['box', 'entry']), [{ id: 'e1', kind: 'entry', label: 'First entry' }], 'any of the kinds');
  t.same(labels().of(['e1'], ['cupboard']), [], 'a kind nobody owns');
  t.same(asked, [['@rootline/plugin-ledger', 'e1']]);
});

t.test('a server without the owner knows none of its ids; a global plugin cannot own entities', async (t) => {
  const seen: { refused?: string } = {};
  const { labels } = await server(t, [], seen);
  t.same(labels().of(['x1']), []);
  t.equal(seen.refused, "Plugin @rootline/plugin-probe is declared global-scoped but calls kernel.ownsEntities; declare scope: 'tree' or leave entities to tree plugins", 'owning entities is for tree plugins');
});
