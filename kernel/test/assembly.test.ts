import t from 'tap';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { definePlugin } from '@rootline/kernel';
import { createServer, type PluginSource } from '@rootline/kernel/host';
import { parseManifest } from '../src/manifest.js';
import { buildTestServer } from '@rootline/kernel/testing';
import { pingPlugin, routesPlugin } from './fixtures/plugins.js';

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
  const broken = routesPlugin('@rootline/plugin-broken', (mount) => {
    mount.get('/broken', async () => {
      throw new Error(`disk at /home/someone/.local/share/rootline failed`);
    });
  });
  const s = await buildTestServer(t, { builtIn: [broken], plugins: ['@rootline/plugin-broken'] });
  const reply = await s.request('GET', '/v1/broken');
  t.equal(reply.statusCode, 500);
  t.equal(reply.json().code, 'internal');
  t.notMatch(reply.body, /home|someone|stack|at /, 'nothing of the inside leaks');
});

t.test('a plugin declares its scope: global routes answer under /v1 only, and routes of the other kind stop boot', async (t) => {
  const global = pingPlugin('@rootline/plugin-settings', { scope: 'global', sql: 'CREATE TABLE settings_things (x INTEGER);' });
  const s = await buildTestServer(t, { builtIn: [global], plugins: ['@rootline/plugin-settings'] });
  t.equal((await s.request('GET', '/v1/settings')).statusCode, 200);
  const treeId = s.server.kernel.registry.activeTreeId();
  t.equal((await s.request('GET', `/v1/trees/${treeId}/settings`)).json().code, 'route-not-found', 'no pinned mount for a global plugin');
  t.ok(s.server.kernel.registry.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'settings_things'").get(), 'its migrations run in the registry');
  t.notOk(s.server.kernel.trees.active().db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'settings_things'").get(), 'and not in a tree');
  await t.rejects(boot([pingPlugin('@rootline/plugin-a', { scope: 'global', wrongRoutes: true })]), { name: 'BootError', message: /declared global-scoped but calls kernel.treeRoutes/ });
  await t.rejects(boot([pingPlugin('@rootline/plugin-a', { scope: 'tree', wrongRoutes: true })]), { name: 'BootError', message: /declared tree-scoped but calls kernel.globalRoutes/ });
});

t.test('a plain fastify plugin is refused: every plugin declares itself with definePlugin', async (t) => {
  const fp = (await import('fastify-plugin')).default;
  const plain: PluginSource = { name: '@rootline/plugin-plain', version: '1.0.0', migrations: [], peerDependencies: { '@rootline/kernel': '^0.2.0' }, plugin: fp(async () => {}, { name: '@rootline/plugin-plain' }) };
  await t.rejects(boot([plain]), { name: 'BootError', message: /@rootline\/plugin-plain does not declare itself/ });
});

t.test('a plugin whose declared name is not its package name stops boot', async (t) => {
  // fastify-plugin names a nameless plugin itself (`plugin-auto-N`).
  for (const [declared, said] of [['@rootline/plugin-other', '"@rootline/plugin-other"'], ['', '"plugin-auto-\\d+"']]) {
    const misnamed: PluginSource = { ...pingPlugin('@rootline/plugin-named'), plugin: definePlugin({ name: declared, scope: 'tree', register() {} }) };
    await t.rejects(boot([misnamed]), { name: 'BootError', message: new RegExp(`^Plugin @rootline/plugin-named declares itself as ${said}: definePlugin's name must be its package name$`) }, declared || 'empty');
  }
});

t.test('peer versions are checked before anything registers', async (t) => {
  const a = pingPlugin('@rootline/plugin-a', { version: '1.4.0' });
  const needsNewer = pingPlugin('@rootline/plugin-b', { dependencies: ['@rootline/plugin-a'], peerDependencies: { '@rootline/kernel': '^0.2.0', '@rootline/plugin-a': '^2.0.0' } });
  await t.rejects(boot([a, needsNewer]), { message: 'Plugin @rootline/plugin-b needs @rootline/plugin-a ^2.0.0, but the manifest\'s @rootline/plugin-a is 1.4.0' });
  const oldKernel = pingPlugin('@rootline/plugin-c', { peerDependencies: { '@rootline/kernel': '^0.1.0' } });
  await t.rejects(boot([oldKernel]), { message: /needs @rootline\/kernel \^0\.1\.0, but this kernel is 0\.2\./ });
  const undeclared = pingPlugin('@rootline/plugin-d', { dependencies: ['@rootline/plugin-a'], peerDependencies: { '@rootline/kernel': '^0.2.0' } });
  await t.rejects(boot([a, undeclared]), { message: 'Plugin @rootline/plugin-d uses @rootline/plugin-a but does not list it in its peerDependencies' });
  const noKernel = pingPlugin('@rootline/plugin-e', { peerDependencies: {} });
  await t.rejects(boot([noKernel]), { message: /does not say which kernel it needs/ });
  const satisfied = pingPlugin('@rootline/plugin-b', { dependencies: ['@rootline/plugin-a'], peerDependencies: { '@rootline/kernel': '^0.2.0', '@rootline/plugin-a': '^1.2.0' } });
  await (await boot([a, satisfied])).close();
});

t.test('plugin options come from the manifest, checked by the plugin\'s schema, with environment overrides', async (t) => {
  const options = Type.Object({ limit: Type.Integer({ minimum: 1, default: 10 }), label: Type.Optional(Type.String()) }, { additionalProperties: false });
  let seen: unknown;
  const plugin = () => pingPlugin('@rootline/plugin-a', { options, environment: { limit: 'ROOTLINE_A_LIMIT' }, seen: (value) => { seen = value; } });
  const start = async (manifestOptions: Record<string, unknown>, env: Record<string, string> = {}) => {
    const source = plugin();
    const server = await createServer({ dataDir: mkdtempSync(join(tmpdir(), 'rootline-asm-')), env, manifest: { plugins: [{ name: source.name, options: manifestOptions }] }, builtIn: new Map([[source.name, source]]) });
    await server.close();
    return seen;
  };
  t.same(await start({}), { limit: 10 }, 'defaults fill in');
  t.same(await start({ limit: 3, label: 'x' }), { limit: 3, label: 'x' });
  t.same(await start({ limit: 3 }, { ROOTLINE_A_LIMIT: '42' }), { limit: 42 }, 'the environment overrides the manifest, converted to the option\'s type');
  await t.rejects(start({ limit: 0 }), { name: 'BootError', message: /Plugin @rootline\/plugin-a: option "limit" \(in the manifest\)/ });
  await t.rejects(start({}, { ROOTLINE_A_LIMIT: 'lots' }), { name: 'BootError', message: /option "limit" \(from ROOTLINE_A_LIMIT\)/ });
  await t.rejects(start({ colour: 'red' }), { name: 'BootError', message: /option "colour"/ });
});

t.test('numbers from the environment are read whole: a fraction or an exponent is never truncated', async (t) => {
  const options = Type.Object({ size: Type.Integer({ minimum: 0, default: 1 }), ratio: Type.Number({ default: 0.5 }) }, { additionalProperties: false });
  let seen: unknown;
  const start = async (env: Record<string, string>) => {
    const source = pingPlugin('@rootline/plugin-a', { options, environment: { size: 'ROOTLINE_A_SIZE', ratio: 'ROOTLINE_A_RATIO' }, seen: (value) => { seen = value; } });
    const server = await createServer({ dataDir: mkdtempSync(join(tmpdir(), 'rootline-asm-')), env, manifest: { plugins: [{ name: source.name }] }, builtIn: new Map([[source.name, source]]) });
    await server.close();
    return seen;
  };
  t.same(await start({ ROOTLINE_A_SIZE: '5e8', ROOTLINE_A_RATIO: '0.25' }), { size: 500_000_000, ratio: 0.25 });
  await t.rejects(start({ ROOTLINE_A_SIZE: '1.5' }), { name: 'BootError', message: /option "size" \(from ROOTLINE_A_SIZE\) expected integer/ });
  await t.rejects(start({ ROOTLINE_A_RATIO: 'half' }), { name: 'BootError', message: /option "ratio" \(from ROOTLINE_A_RATIO\) expected number/ });
  t.same(await start({ ROOTLINE_A_SIZE: ' 42 ' }), { size: 42, ratio: 0.5 }, 'spaces around a number are read past');
  // Number('  ') is 0, which the schema would take: a variable of spaces only is refused, not read as 0.
  await t.rejects(start({ ROOTLINE_A_SIZE: '   ' }), { name: 'BootError', message: /option "size" \(from ROOTLINE_A_SIZE\) expected integer/ });
  t.same(await start({ ROOTLINE_A_SIZE: '', ROOTLINE_A_RATIO: '' }), { size: 1, ratio: 0.5 }, 'a variable set to nothing is as if unset: the defaults');
});
