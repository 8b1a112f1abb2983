import t from 'tap';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { smallDisk, smallDiskUnavailable } from '@rootline/kernel/testing';
import { activeTree, backupNow, backupServer, tempDir } from './fixtures/helpers.js';

const DEFAULTS = { configured: false, backup_location_description: 'No backup folder has been chosen yet', cadence_hours: 24, enabled: false, retention: { keep_last: 7, keep_days: 30 } };
const body = (root: string | undefined, more: Record<string, unknown> = {}) => ({ ...(root === undefined ? {} : { backup_root_path: root }), cadence_hours: 6, enabled: true, retention: { keep_last: 3, keep_days: 10 }, ...more });

/** The stored row, to prove a refusal stored nothing. */
const stored = (s: Awaited<ReturnType<typeof backupServer>>) => s.server.kernel.registry.db.prepare('SELECT * FROM backup_config').all();

t.test('before anything is chosen: no folder, daily, off, the last 7 and 30 days kept', async (t) => {
  const s = await backupServer(t);
  const reply = await s.request('GET', '/v1/backup/config');
  t.equal(reply.statusCode, 200);
  t.same(reply.json(), DEFAULTS);
  t.same(stored(s), [], 'reading stores nothing');
});

t.test('PUT stores the settings and answers them with the place in words, never the path', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  const reply = await s.request('PUT', '/v1/backup/config', { body: body(root) });
  t.equal(reply.statusCode, 200);
  const expected = { configured: true, backup_location_description: 'The backup folder you chose', cadence_hours: 6, enabled: true, retention: { keep_last: 3, keep_days: 10 } };
  t.same(reply.json(), expected);
  t.notOk(reply.body.includes(root), 'the path is not echoed');
  t.same((await s.request('GET', '/v1/backup/config')).json(), expected, 'read back');
  const [row] = stored(s) as { root_path: string; root_id: string; updated_at_ms: number }[];
  t.equal(row.root_path, root, 'the registry keeps the path');
  t.same(readdirSync(root), [], 'the write test left nothing in the folder');

  const kept = await s.request('PUT', '/v1/backup/config', { body: body(undefined, { cadence_hours: 48, enabled: false, retention: { keep_last: 1, keep_days: 0 } }) });
  t.same(kept.json(), { configured: true, backup_location_description: 'The backup folder you chose', cadence_hours: 48, enabled: false, retention: { keep_last: 1, keep_days: 0 } }, 'without a path the folder stays');
  const [again] = stored(s) as { root_path: string; root_id: string }[];
  t.equal(again.root_path, root);
  t.equal(again.root_id, row.root_id, 'the same folder keeps its id');
  await s.request('PUT', '/v1/backup/config', { body: body(root) });
  t.equal((stored(s)[0] as { root_id: string }).root_id, row.root_id, 'naming the same folder again keeps its id');
  const other = tempDir(t);
  await s.request('PUT', '/v1/backup/config', { body: body(other) });
  t.not((stored(s)[0] as { root_id: string }).root_id, row.root_id, 'another folder gets another id');
  t.equal((stored(s)[0] as { root_path: string }).root_path, other);
});

t.test('a folder that cannot be reached any more is described so, still without its path', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  await s.request('PUT', '/v1/backup/config', { body: body(root) });
  rmSync(root, { recursive: true });
  const config = (await s.request('GET', '/v1/backup/config')).json();
  t.equal(config.backup_location_description, 'The backup folder you chose, which cannot be reached now (is the drive connected?)');
  t.equal(config.configured, true);
  writeFileSync(root, 'a file where the folder was');
  t.equal((await s.request('GET', '/v1/backup/status')).json().backup_location_description, 'The backup folder you chose, which cannot be reached now (is the drive connected?)', 'a file is no folder');
});

/** A folder Rootline cannot write in: read-only (a read-only tmpfs when this runs as root, who may write anywhere else). */
function readOnlyFolder(t: { teardown(fn: () => unknown): void }): string {
  const dir = tempDir(t, 'rootline-backup-ro-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'ignore' });
    t.teardown(() => execFileSync('umount', [dir], { stdio: 'ignore' }));
  } catch {
    chmodSync(dir, 0o500);
    t.teardown(() => chmodSync(dir, 0o700));
  }
  return dir;
}

