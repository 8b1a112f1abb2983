import t from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, BootError, parseManifest, ManifestError, type PluginSource } from '@rootline/kernel';
import { buildTestServer } from '@rootline/kernel/testing';
import { pingPlugin } from './fixtures/plugins.js';

const boot = (builtIn: PluginSource[], names = builtIn.map((p) => p.name), dataDir = mkdtempSync(join(tmpdir(), 'rootline-asm-'))) =>
  createServer({ dataDir, manifest: { plugins: names.map((name) => ({ name })) }, builtIn: new Map(builtIn.map((p) => [p.name, p])) });

t.test('first start creates "My tree" and makes it active; a restart keeps it', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-asm-'));
  const first = await boot([], [], dataDir);
  const treeId = first.kernel.registry.activeTreeId();
  t.equal(first.kernel.registry.getTree(treeId!)?.name, 'My tree');
  await first.close();
  const second = await boot([], [], dataDir);
  t.equal(second.kernel.registry.activeTreeId(), treeId);
  t.equal(second.kernel.registry.countTrees(), 1);
  await second.close();
});

t.test('boot fails with one clear line for an unknown plugin', async (t) => {
  await t.rejects(boot([], ['@rootline/plugin-does-not-exist']), { message: /Unknown plugin @rootline\/plugin-does-not-exist/ });
});

t.test('boot fails when a plugin dependency is missing or listed later', async (t) => {
  const needsOther = pingPlugin('@rootline/plugin-b', { dependencies: ['@rootline/plugin-a'] });
  const other = pingPlugin('@rootline/plugin-a');
  await t.rejects(boot([needsOther]), { name: 'BootError', message: 'Plugin @rootline/plugin-b needs @rootline/plugin-a, which the manifest does not list' });
  await t.rejects(boot([needsOther, other]), { message: /lists after it/ });
  const ok = await boot([other, needsOther]);
  await ok.close();
});

t.test('boot fails when two plugins declare the same route', async (t) => {
  const a = pingPlugin('@rootline/plugin-a', { path: '/same' });
  const b = pingPlugin('@rootline/plugin-b', { path: '/same' });
  await t.rejects(boot([a, b]), { message: /@rootline\/plugin-b declares a route another plugin already has: GET \/v1\/same/ });
});

t.test('boot fails when an applied migration was edited', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-asm-'));
  const original = pingPlugin('@rootline/plugin-a', { sql: 'CREATE TABLE a (x INTEGER);' });
  await (await boot([original], undefined, dataDir)).close();
  const edited = pingPlugin('@rootline/plugin-a', { sql: 'CREATE TABLE a (x TEXT);' });
  await t.rejects(boot([edited], undefined, dataDir), { message: /Migration 001_init of @rootline\/plugin-a was changed after it was applied/ });
});

t.test('tree plugins get their migrations in every tree, including trees made later', async (t) => {
  const s = await buildTestServer(t, { builtIn: [pingPlugin('@rootline/plugin-a', { sql: 'CREATE TABLE a_things (x INTEGER);' })], plugins: ['@rootline/plugin-a'] });
  const created = (await s.request('POST', '/v1/trees', { body: { name: 'Second' } })).json();
  const tree = s.server.kernel.trees.get(created.tree_id)!;
  t.ok(tree.db.prepare("SELECT name FROM sqlite_master WHERE name = 'a_things'").get());
  t.equal((await s.request('GET', `/v1/trees/${created.tree_id}/a`)).statusCode, 200);
});

t.test('the manifest is checked: shape, names, duplicates', async (t) => {
  t.throws(() => parseManifest({ plugins: [{ name: 'not-scoped' }] }), { name: 'ManifestError' });
  t.throws(() => parseManifest({ plugins: [{ name: '@rootline/plugin-a' }, { name: '@rootline/plugin-a' }] }), { message: /twice/ });
  t.throws(() => parseManifest({ plugin: [] }), { name: 'ManifestError' });
  t.same(parseManifest({ plugins: [{ name: '@rootline/plugin-a', options: { x: 1 } }] }).plugins[0].options, { x: 1 });
});

t.test('a record appended outside a transaction is a programming error', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  t.throws(() => tree.record({ kind: 'thing.made.v1', entity_type: 'thing', entity_id: 'x', actor: { kind: 'system', credentialId: null } }), { message: /outside a transaction/ });
  t.throws(() => tree.transact(() => tree.record({ kind: 'Bad Kind', entity_type: 'thing', entity_id: 'x', actor: { kind: 'system', credentialId: null } })), { message: /is not/ });
  t.equal(tree.records.lastSeq(), 0, 'nothing written');
});

t.test('an unexpected error is 500 internal, with no stack, path or message of the cause', async (t) => {
  const fp = (await import('fastify-plugin')).default;
  const broken = {
    name: '@rootline/plugin-broken',
    version: '0.0.1',
    migrations: [],
    plugin: fp(async (app: any) => {
      app.kernel.treeRoutes(async (mount: any) => {
        mount.get('/broken', async () => {
          throw new Error(`disk at /home/someone/.local/share/rootline failed`);
        });
      });
    }, { name: '@rootline/plugin-broken', fastify: '5.x', dependencies: ['@rootline/kernel'] }),
  } as PluginSource;
  const s = await buildTestServer(t, { builtIn: [broken], plugins: ['@rootline/plugin-broken'] });
  const reply = await s.request('GET', '/v1/broken');
  t.equal(reply.statusCode, 500);
  t.equal(reply.json().code, 'internal');
  t.notMatch(reply.body, /home|someone|stack|at /, 'nothing of the inside leaks');
});
