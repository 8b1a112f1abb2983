import t from 'tap';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { definePlugin, type PluginKernel, type RegistryTables, type Tree } from '@rootline/kernel';
import type { PluginSource } from '@rootline/kernel/host';
import { buildTestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';

/**
 * What a global plugin gets of the trees and the registry (`listTrees`, `openTree`,
 * `activeTree`, `createTreeFrom`, `registryTables`): the backup plugin walks trees, snapshots
 * them and restores one as a new tree, and keeps its own settings in the registry.
 */
interface Seen {
  kernel?: PluginKernel;
  tables?: RegistryTables;
  opened: string[];
}

function globalProbe(seen: Seen): PluginSource {
  const plugin = definePlugin({
    name: '@rootline/plugin-global-probe',
    scope: 'global',
    register(app) {
      seen.kernel = app.kernel;
      seen.tables = app.kernel.registryTables();
      app.kernel.onTreeOpen((tree: Tree) => seen.opened.push(tree.id));
    },
  });
  return { name: '@rootline/plugin-global-probe', version: '1.0.0', plugin, migrations: [{ version: 1, name: 'things', sql: 'CREATE TABLE probe_things (n INTEGER NOT NULL);' }], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

function treeProbe(): PluginSource {
  const plugin = definePlugin({
    name: '@rootline/plugin-tree-probe',
    scope: 'tree',
    register(app) {
      app.kernel.registryTables();
    },
  });
  return { name: '@rootline/plugin-tree-probe', version: '1.0.0', plugin, migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

async function probed(t: { teardown(fn: () => unknown): void }, dataDir?: string) {
  const seen: Seen = { opened: [] };
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin(), globalProbe(seen)], plugins: ['@rootline/plugin-jottings', '@rootline/plugin-global-probe'], dataDir });
  return { s, seen, kernel: seen.kernel!, tables: seen.tables! };
}

const jot = (tree: Tree, text: string) =>
  tree.transact(() => tree.record({ kind: 'jotting.written.v1', entity_type: 'jotting', entity_id: text, actor: { kind: 'human', credentialId: null } }));

t.test('listTrees names every tree oldest first; openTree opens one by id; activeTree is the active one', async (t) => {
  const { s, kernel } = await probed(t);
  const first = s.server.kernel.registry.activeTreeId()!;
  const second = (await s.request('POST', '/v1/trees', { body: { name: 'Second' } })).json();
  const third = (await s.request('POST', '/v1/trees', { body: { name: 'Third' } })).json();
  t.same(kernel.listTrees(), [
    { tree_id: first, name: 'My tree', created_at_ms: s.server.kernel.registry.getTree(first)!.created_at_ms },
    { tree_id: second.tree_id, name: 'Second', created_at_ms: second.created_at_ms },
    { tree_id: third.tree_id, name: 'Third', created_at_ms: third.created_at_ms },
  ]);
  t.equal(kernel.openTree(second.tree_id), s.server.kernel.trees.get(second.tree_id), 'the tree the server has open');
  t.equal(kernel.openTree('01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d'), undefined, 'an unknown id');
  t.equal(kernel.activeTree().id, first);
  await s.request('PUT', '/v1/trees/active', { body: { tree_id: third.tree_id } });
  t.equal(kernel.activeTree().id, third.tree_id, 'follows a switch');
});

t.test('placeInDataFolder: where a path lies in the data folder, links followed, paths that do not exist yet by their nearest folder', async (t) => {
  const { s, kernel } = await probed(t);
  const outside = mkdtempSync(join(tmpdir(), 'rootline-place-'));
  t.teardown(() => rmSync(outside, { recursive: true, force: true }));
  const tree = kernel.activeTree();
  symlinkSync(join(s.dataDir, 'trees'), join(outside, 'to-trees'));
  symlinkSync(s.dataDir, join(outside, 'to-data'));
  const rows: [path: string, place: string][] = [
    [s.dataDir, 'data-folder'],
    [join(s.dataDir, 'trees', '..'), 'data-folder'],
    [join(outside, 'to-data'), 'data-folder'],
    [join(s.dataDir, 'trees'), 'trees'],
    [tree.dir, 'trees'],
    [join(tree.dir, 'objects'), 'trees'],
    [join(s.dataDir, 'trees', 'not-made-yet', 'deeper'), 'trees'],
    [join(outside, 'to-trees'), 'trees'],
    [join(outside, 'to-trees', tree.id), 'trees'],
    [join(s.dataDir, 'logs'), 'inside'],
    [join(s.dataDir, 'backups'), 'inside'],
    [outside, 'outside'],
    [join(outside, 'to-data-not'), 'outside'],
    [`${s.dataDir}-beside`, 'outside'],
  ];
  for (const [path, place] of rows) t.equal(kernel.placeInDataFolder(path), place, path.replace(s.dataDir, '<data>').replace(outside, '<outside>'));
});

t.test('registryTables: a global plugin reads and writes its own table in the registry, in transactions', async (t) => {
  const { s, tables } = await probed(t);
  tables.prepare('INSERT INTO probe_things (n) VALUES (?)').run(1);
  t.equal(tables.prepare('SELECT n FROM probe_things').pluck().get(), 1);
  t.equal(tables.prepare('SELECT n FROM probe_things'), tables.prepare('SELECT n FROM probe_things'), 'statements are prepared once');
  t.throws(() => tables.transact(() => {
    tables.prepare('INSERT INTO probe_things (n) VALUES (?)').run(2);
    throw new Error('stop');
  }), /stop/);
  t.equal(tables.transact(() => tables.prepare('SELECT count(*) FROM probe_things').pluck().get()), 1, 'the failed transaction left nothing; a transaction returns its value');
  t.equal(s.server.kernel.registry.db.prepare('SELECT count(*) FROM probe_things').pluck().get(), 1, 'the registry database itself');
  await t.rejects(buildTestServer(t, { builtIn: [treeProbe()], plugins: ['@rootline/plugin-tree-probe'] }), {
    name: 'BootError',
    message: "Plugin @rootline/plugin-tree-probe is declared tree-scoped but calls kernel.registryTables; declare scope: 'global' or keep its tables in the tree database",
  });
});

t.test('createTreeFrom registers a new tree from the files written into its folder, opened and migrated; the active tree stays', async (t) => {
  const { s, kernel, seen } = await probed(t);
  const source = kernel.activeTree();
  jot(source, 'one');
  jot(source, 'two');
  const before = kernel.listTrees();
  let handed = '';
  const made = await kernel.createTreeFrom('Copy (restored 2026-01-02)', async (folder) => {
    handed = folder;
    t.same(readdirSync(folder), [], 'an empty folder');
    await source.db.backup(join(folder, 'tree.db'));
    mkdirSync(join(folder, 'objects', 'ab'), { recursive: true });
    writeFileSync(join(folder, 'objects', 'ab', 'ab'.repeat(32)), 'bytes');
    t.same(kernel.listTrees(), before, 'not a tree while it is being filled');
  });
  t.not(made.tree_id, source.id, 'a new id');
  t.match(made, { name: 'Copy (restored 2026-01-02)', created_at_ms: Number });
  t.same(kernel.listTrees(), [...before, made]);
  t.equal(kernel.activeTree().id, source.id, 'the active tree is unchanged');
  const tree = kernel.openTree(made.tree_id)!;
  t.same(s.records({ treeId: made.tree_id }).map((r) => r.entity_id), ['two', 'one'], 'its records are the copied ones');
  t.ok(seen.opened.includes(made.tree_id), 'open hooks ran on it');
  t.equal(tree.dir, join(s.dataDir, 'trees', made.tree_id));
  t.same(readdirSync(join(s.dataDir, 'trees')).sort(), [source.id, made.tree_id].sort(), 'no staging folder is left');
  t.notOk(existsSync(join(tree.dir, '.unregistered')), 'the marker is gone');
  t.notOk(existsSync(handed), 'the folder it was handed was moved into place');
  t.equal((await s.request('GET', `/v1/trees/${made.tree_id}/jottings`, { query: { target: 'x' } })).statusCode, 200, 'the pinned mount serves it');
});

t.test('createTreeFrom leaves nothing when populate fails or the database does not open', async (t) => {
  const { s, kernel } = await probed(t);
  const before = kernel.listTrees();
  const entries = () => readdirSync(join(s.dataDir, 'trees')).sort();
  const was = entries();
  await t.rejects(kernel.createTreeFrom('Failing', async (folder) => {
    writeFileSync(join(folder, 'tree.db'), 'half');
    throw new Error('disk full');
  }), { message: 'disk full' });
  t.same(kernel.listTrees(), before, 'no tree');
  t.same(entries(), was, 'no folder');
  await t.rejects(kernel.createTreeFrom('Garbage', async (folder) => {
    writeFileSync(join(folder, 'tree.db'), Buffer.alloc(8192, 7));
  }), { code: 'SQLITE_NOTADB' });
  t.same(kernel.listTrees(), before, 'no tree registered for a database that does not open');
  t.equal(s.server.kernel.registry.countTrees(), before.length);
  t.same(entries(), was, 'and its folder is gone');
});

t.test('at start, what a crash left of createTreeFrom is removed; a registered tree only loses its marker', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-kernel-trees-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await probed(t, dataDir);
  const active = first.kernel.activeTree().id;
  jot(first.kernel.activeTree(), 'kept');
  await first.s.server.close();
  const trees = join(dataDir, 'trees');
  mkdirSync(join(trees, '.incoming-tree-01938f0e-0000-7000-8000-000000000001', 'objects'), { recursive: true });
  writeFileSync(join(trees, '.incoming-tree-01938f0e-0000-7000-8000-000000000001', 'tree.db'), 'half');
  const orphan = '01938f0e-0000-7000-8000-000000000002';
  mkdirSync(join(trees, orphan));
  writeFileSync(join(trees, orphan, 'tree.db'), 'whole but never registered');
  writeFileSync(join(trees, orphan, '.unregistered'), '');
  writeFileSync(join(trees, active, '.unregistered'), '');
  const plain = '01938f0e-0000-7000-8000-000000000003';
  mkdirSync(join(trees, plain));

  const second = await probed(t, dataDir);
  t.same(readdirSync(trees).sort(), [active, plain].sort(), 'the staging folder and the unregistered tree are gone; a folder without the marker is not touched');
  t.notOk(existsSync(join(trees, active, '.unregistered')), 'the registered tree lost its marker');
  t.same(second.kernel.listTrees().map((row) => row.tree_id), [active]);
  t.same(second.s.records().map((r) => r.entity_id), ['kept'], 'and kept its data');
});