t.test('a folder that cannot hold backups is refused with its reason, and nothing is stored', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  await s.request('PUT', '/v1/backup/config', { body: body(root) });
  const before = stored(s);
  const file = join(root, 'a-file');
  writeFileSync(file, 'x');
  const insideTree = join(activeTree(s).dir, 'backups');
  mkdirSync(insideTree);
  const linkTo = (target: string) => {
    const link = join(tempDir(t), 'link');
    symlinkSync(target, link);
    return link;
  };
  const treeLinkedRoot = tempDir(t);
  symlinkSync(activeTree(s).dir, join(treeLinkedRoot, activeTree(s).id));
  const cases: [string, string, string, string][] = [
    ['relative', 'backups/rootline', 'not-absolute', 'The backup folder must be given as a full path'],
    ['absent', join(root, 'missing', 'deeper'), 'not-found', 'There is no folder at the path given'],
    ['a file', file, 'not-a-folder', 'The path given is not a folder'],
    ['read-only', readOnlyFolder(t), 'not-writable', 'Rootline cannot write in the folder given'],
    ['inside a tree', insideTree, 'inside-a-tree', 'The folder given is inside Rootline\'s own data; choose a folder outside it, better on another drive'],
    ['a tree folder itself', activeTree(s).dir, 'inside-a-tree', 'The folder given is inside Rootline\'s own data; choose a folder outside it, better on another drive'],
    // A backup lands in <root>/<tree_id>/<backup_id>/: here, inside the live tree's own folder.
    ['the data folder\'s trees folder', join(s.dataDir, 'trees'), 'inside-a-tree', 'The folder given is inside Rootline\'s own data; choose a folder outside it, better on another drive'],
    ['the trees folder by a link', linkTo(join(s.dataDir, 'trees')), 'inside-a-tree', 'The folder given is inside Rootline\'s own data; choose a folder outside it, better on another drive'],
    ['a folder whose <tree_id> is a link into the tree', treeLinkedRoot, 'inside-a-tree', 'The folder given is inside Rootline\'s own data; choose a folder outside it, better on another drive'],
    ['the data folder itself', s.dataDir, 'rootline-data-folder', 'The folder given is Rootline\'s own data folder; choose a folder outside it, better on another drive'],
  ];
  for (const [what, path, reason, detail] of cases) {
    const reply = await s.request('PUT', '/v1/backup/config', { body: body(path, { cadence_hours: 99 }) });
    t.equal(reply.statusCode, 422, what);
    t.same(reply.json(), {
      type: 'urn:rootline:problem:invalid-backup-root', title: 'That folder cannot hold backups', status: 422, detail, code: 'invalid-backup-root', instance: '/v1/backup/config', reason,
    }, `${what}: the problem, without the path`);
    t.same(stored(s), before, `${what}: nothing stored`);
  }
});

t.test('another folder of the data folder (<data>/backups) stays accepted, as before: backups land beside the trees, not in one', async (t) => {
  const s = await backupServer(t);
  const beside = join(s.dataDir, 'backups');
  mkdirSync(beside);
  t.equal((await s.request('PUT', '/v1/backup/config', { body: body(beside) })).statusCode, 200, '<data>/backups: backups land beside the trees, not in one');
  const job = await backupNow(s);
  t.equal(job.state, 'succeeded');
  t.ok(existsSync(join(beside, activeTree(s).id, job.result.backup_id, 'manifest.json')), 'written there');
  t.same(readdirSync(activeTree(s).dir).filter((name) => !['tree.db', 'tree.db-wal', 'tree.db-shm', 'objects'].includes(name)), [], 'nothing in the tree\'s own folder');
});

