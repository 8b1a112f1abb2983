import t from 'tap';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeTree, backupNow, backupServer, configure, ManualClock, manifests, seedTree, storeBlob, tempDir, writeEntries } from './fixtures/helpers.js';
import { nodeFiles, type BackupFiles } from '../src/files.js';

const DISK_FULL = { code: 'disk-full', message: 'The backup folder\'s disk is full' };
const enospc = (path: string) => Object.assign(new Error(`ENOSPC: no space left on device, open '${path}'`), { code: 'ENOSPC', errno: -28, syscall: 'open', path });

/**
 * Calls that fail like a full disk when `full` is set and `when` says so for the call: `copy`
 * (a blob copied into the backup), `create` (a file opened to be written: the manifest) or
 * `sync` (an fsync: where a delayed write finds the disk full).
 */
function fullDisk(when: (call: 'copy' | 'create' | 'sync', path: string) => boolean): BackupFiles & { full: boolean } {
  const files = {
    ...nodeFiles,
    full: false,
    async copyFile(from: string, to: string) {
      if (files.full && when('copy', to)) throw Object.assign(enospc(to), { syscall: 'copyfile' });
      return nodeFiles.copyFile(from, to);
    },
    async open(path: string, flags: string, mode?: number) {
      if (files.full && flags === 'wx' && when('create', path)) throw enospc(path);
      const handle = await nodeFiles.open(path, flags, mode);
      if (!files.full || flags !== 'r' || !when('sync', path)) return handle;
      return new Proxy(handle, {
        get(target, name) {
          if (name === 'sync') return async () => { throw Object.assign(enospc(path), { syscall: 'fsync' }); };
          const value = Reflect.get(target, name, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
  return files;
}

async function expectDiskFull(t: any, s: Awaited<ReturnType<typeof backupServer>>, root: string, clock: ManualClock) {
  const job = await backupNow(s);
  t.equal(job.state, 'failed');
  t.same(job.error, DISK_FULL);
  t.same(await manifests(s, root), [], 'nothing listed');
  t.same(readdirSync(join(root, activeTree(s).id)), [], 'nothing left');
  t.same((await s.request('GET', '/v1/backup/status')).json(), {
    backup_location_description: 'The backup folder you chose', configured: true, enabled: false, last_failure_at_ms: clock.ms, last_failure_class: 'disk-full',
  });
  t.notMatch(readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8'), root, 'no path in the log');
}

t.test('a full disk while blobs are written fails the job as disk-full; status records it; nothing is listed or left', async (t) => {
  const files = fullDisk((call, path) => call === 'copy' && path.includes('objects'));
  const clock = new ManualClock();
  const s = await backupServer(t, { files, clock });
  const root = tempDir(t);
  await seedTree(activeTree(s), { blobs: 6 });
  await configure(s, root);
  files.full = true;
  await expectDiskFull(t, s, root, clock);
});

t.test('a disk found full when the copies are fsynced, or when the manifest is written', async (t) => {
  const files = fullDisk((call, path) => call === 'sync' && path.includes('objects'));
  const clock = new ManualClock();
  const s = await backupServer(t, { files, clock });
  const root = tempDir(t);
  await seedTree(activeTree(s), { blobs: 2 });
  await configure(s, root);
  files.full = true;
  await expectDiskFull(t, s, root, clock);

  const manifestFull = fullDisk((call, path) => call === 'create' && path.includes('.manifest-'));
  const other = await backupServer(t, { files: manifestFull, clock });
  const otherRoot = tempDir(t);
  await seedTree(activeTree(other), { blobs: 2 });
  await configure(other, otherRoot);
  manifestFull.full = true;
  await expectDiskFull(t, other, otherRoot, clock);
  manifestFull.full = false;
  t.equal((await backupNow(other)).state, 'succeeded', 'with room again, the next run succeeds');
  t.equal((await manifests(other, otherRoot)).length, 1);
});

/** A real small file system: a 2 MiB tmpfs (root only); the test is skipped where it cannot be mounted. */
function smallDisk(t: { teardown(fn: () => unknown): void }): string | null {
  const dir = tempDir(t, 'rootline-backup-tmpfs-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  t.teardown(() => execFileSync('umount', [dir], { stdio: 'ignore' }));
  return dir;
}

t.test('a real full disk (2 MiB tmpfs): the database does not fit (SQLite says SQLITE_FULL), or the blobs do not (ENOSPC)', async (t) => {
  const root = smallDisk(t);
  if (!root) {
    t.pass('skipped: tmpfs cannot be mounted here (not root); the injected failures above stand in');
    return;
  }
  const clock = new ManualClock();
  const s = await backupServer(t, { clock });
  const tree = activeTree(s);
  tree.transact(() => {
    const insert = tree.prepare('INSERT INTO ledger_entries (id, text) VALUES (?, ?)');
    for (let i = 1; i <= 3000; i++) insert.run(i, randomBytes(1000).toString('hex'));
  });
  await configure(s, root);
  await expectDiskFull(t, s, root, clock);

  const small = await backupServer(t, { clock });
  const smallTree = activeTree(small);
  writeEntries(smallTree, 5);
  for (let i = 0; i < 6; i++) await storeBlob(smallTree, randomBytes(400_000));
  await configure(small, root);
  await expectDiskFull(t, small, root, clock);
});
