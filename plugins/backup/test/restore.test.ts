import t from 'tap';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  activeTree, backupNow, backupServer, configure, dump, filesUnder, ManualClock, seedTree, sha256, storeBlob, tempDir, UUID, writeEntries,
} from './fixtures/helpers.js';
import type { BackupFiles } from '../src/files.js';
import { nodeFiles } from '../src/files.js';

type Server = Awaited<ReturnType<typeof backupServer>>;

/** A tree with entries and blobs, backed up once; a copy of its backup in `root` (a plain copy: no links) to tamper with. */
async function backedUp(t: { teardown(fn: () => unknown): void }, options: { files?: BackupFiles } = {}) {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock, files: options.files });
  const made = tempDir(t);
  const tree = activeTree(s);
  const blobs = await seedTree(tree, { entries: 30, blobs: 3, blobBytes: 3000 });
  await configure(s, made);
  const job = await backupNow(s);
  const root = tempDir(t);
  cpSync(join(made, tree.id), join(root, tree.id), { recursive: true });
  const backupId: string = job.result.backup_id;
  const folder = join(root, tree.id, backupId);
  const manifestFile = join(folder, 'manifest.json');
  return { s, clock, tree, blobs, root, backupId, folder, manifestFile, body: { backup_root: root, tree_id: tree.id, backup_id: backupId }, manifest: () => JSON.parse(readFileSync(manifestFile, 'utf8')) };
}

const restore = (s: Server, body: unknown) => s.request('POST', '/v1/restore', { body });

/** What must not change when a restore is refused: the trees, the data folder's trees, the backup's files. */
function footprint(s: Server, backupFolder: string) {
  return JSON.stringify({
    trees: s.server.kernel.registry.listTrees(null, 'asc', 1000),
    active: s.server.kernel.registry.activeTreeId(),
    folders: readdirSync(join(s.dataDir, 'trees')).sort(),
    backup: filesUnder(backupFolder).map((path) => [path, path.endsWith('/') ? '' : sha256(readFileSync(join(backupFolder, path)))]),
  });
}

t.test('restore makes a new tree equal to the original (rows, records, blobs by address); the active tree is unchanged', async (t) => {
  const { s, tree, blobs, body, manifest } = await backedUp(t);
  const before = dump(tree);
  const m = manifest();
  const reply = await restore(s, body);
  t.equal(reply.statusCode, 200, reply.body);
  const restored = reply.json();
  t.match(restored.tree_id, UUID);
  t.not(restored.tree_id, tree.id, 'a new tree');
  t.same(restored, {
    backup_id: body.backup_id,
    bytes_verified: m.total_bytes,
    event_count: 33,
    objects_verified: 4,
    source_tree_id: tree.id,
    tree_id: restored.tree_id,
    tree_name: 'My tree (restored 2026-01-15)',
  });
  t.equal(s.server.kernel.registry.activeTreeId(), tree.id, 'the active tree is unchanged');
  t.same((await s.request('GET', `/v1/trees/${restored.tree_id}`)).json(), { tree_id: restored.tree_id, name: 'My tree (restored 2026-01-15)', created_at_ms: s.server.kernel.registry.getTree(restored.tree_id)!.created_at_ms, active: false });
  const copy = s.server.kernel.trees.get(restored.tree_id)!;
  t.same(dump(copy), before, 'every row of every table but the jobs');
  for (const address of blobs) {
    t.same(readFileSync(copy.blobs.path(address)), readFileSync(tree.blobs.path(address)), `blob ${address.slice(0, 8)} by its address`);
    t.same(copy.blobs.stat(address), tree.blobs.stat(address));
  }
  t.same(readdirSync(join(s.dataDir, 'trees')).sort(), [tree.id, restored.tree_id].sort(), 'no staging folder is left');
  t.same(dump(tree), before, 'the original is untouched');
  const again = (await restore(s, body)).json();
  t.not(again.tree_id, restored.tree_id, 'restoring again makes another tree, never overwrites one');
  t.equal(again.tree_name, 'My tree (restored 2026-01-15)');
});

