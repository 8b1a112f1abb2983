import t, { type Test } from 'tap';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tree } from '@rootline/kernel';
import { buildTestServer, handClock } from '@rootline/kernel/testing';
import { dataDirLayout, defaultDataDir, ensureDataDir } from '../src/storage/data-dir.js';
import { openDatabase, StatementCache } from '../src/storage/sqlite.js';
import { applyMigrations, MigrationChecksumError, readMigrationsDir, type Migration } from '../src/storage/migrations.js';
import { openRegistry } from '../src/storage/open-registry.js';
import { createAgentCredential } from '../src/auth/tokens.js';
import { createServer } from '../src/server.js';
import { pingPlugin } from './fixtures/plugins.js';

/** The storage primitives under every tree and the registry (kernel/src/storage). */

function folder(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-storage-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('default data folder table (CONTRACT §1)', async (t) => {
  const home = homedir();
  const rows: [name: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform, expected: string][] = [
    ['ROOTLINE_HOME wins everywhere', { ROOTLINE_HOME: '/data/rl', XDG_DATA_HOME: '/xdg' }, 'linux', '/data/rl'],
    ['ROOTLINE_HOME on macOS', { ROOTLINE_HOME: '/data/rl' }, 'darwin', '/data/rl'],
    ['Linux with XDG_DATA_HOME', { XDG_DATA_HOME: '/xdg' }, 'linux', '/xdg/rootline'],
    ['Linux without it', {}, 'linux', join(home, '.local', 'share', 'rootline')],
    ['macOS', { XDG_DATA_HOME: '/xdg' }, 'darwin', join(home, 'Library', 'Application Support', 'Rootline')],
    ['Windows with LOCALAPPDATA', { LOCALAPPDATA: '/appdata' }, 'win32', join('/appdata', 'Rootline')],
    ['Windows without it', {}, 'win32', join(home, 'AppData', 'Local', 'Rootline')],
    ['another Unix', {}, 'freebsd', join(home, '.local', 'share', 'rootline')],
  ];
  for (const [name, env, platform, expected] of rows) t.equal(defaultDataDir(env, platform), expected, name);
  const saved = process.env.ROOTLINE_HOME;
  process.env.ROOTLINE_HOME = '/from/process/env';
  t.teardown(() => (saved === undefined ? delete process.env.ROOTLINE_HOME : (process.env.ROOTLINE_HOME = saved)));
  t.equal(defaultDataDir(), '/from/process/env', 'the process environment by default');
});

t.test('the data folder: its layout, and private folders for what is secret', async (t) => {
  const root = join(folder(t), 'data');
  const layout = dataDirLayout(root);
  t.same(layout, {
    root,
    registryFile: join(root, 'registry.db'),
    credentialsDir: join(root, 'credentials'),
    humanTokenFile: join(root, 'credentials', 'human.token'),
    agentsDir: join(root, 'credentials', 'agents'),
    treesDir: join(root, 'trees'),
    logsDir: join(root, 'logs'),
    serverFile: join(root, 'server.json'),
    lockFile: join(root, 'rootline.lock'),
  });
  ensureDataDir(layout);
  for (const dir of [layout.root, layout.credentialsDir, layout.agentsDir, layout.treesDir, layout.logsDir]) t.equal(statSync(dir).mode & 0o777, 0o700, `${dir.slice(root.length) || '/'} is 0700`);
  ensureDataDir(layout);
  t.pass('a second call changes nothing and does not throw');
});

t.test("a data folder that also holds other things: only Rootline's entries are made private, the rest keep their modes", async (t) => {
  const root = join(folder(t), 'home');
  mkdirSync(join(root, 'Documents', 'letters'), { recursive: true, mode: 0o755 });
  writeFileSync(join(root, 'Documents', 'letters', 'to-aunt.txt'), 'Dear aunt', { mode: 0o644 });
  writeFileSync(join(root, 'notes.txt'), 'mine', { mode: 0o644 });
  chmodSync(root, 0o755);
  const layout = dataDirLayout(root);
  ensureDataDir(layout);
  t.equal(statSync(join(root, 'Documents')).mode & 0o777, 0o755, 'a folder of the user keeps its mode');
  t.equal(statSync(join(root, 'Documents', 'letters', 'to-aunt.txt')).mode & 0o777, 0o644, 'so do the files inside it');
  t.equal(statSync(join(root, 'notes.txt')).mode & 0o777, 0o644);
  t.equal(statSync(root).mode & 0o777, 0o755, 'and the folder itself');
  for (const dir of [layout.credentialsDir, layout.agentsDir, layout.treesDir, layout.logsDir]) t.equal(statSync(dir).mode & 0o777, 0o700, `${dir.slice(root.length)} is 0700`);
  writeFileSync(layout.registryFile, '', { mode: 0o644 });
  ensureDataDir(layout);
  t.equal(statSync(layout.registryFile).mode & 0o777, 0o600, "Rootline's own files are made private");
});

t.test('every database: WAL, synchronous FULL, foreign keys, a busy timeout; statements prepared once', async (t) => {
  const s = await buildTestServer(t);
  const databases = { registry: s.server.kernel.registry.db, tree: s.server.kernel.trees.active().db };
  for (const [name, db] of Object.entries(databases)) {
    t.equal(db.pragma('journal_mode', { simple: true }), 'wal', `${name}: WAL`);
    t.equal(db.pragma('synchronous', { simple: true }), 2, `${name}: synchronous = FULL`);
    t.equal(db.pragma('foreign_keys', { simple: true }), 1, `${name}: foreign keys`);
    t.equal(db.pragma('busy_timeout', { simple: true }), 5000, `${name}: busy timeout`);
  }
  const db = openDatabase(join(folder(t), 'x.db'));
  t.teardown(() => db.close());
  const cache = new StatementCache(db);
  const first = cache.prepare('SELECT 1 AS one');
  t.equal(cache.prepare('SELECT 1 AS one'), first, 'the same statement object');
  t.not(cache.prepare('SELECT 2 AS two'), first);
});

t.test('migrations: read from NNN_name.sql files in order, applied once, each in its transaction, changed ones refused', async (t) => {
  const dir = join(folder(t), 'migrations');
  mkdirSync(dir);
  const files: [string, string][] = [
    ['002_second.sql', 'CREATE TABLE b (id INTEGER);'],
    ['001_first.sql', 'CREATE TABLE a (id INTEGER);'],
    ['010_tenth-one.sql', 'CREATE TABLE c (id INTEGER);'],
    ['1_too_short.sql', 'CREATE TABLE nope1 (id INTEGER);'],
    ['003_Capital.sql', 'CREATE TABLE nope2 (id INTEGER);'],
    ['004_notes.txt', 'not sql'],
    ['005_space name.sql', 'CREATE TABLE nope3 (id INTEGER);'],
    ['x006_prefixed.sql', 'CREATE TABLE nope4 (id INTEGER);'],
    ['007_backup.sql.orig', 'CREATE TABLE nope5 (id INTEGER);'],
  ];
  // Many more, written last-first: the folder's own order is not the migrations' order.
  const later = Array.from({ length: 30 }, (_, i) => 40 - i).map((n) => [`0${n}_step_${n}.sql`, `CREATE TABLE s${n} (id INTEGER);`] as [string, string]);
  for (const [name, sql] of [...later, ...files]) writeFileSync(join(dir, name), sql);
  const all = readMigrationsDir(dir);
  t.same(all.map((m) => m.version), [1, 2, 10, ...Array.from({ length: 30 }, (_, i) => 11 + i)], 'in version order, near-misses left out');
  const migrations = all.slice(0, 3);
  t.same(migrations, [
    { version: 1, name: 'first', sql: 'CREATE TABLE a (id INTEGER);' },
    { version: 2, name: 'second', sql: 'CREATE TABLE b (id INTEGER);' },
    { version: 10, name: 'tenth-one', sql: 'CREATE TABLE c (id INTEGER);' },
  ]);
  t.same(readMigrationsDir(join(dir, 'missing')), [], 'no folder, no migrations');

  const db = openDatabase(join(folder(t), 'm.db'));
  t.teardown(() => db.close());
  t.equal(applyMigrations(db, 'p', migrations, 'test db', 1234), 3);
  t.same(db.prepare('SELECT plugin, version, name, applied_at_ms FROM schema_migrations ORDER BY version').all(), [
    { plugin: 'p', version: 1, name: 'first', applied_at_ms: 1234 },
    { plugin: 'p', version: 2, name: 'second', applied_at_ms: 1234 },
    { plugin: 'p', version: 10, name: 'tenth-one', applied_at_ms: 1234 },
  ]);
  t.equal(applyMigrations(db, 'p', migrations, 'test db'), 0, 'nothing twice');
  t.equal(applyMigrations(db, 'q', [{ version: 1, name: 'first', sql: 'CREATE TABLE qa (id INTEGER);' }], 'test db'), 1, 'versions are per plugin');
  const lineEndings: Migration[] = [{ version: 1, name: 'x', sql: 'CREATE TABLE le (\n id INTEGER\n);' }];
  t.equal(applyMigrations(db, 'le', lineEndings, 'test db'), 1);
  t.equal(applyMigrations(db, 'le', [{ ...lineEndings[0], sql: lineEndings[0].sql.replace(/\n/g, '\r\n') }], 'test db'), 0, 'CRLF checks out as LF (a checkout on Windows)');

  const changed = [{ ...migrations[1], sql: 'CREATE TABLE b (id INTEGER, more TEXT);' }];
  t.throws(() => applyMigrations(db, 'p', changed, 'tree "Smith" (x)'), new MigrationChecksumError(
    'Migration 002_second of p was changed after it was applied to tree "Smith" (x); restore the original file and add a new migration instead',
  ));
  t.throws(() => applyMigrations(db, 'p', changed, 'w'), { name: 'MigrationChecksumError' });

  const broken: Migration[] = [{ version: 11, name: 'broken', sql: 'CREATE TABLE d (id INTEGER); CREATE TABLE d (id INTEGER);' }];
  t.throws(() => applyMigrations(db, 'p', broken, 'test db'), /already exists/);
  t.notOk(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'd'").get(), 'a failed migration leaves nothing: its table rolled back');
  t.notOk(db.prepare("SELECT 1 FROM schema_migrations WHERE plugin = 'p' AND version = 11").get(), 'and is not recorded');
});

t.test('registry: trees in id order both ways, settings, the active tree and its event', async (t) => {
  const { registry, close } = openRegistry(folder(t));
  t.teardown(close);
  const trees = ['A', 'B', 'C', 'D'].map((name) => registry.insertTree(name));
  const ids = trees.map((tree) => tree.tree_id);
  t.equal(registry.countTrees(), 4);
  t.same(registry.listTrees(null, 'asc', 10).map((row) => row.tree_id), ids);
  t.same(registry.listTrees(null, 'desc', 10).map((row) => row.tree_id), [...ids].reverse());
  t.same(registry.listTrees(ids[1], 'asc', 10).map((row) => row.tree_id), ids.slice(2), 'after B, ascending');
  t.same(registry.listTrees(ids[2], 'desc', 10).map((row) => row.tree_id), [ids[1], ids[0]], 'after C, descending');
  t.same(registry.listTrees(null, 'asc', 2).map((row) => row.tree_id), ids.slice(0, 2), 'limit');
  t.same(registry.getTree(ids[0]), trees[0]);
  t.equal(registry.getTree('missing'), undefined);

  t.equal(registry.getSetting('colour'), null);
  registry.setSetting('colour', 'blue');
  registry.setSetting('colour', 'green');
  t.equal(registry.getSetting('colour'), 'green', 'a setting is replaced, not duplicated');

  const events: [string, string | null][] = [];
  registry.on('active-changed', (tree: string, previous: string | null) => events.push([tree, previous]));
  t.equal(registry.activeTreeId(), null);
  registry.setActiveTree(ids[0]);
  registry.setActiveTree(ids[0]);
  registry.setActiveTree(ids[1]);
  t.same(events, [[ids[0], null], [ids[1], ids[0]]], 'an event only when the active tree changes');
  t.equal(registry.activeTreeId(), ids[1]);
  t.equal(registry.getSetting('active_tree_id'), ids[1], 'kept in the settings');
});

t.test('registry: credentials listed in order; revocation, retirement and reinstatement report what they did', async (t) => {
  const { registry, close } = openRegistry(folder(t));
  t.teardown(close);
  const agents = ['one', 'two'].map((label) => createAgentCredential(registry, label));
  t.same(registry.listCredentials('agent').map((row) => row.label), ['one', 'two']);
  t.equal(registry.listCredentials('human').length, 1);
  t.ok(registry.revokeCredential(agents[0].credential_id));
  t.notOk(registry.revokeCredential(agents[0].credential_id), 'not twice');
  t.notOk(registry.revokeCredential('missing'));
  t.same(registry.activeCredentials().map((row) => row.kind).sort(), ['agent', 'human']);
  const human = registry.listCredentials('human')[0];
  registry.retireHumanCredentials();
  t.type(registry.credential(human.credential_id)!.revoked_at_ms, 'number');
  t.ok(registry.reinstateHumanCredential(human.credential_id));
  t.notOk(registry.reinstateHumanCredential(human.credential_id), 'not twice');
  t.notOk(registry.reinstateHumanCredential(agents[0].credential_id), 'never an agent');
  t.equal(registry.credential(agents[0].credential_id)!.revoked_at_ms === null, false, 'the agent stays revoked');
  t.equal(registry.credentialWithDigest(human.digest)!.credential_id, human.credential_id);
  t.equal(registry.credentialWithDigest('0'.repeat(64)), undefined);
});

t.test('registry: a credential made or revoked by another process is seen without a restart', async (t) => {
  const dir = folder(t);
  const server = openRegistry(dir);
  t.teardown(server.close);
  const cli = openRegistry(dir);
  t.teardown(cli.close);
  t.equal(server.registry.credentialByDigest('e'.repeat(64)), undefined, 'a lookup that fills the cache');
  const agent = createAgentCredential(cli.registry, 'from the CLI');
  const digestOf = (id: string) => cli.registry.credential(id)!.digest;
  // The registry looks again for an unknown digest once per millisecond: let one pass.
  await new Promise((resolve) => setTimeout(resolve, 2));
  t.equal(server.registry.credentialByDigest(digestOf(agent.credential_id))?.credential_id, agent.credential_id, 'a new credential at once');
  cli.registry.revokeCredential(agent.credential_id);
  await new Promise((resolve) => setTimeout(resolve, 250));
  t.equal(server.registry.credentialByDigest(digestOf(agent.credential_id)), undefined, 'a revocation within 200 ms');
  t.equal(server.registry.credentialByDigest('f'.repeat(64)), undefined, 'unknown stays unknown');
});

t.test('tree store: unknown trees, the active tree, opening every tree, closing', async (t) => {
  const s = await buildTestServer(t);
  const { trees, registry } = s.server.kernel;
  t.equal(trees.get('missing'), undefined);
  const active = trees.active();
  t.equal(active.id, registry.activeTreeId());
  t.equal(trees.get(active.id), active, 'one open tree per id');
  const { row, tree } = trees.create('Another');
  t.equal(tree.id, row.tree_id);
  t.equal(registry.getTree(row.tree_id)!.name, 'Another');
  t.same(tree.db.prepare("SELECT version, name FROM schema_migrations WHERE plugin = '@rootline/kernel' ORDER BY version").all(),
    [{ version: 1, name: 'record_log' }, { version: 2, name: 'blobs' }, { version: 3, name: 'deferred_indexes' }, { version: 4, name: 'human_only_blobs' }], 'a new tree is migrated');
  t.same(registry.db.prepare("SELECT version, name FROM schema_migrations WHERE plugin = '@rootline/kernel'").all(), [{ version: 1, name: 'registry' }]);
  trees.closeAll();
  t.notOk(tree.db.open, 'closed');
  t.not(trees.get(row.tree_id), tree, 'opened again after closing');
  const activeId = registry.activeTreeId()!;
  registry.setActiveTree('gone');
  t.throws(() => trees.active(), /No active tree/, 'an active tree that does not exist');
  registry.setActiveTree(activeId);
  t.equal(trees.active().id, activeId);
  trees.addMigrations({ plugin: '@rootline/plugin-broken', migrations: [{ version: 1, name: 'broken', sql: 'CREATE TABLE oops (' }] });
  t.throws(() => trees.create('Broken'), { message: /incomplete input|syntax error/ }, 'a tree whose migration fails does not open');
});

/** The folders under trees/: a tree's id each, and nothing else. */
const treeFolders = (s: { server: { layout: { treesDir: string } } }) => readdirSync(s.server.layout.treesDir).sort();
const registered = (s: { server: { kernel: { registry: { listTrees(after: null, order: 'asc', limit: number): { tree_id: string }[] } } } }) =>
  s.server.kernel.registry.listTrees(null, 'asc', 1000).map((row) => row.tree_id).sort();

t.test('a tree that cannot be made leaves nothing: no registry row, no folder, nothing open', async (t) => {
  const s = await buildTestServer(t);
  const { trees, registry } = s.server.kernel;
  const before = registered(s);
  t.same(treeFolders(s), before, 'one folder per tree');

  // Registered last: the registry full (SQLITE_FULL) after the tree was made and migrated.
  const pages = registry.db.pragma('page_count', { simple: true }) as number;
  registry.db.pragma(`max_page_count = ${pages}`);
  t.throws(() => trees.create('x'.repeat(100_000)), { code: 'SQLITE_FULL' });
  t.same(registered(s), before, 'not registered');
  t.same(treeFolders(s), before, 'its folder is gone');
  registry.db.pragma('max_page_count = 1073741823');

  // Migrated first: a migration that fails.
  trees.addMigrations({ plugin: '@rootline/plugin-broken', migrations: [{ version: 1, name: 'broken', sql: 'CREATE TABLE oops (' }] });
  t.throws(() => trees.create('Broken'), { message: /incomplete input|syntax error/ });
  t.same(registered(s), before, 'not registered, so not listed');
  t.same(treeFolders(s), before, 'no folder');
  t.same((await s.request('GET', '/v1/trees')).json().items.map((row: { name: string }) => row.name), ['My tree'], 'the list is as it was');
});

t.test('openRegistry closes what it opened, and names the registry when a migration of it was changed', async (t) => {
  const dir = folder(t);
  const first = openRegistry(dir);
  first.close();
  t.notOk(first.registry.db.open, 'closed');
  const db = openDatabase(join(dir, 'registry.db'));
  db.prepare("UPDATE schema_migrations SET checksum = 'x' WHERE plugin = '@rootline/kernel'").run();
  db.close();
  t.throws(() => openRegistry(dir), { name: 'MigrationChecksumError', message: /Migration 001_registry of @rootline\/kernel was changed after it was applied to the registry;/ });
});

t.test('boot opens every tree, so a changed migration stops it with the tree named', async (t) => {
  const dir = folder(t);
  const sql = (column: string) => `CREATE TABLE pings (${column} TEXT);`;
  const plugin = (column: string) => pingPlugin('@rootline/plugin-ping', { sql: sql(column) });
  const first = await createServer({ dataDir: dir, manifest: { plugins: [{ name: '@rootline/plugin-ping' }] }, builtIn: new Map([['@rootline/plugin-ping', plugin('a')]]) });
  const second = first.kernel.trees.create('Second').row;
  const active = first.kernel.registry.activeTreeId();
  await first.close();
  // Edit the migration in the second (never active, never requested) tree only.
  const db = openDatabase(join(dir, 'trees', second.tree_id, 'tree.db'));
  db.prepare("UPDATE schema_migrations SET checksum = 'x' WHERE plugin = '@rootline/plugin-ping'").run();
  db.close();
  await t.rejects(
    createServer({ dataDir: dir, manifest: { plugins: [{ name: '@rootline/plugin-ping' }] }, builtIn: new Map([['@rootline/plugin-ping', plugin('a')]]) }),
    { name: 'BootError', message: `Migration 001_init of @rootline/plugin-ping was changed after it was applied to tree "Second" (${second.tree_id}); restore the original file and add a new migration instead` },
  );
  t.ok(active, 'the active tree is another one');
});

/** The two commits that wait for no fsync of their own: an import's batch, and a change a crash may take back (a job's progress). */
const UNFLUSHED_COMMITS: [string, <T>(tree: Tree, work: () => T) => T][] = [
  ['a bulk batch', (tree, work) => tree.bulkTransact(work)],
  ['an unflushed commit', (tree, work) => tree.transactUnflushed(work)],
];

for (const [name, commit] of UNFLUSHED_COMMITS) {
  t.test(`${name} commits without a flush of its own; every other commit still flushes, even after one that threw`, async (t) => {
    const s = await buildTestServer(t);
    const tree = s.server.kernel.trees.active();
    const synchronous = () => tree.db.pragma('synchronous', { simple: true });
    const NORMAL = 1;
    const FULL = 2;
    const seen: string[] = [];
    s.server.kernel.bus.subscribe(tree.id, (record) => seen.push((record as { kind: string }).kind));
    const thing = { entity_type: 'thing', entity_id: 'x', actor: { kind: 'system', credentialId: null } } as const;
    t.equal(synchronous(), FULL, 'ordinary commits wait for the disk');
    const during = commit(tree, () => {
      tree.record({ kind: 'thing.made.v1', ...thing });
      t.same(seen, [], 'nothing published before the commit');
      return synchronous();
    });
    t.equal(during, NORMAL, 'it commits without its own fsync');
    t.equal(synchronous(), FULL, 'and the next ordinary commit flushes it with itself');
    t.same(seen, ['thing.made.v1'], 'its records are published after the commit');
    t.throws(() => commit(tree, () => {
      tree.record({ kind: 'thing.made.v1', ...thing });
      throw new Error('mapping failed');
    }), { message: 'mapping failed' });
    t.equal(synchronous(), FULL, 'back to FULL after one that threw');
    t.equal(tree.records.lastSeq(), 1, 'nothing of the one that threw');
    const inside = tree.transact(() => commit(tree, () => {
      tree.record({ kind: 'thing.made.v1', ...thing });
      return synchronous();
    }));
    t.equal(inside, FULL, 'inside another transaction it is that transaction, flushed as that one is');
    t.equal(tree.records.lastSeq(), 2);
  });
}

t.test('a tree is in bulk work for one second of its clock after a bulk batch, not after an ordinary commit', async (t) => {
  const clock = handClock();
  const s = await buildTestServer(t, { clock });
  const tree = s.server.kernel.trees.active();
  t.equal(tree.inBulkWork, false);
  tree.transact(() => undefined);
  t.equal(tree.inBulkWork, false, 'an ordinary commit is not bulk work');
  tree.transactUnflushed(() => undefined);
  t.equal(tree.inBulkWork, false, 'nor is an unflushed one (a job\'s progress)');
  tree.bulkTransact(() => undefined);
  t.equal(tree.inBulkWork, true);
  clock.advance(999);
  t.equal(tree.inBulkWork, true, 'the next batch is expected within the second');
  clock.advance(1);
  t.equal(tree.inBulkWork, false, 'a second without one: the job is over');
  t.throws(() => tree.bulkTransact(() => {
    throw new Error('mapping failed');
  }));
  t.equal(tree.inBulkWork, true, 'a batch that threw counts too (its job is still running, or cleaning up)');
  clock.advance(1000);
  t.equal(tree.inBulkWork, false);
  tree.bulkReadDone();
  t.equal(tree.inBulkWork, true, 'a long read job\'s batch (an export) counts as bulk work');
  clock.advance(999);
  tree.bulkReadDone();
  clock.advance(999);
  t.equal(tree.inBulkWork, true, 'each batch starts the second again');
  clock.advance(1);
  t.equal(tree.inBulkWork, false);
  t.equal(tree.records.lastSeq(), 0, 'reading wrote nothing');
});