t.test('settings that cannot be stored for want of room in the data folder: 507 disk-full, nothing stored', { skip: smallDiskUnavailable }, async (t) => {
  const disk = smallDisk(t, 20);
  const s = await backupServer(t, { dataDir: join(disk.dir, 'data') });
  const root = tempDir(t);
  disk.fill();
  const reply = await s.request('PUT', '/v1/backup/config', { body: body(root) });
  t.equal(reply.statusCode, 507);
  t.same(reply.json(), {
    type: 'urn:rootline:problem:disk-full', title: 'The disk is full', status: 507,
    detail: 'The disk holding Rootline\'s data folder is full; nothing was changed. Make room on that disk, then try again', code: 'disk-full', instance: '/v1/backup/config',
  });
  t.notOk(reply.body.includes(disk.dir), 'no path');
  t.same(stored(s), [], 'nothing stored');
  disk.empty();
  t.equal((await s.request('PUT', '/v1/backup/config', { body: body(root) })).statusCode, 200, 'with room, stored');
});

t.test('scheduled backups cannot be turned on before a folder is chosen; off, the rest is stored', async (t) => {
  const s = await backupServer(t);
  const reply = await s.request('PUT', '/v1/backup/config', { body: body(undefined) });
  t.equal(reply.statusCode, 422);
  t.same(reply.json(), {
    type: 'urn:rootline:problem:backup-not-configured', title: 'No backup folder has been chosen', status: 422,
    detail: 'Choose a backup folder (backup_root_path) before turning scheduled backups on', code: 'backup-not-configured', instance: '/v1/backup/config',
  });
  t.same(stored(s), [], 'nothing stored');
  const off = await s.request('PUT', '/v1/backup/config', { body: body(undefined, { enabled: false }) });
  t.same(off.json(), { ...DEFAULTS, cadence_hours: 6, retention: { keep_last: 3, keep_days: 10 } });
});

t.test('the body is checked: cadence at least 1 hour, keep_last at least 1, keep_days at least 0, every field typed, nothing more', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  const refused: [string, unknown, string][] = [
    ['cadence 0', body(root, { cadence_hours: 0 }), 'body cadence_hours must be >= 1'],
    ['cadence over a year', body(root, { cadence_hours: 8761 }), 'body cadence_hours must be <= 8760'],
    ['cadence not whole', body(root, { cadence_hours: 1.5 }), 'body cadence_hours must be integer'],
    ['keep_last 0', body(root, { retention: { keep_last: 0, keep_days: 1 } }), 'body retention.keep_last must be >= 1'],
    ['keep_days -1', body(root, { retention: { keep_last: 1, keep_days: -1 } }), 'body retention.keep_days must be >= 0'],
    ['no retention', { backup_root_path: root, cadence_hours: 1, enabled: false }, 'body retention must have required property \'retention\''],
    ['no enabled', { backup_root_path: root, cadence_hours: 1, retention: { keep_last: 1, keep_days: 0 } }, 'body enabled must have required property \'enabled\''],
    ['enabled as text', body(root, { enabled: 'yes' }), 'body enabled must be boolean'],
    ['empty path', body(''), 'body backup_root_path must NOT have fewer than 1 characters'],
    ['an unknown field', body(root, { compress: true }), 'body compress is not a field of this request'],
    ['an unknown retention field', body(root, { retention: { keep_last: 1, keep_days: 0, keep_weeks: 4 } }), 'body retention.keep_weeks is not a field of this request'],
  ];
  for (const [what, payload, detail] of refused) {
    const reply = await s.request('PUT', '/v1/backup/config', { body: payload });
    t.equal(reply.statusCode, 400, what);
    t.match(reply.json(), { code: 'validation-failed', detail }, what);
  }
  t.same(stored(s), [], 'nothing stored');
  const smallest = await s.request('PUT', '/v1/backup/config', { body: body(root, { cadence_hours: 1, retention: { keep_last: 1, keep_days: 0 } }) });
  t.equal(smallest.statusCode, 200, 'the smallest values are accepted');
  const largest = await s.request('PUT', '/v1/backup/config', { body: body(root, { cadence_hours: 8760, retention: { keep_last: 100_000, keep_days: 36_500 } }) });
  t.equal(largest.statusCode, 200, 'the largest too');
});