t.test('unknown backups are 404; a folder that cannot be read is 422; nothing is written', async (t) => {
  const { s, body, folder, root, tree } = await backedUp(t);
  const before = footprint(s, folder);
  const notFound: [string, Record<string, string>, string][] = [
    ['another backup id', { ...body, backup_id: '01938f10-2c4e-7b3a-9d11-5a6b7c8d9e0f' }, `There is no backup 01938f10-2c4e-7b3a-9d11-5a6b7c8d9e0f of tree ${tree.id} in that folder`],
    ['another tree id', { ...body, tree_id: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77' }, `There is no backup ${body.backup_id} of tree 01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77 in that folder`],
    ['an id climbing out', { ...body, backup_id: `../${tree.id}/${body.backup_id}` }, `There is no backup ../${tree.id}/${body.backup_id} of tree ${tree.id} in that folder`],
    ['an id in capitals', { ...body, tree_id: tree.id.toUpperCase() }, `There is no backup ${body.backup_id} of tree ${tree.id.toUpperCase()} in that folder`],
  ];
  for (const [what, request, detail] of notFound) {
    const reply = await restore(s, request);
    t.equal(reply.statusCode, 404, what);
    t.same(reply.json(), { type: 'urn:rootline:problem:not-found', title: 'Not found', status: 404, detail, code: 'not-found', instance: '/v1/restore', entity: 'backup' }, what);
  }
  const unreadable: [string, string, string][] = [['relative', 'backups', 'not-absolute'], ['absent', join(root, 'nothing'), 'not-found'], ['a file', join(folder, 'tree.db'), 'not-a-folder']];
  for (const [what, path, reason] of unreadable) {
    const reply = await restore(s, { ...body, backup_root: path });
    t.equal(reply.statusCode, 422, what);
    t.match(reply.json(), { code: 'unreadable-backup-root', reason }, what);
  }
  t.equal(footprint(s, folder), before, 'no tree, no folder, the backup untouched');
  rmSync(join(folder, 'manifest.json'));
  t.equal((await restore(s, body)).statusCode, 404, 'a folder without a manifest is no backup');
  for (const [what, request] of [['no backup_id', { backup_root: root, tree_id: tree.id }], ['an unknown field', { ...body, overwrite: true }]] as const) {
    t.equal((await restore(s, request)).statusCode, 400, what);
  }
});

t.test('a damaged, tampered or lying backup is 422 backup-corrupt with its reason, and no tree is made', async (t) => {
  const { s, body, folder, manifestFile, manifest, blobs } = await backedUp(t);
  const objectFile = join(folder, 'objects', blobs[1].slice(0, 2), blobs[1]);
  const pristine = { manifest: readFileSync(manifestFile), object: readFileSync(objectFile), database: readFileSync(join(folder, 'tree.db')) };
  const reset = () => {
    writeFileSync(manifestFile, pristine.manifest);
    writeFileSync(objectFile, pristine.object);
    writeFileSync(join(folder, 'tree.db'), pristine.database);
  };
  const edit = (change: (m: any) => void) => {
    const m = manifest();
    change(m);
    writeFileSync(manifestFile, JSON.stringify(m));
  };
  const cases: [string, () => void, string, string][] = [
    ['a byte of a blob changed', () => {
      const bytes = Buffer.from(pristine.object);
      bytes[100] ^= 0xff;
      writeFileSync(objectFile, bytes);
    }, 'hash-mismatch', `A file's content differs from the manifest: blob ${blobs[1]}`],
    ['a byte of the database changed', () => {
      const bytes = Buffer.from(pristine.database);
      bytes[bytes.length - 10] ^= 0x01;
      writeFileSync(join(folder, 'tree.db'), bytes);
    }, 'hash-mismatch', 'A file\'s content differs from the manifest: the tree\'s database'],
    ['a blob cut short', () => writeFileSync(objectFile, pristine.object.subarray(0, 2999)), 'size-mismatch', `A file is not of the size the manifest says: blob ${blobs[1]}`],
    ['a manifest that lies about a size (its totals made to agree)', () => edit((m) => {
      m.objects[2].size_bytes += 1;
      m.total_bytes += 1;
    }), 'size-mismatch', `A file is not of the size the manifest says: blob ${blobs[1]}`],
    ['a manifest whose total lies', () => edit((m) => (m.total_bytes -= 1)), 'invalid-manifest', 'The backup\'s manifest cannot be read'],
    ['a manifest whose count lies', () => edit((m) => (m.object_count += 1)), 'invalid-manifest', 'The backup\'s manifest cannot be read'],
    ['a blob gone', () => rmSync(objectFile), 'object-missing', `A file the manifest lists is missing: blob ${blobs[1]}`],
    ['an unknown format version', () => edit((m) => (m.format_version = 2)), 'unknown-format-version', 'The backup\'s manifest has a format version this Rootline does not understand'],
    ['not JSON', () => writeFileSync(manifestFile, '{"format_version":1,'), 'invalid-json', 'The backup\'s manifest cannot be read'],
    ['a blob left out of the manifest (and its file removed)', () => {
      edit((m) => {
        const [gone] = m.objects.splice(2, 1);
        m.object_count -= 1;
        m.total_bytes -= gone.size_bytes;
      });
      rmSync(objectFile);
    }, 'object-not-listed', `The backup's database lists blob ${blobs[1]}, which the backup does not hold`],
  ];
  for (const [what, damage, reason, detail] of cases) {
    reset();
    damage();
    const before = footprint(s, folder);
    const reply = await restore(s, body);
    t.equal(reply.statusCode, 422, what);
    t.same(reply.json(), { type: 'urn:rootline:problem:backup-corrupt', title: 'The backup is damaged or not one this version can read', status: 422, detail, code: 'backup-corrupt', instance: '/v1/restore', reason }, what);
    t.equal(footprint(s, folder), before, `${what}: no tree made, nothing written`);
    mkdirSync(join(folder, 'objects', blobs[1].slice(0, 2)), { recursive: true });
  }
  reset();
  t.equal((await restore(s, body)).statusCode, 200, 'undamaged, it restores');
});

t.test('a database that is no tree, or that this version cannot open, is refused and leaves no tree', async (t) => {
  const { s, body, folder, manifestFile, manifest } = await backedUp(t);
  const replaceDatabase = (bytes: Buffer) => {
    writeFileSync(join(folder, 'tree.db'), bytes);
    const m = manifest();
    m.total_bytes += bytes.length - m.objects[0].size_bytes;
    m.objects[0] = { path: 'tree.db', sha256: sha256(bytes), size_bytes: bytes.length };
    writeFileSync(manifestFile, JSON.stringify(m));
  };
  const before = footprint(s, folder);
  replaceDatabase(Buffer.alloc(8192, 7));
  const garbage = await restore(s, body);
  t.equal(garbage.statusCode, 422);
  t.match(garbage.json(), { code: 'backup-corrupt', reason: 'database-unreadable', detail: 'The backup\'s database cannot be read as a Rootline tree' });

  const other = join(folder, 'other.db');
  const db = new Database(other);
  db.exec("CREATE TABLE blobs (address TEXT PRIMARY KEY, size_bytes INTEGER NOT NULL, media_type TEXT NOT NULL, created_at_ms INTEGER NOT NULL); CREATE TABLE schema_migrations (plugin TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at_ms INTEGER NOT NULL, PRIMARY KEY (plugin, version)); INSERT INTO schema_migrations VALUES ('@rootline/kernel', 1, 'record_log', 'changed', 0)");
  db.close();
  const incompatible = readFileSync(other);
  rmSync(other);
  replaceDatabase(incompatible);
  const refused = await restore(s, body);
  t.equal(refused.statusCode, 422);
  t.same(refused.json(), {
    type: 'urn:rootline:problem:backup-incompatible', title: 'The backup cannot be opened by this version of Rootline', status: 422,
    detail: 'The backup\'s database could not be opened as a tree by this version of Rootline; nothing was restored', code: 'backup-incompatible', instance: '/v1/restore',
  });
  const after = JSON.parse(footprint(s, folder));
  const was = JSON.parse(before);
  t.same([after.trees, after.active, after.folders], [was.trees, was.active, was.folders], 'no tree registered, no folder left in the data folder');
});

t.test('a full disk while the new tree is written: 507 disk-full, no tree, nothing left', async (t) => {
  let full = false;
  const files: BackupFiles = {
    ...nodeFiles,
    open: async (path, flags, mode) => {
      if (full && flags === 'wx' && path.includes('objects')) throw Object.assign(new Error(`ENOSPC: no space left on device, open '${path}'`), { code: 'ENOSPC', syscall: 'open' });
      return nodeFiles.open(path, flags, mode);
    },
  };
  const { s, body, folder } = await backedUp(t, { files });
  full = true;
  const before = footprint(s, folder);
  const reply = await restore(s, body);
  t.equal(reply.statusCode, 507);
  t.same(reply.json(), {
    type: 'urn:rootline:problem:disk-full', title: 'The disk is full', status: 507,
    detail: 'There is not enough room in Rootline\'s data folder for the restored tree; nothing was restored', code: 'disk-full', instance: '/v1/restore',
  });
  t.equal(footprint(s, folder), before, 'no tree, no staging folder');
  t.notMatch(readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8'), s.dataDir, 'no path in the log');
});

t.test('an unexpected failure while writing is 500 internal, logged without its path; no tree', async (t) => {
  let broken = false;
  const files: BackupFiles = {
    ...nodeFiles,
    mkdir: async (path) => {
      if (broken) throw Object.assign(new Error(`EIO: i/o error, mkdir '${path}'`), { code: 'EIO', syscall: 'mkdir' });
      return nodeFiles.mkdir(path);
    },
  };
  const { s, body, folder } = await backedUp(t, { files });
  broken = true;
  const before = footprint(s, folder);
  const reply = await restore(s, body);
  t.equal(reply.statusCode, 500);
  t.match(reply.json(), { code: 'internal', detail: 'The restore failed; nothing was restored' });
  t.equal(footprint(s, folder), before);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const log = readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8');
  t.match(log, /"code":"EIO"/, 'logged: its code');
  t.notMatch(log, s.dataDir, 'without the path');
});

t.test('a blob added after the backup is not in the restored tree', async (t) => {
  const { s, body, tree } = await backedUp(t);
  const later = await storeBlob(tree, Buffer.from('after the backup'));
  const restored = (await restore(s, body)).json();
  const copy = s.server.kernel.trees.get(restored.tree_id)!;
  t.notOk(copy.blobs.has(later));
  t.ok(tree.blobs.has(later));
});

t.test('a tree without blobs restores too: the database only', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  const tree = activeTree(s);
  writeEntries(tree, 3);
  await configure(s, root);
  const job = await backupNow(s);
  const reply = await restore(s, { backup_root: root, tree_id: tree.id, backup_id: job.result.backup_id });
  t.equal(reply.statusCode, 200);
  t.match(reply.json(), { objects_verified: 1, event_count: 3, bytes_verified: job.result.total_bytes });
  t.same(dump(s.server.kernel.trees.get(reply.json().tree_id)!), dump(tree));
});
