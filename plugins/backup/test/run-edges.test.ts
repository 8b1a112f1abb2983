import t from 'tap';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { activeTree, backupNow, backupServer, configure, inode, ManualClock, manifests, seedTree, tempDir } from './fixtures/helpers.js';
import { nodeFiles, type BackupFiles } from '../src/files.js';
import { BackupScheduler } from '../src/scheduler.js';
import type { BackupService } from '../src/service.js';

type Server = Awaited<ReturnType<typeof backupServer>>;
const failing = (code: string, syscall: string, path: string) => Object.assign(new Error(`${code}: failed, ${syscall} '${path}'`), { code, syscall, path });
const log = async (s: Server) => {
  await new Promise((resolve) => setTimeout(resolve, 200));
  return readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8');
};

t.test('a folder without hard links (exFAT, a network share): the second backup copies what it would link, and checks the database it reuses', async (t) => {
  for (const code of ['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS']) {
    await t.test(code, async (t) => {
      const files: BackupFiles = { ...nodeFiles, link: async (from) => { throw failing(code, 'link', from); } };
      const clock = new ManualClock();
      const s = await backupServer(t, { files, clock });
      const root = tempDir(t);
      const tree = activeTree(s);
      const [blob] = await seedTree(tree, { blobs: 2, blobBytes: 1000 });
      await configure(s, root);
      const first = (await backupNow(s)).result;
      const second = (await backupNow(s)).result;
      t.same(second, { ...first, backup_id: second.backup_id, database: 'reused', objects_linked: 0 }, 'everything copied, the database still the previous backup\'s');
      const a = join(root, tree.id, first.backup_id);
      const b = join(root, tree.id, second.backup_id);
      t.not(inode(join(b, 'tree.db')), inode(join(a, 'tree.db')), 'copies, not links');
      t.same(readFileSync(join(b, 'tree.db')), readFileSync(join(a, 'tree.db')));
      t.same(readFileSync(join(b, 'objects', blob.slice(0, 2), blob)), readFileSync(join(a, 'objects', blob.slice(0, 2), blob)));

      const bytes = readFileSync(join(b, 'tree.db'));
      bytes[bytes.length - 1] ^= 1;
      writeFileSync(join(b, 'tree.db'), bytes);
      const third = (await backupNow(s)).result;
      t.equal(third.database, 'captured', 'a previous database that no longer matches its manifest is not reused: the live one is captured');
      t.equal(readdirSync(join(root, tree.id)).length, 3, 'and no stray copy is left');
    });
  }
});

t.test('the previous backup\'s database gone: captured anew; its blobs gone: copied from the tree', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  const tree = activeTree(s);
  const [blob] = await seedTree(tree, { blobs: 2 });
  await configure(s, root);
  const first = (await backupNow(s)).result;
  rmSync(join(root, tree.id, first.backup_id, 'tree.db'));
  rmSync(join(root, tree.id, first.backup_id, 'objects', blob.slice(0, 2), blob));
  const second = await backupNow(s);
  t.equal(second.state, 'succeeded');
  t.match(second.result, { database: 'captured', objects_copied: 2, objects_linked: 1 });
});

t.test('a link that fails for want of room fails the run as disk-full', async (t) => {
  let full = false;
  const files: BackupFiles = { ...nodeFiles, link: async (from, to) => (full ? Promise.reject(failing('ENOSPC', 'link', from)) : nodeFiles.link(from, to)) };
  const s = await backupServer(t, { files });
  const root = tempDir(t);
  await seedTree(activeTree(s));
  await configure(s, root);
  await backupNow(s);
  full = true;
  const job = await backupNow(s);
  t.match(job, { state: 'failed', error: { code: 'disk-full' } });
  t.equal((await manifests(s, root)).length, 1, 'the first backup only');
});

t.test('retention that cannot delete is logged (without a path) and does not fail the backup', async (t) => {
  let busy = false;
  const files: BackupFiles = { ...nodeFiles, remove: async (path) => (busy && path.endsWith('manifest.json') ? Promise.reject(failing('EBUSY', 'rm', path)) : nodeFiles.remove(path)) };
  const clock = new ManualClock();
  const s = await backupServer(t, { files, clock });
  const root = tempDir(t);
  await seedTree(activeTree(s));
  await configure(s, root, { retention: { keep_last: 1, keep_days: 0 } });
  await backupNow(s);
  busy = true;
  const job = await backupNow(s);
  t.equal(job.state, 'succeeded');
  t.equal(job.result.pruned, 0);
  t.equal((await manifests(s, root)).length, 2, 'both are still there');
  const text = await log(s);
  t.match(text, /"msg":"backup retention stopped"/);
  t.match(text, /"error":\{"name":"Error","code":"EBUSY","syscall":"rm"\},"failure":"internal"/);
  t.notMatch(text, root);
  busy = false;
  t.equal((await backupNow(s)).result.pruned, 2, 'the next run catches up');
});

t.test('a failed run whose folder cannot be removed still fails with its own class; the next run removes the folder', async (t) => {
  let broken = false;
  const files: BackupFiles = {
    ...nodeFiles,
    copyFile: async (from, to) => (broken ? Promise.reject(failing('ENOSPC', 'copyfile', to)) : nodeFiles.copyFile(from, to)),
    remove: async (path) => (broken ? Promise.reject(failing('EBUSY', 'rm', path)) : nodeFiles.remove(path)),
  };
  const s = await backupServer(t, { files });
  const root = tempDir(t);
  const tree = activeTree(s);
  await seedTree(tree);
  await configure(s, root);
  broken = true;
  const job = await backupNow(s);
  t.same(job.error, { code: 'disk-full', message: 'The backup folder\'s disk is full' }, 'not cleanup-failed');
  t.equal(readdirSync(join(root, tree.id)).length, 1, 'its folder is left');
  const text = await log(s);
  t.match(text, /"msg":"a failed backup's folder could not be removed; the next run removes it"/);
  t.notMatch(text, root);
  broken = false;
  const next = await backupNow(s);
  t.same(readdirSync(join(root, tree.id)), [next.result.backup_id], 'the next run removed it');
});

t.test('an unexpected error fails the run as internal, logged by name and code only', async (t) => {
  let broken = false;
  const files: BackupFiles = { ...nodeFiles, rename: async (from, to) => (broken ? Promise.reject(failing('EEXIST', 'rename', to)) : nodeFiles.rename(from, to)) };
  const s = await backupServer(t, { files });
  const root = tempDir(t);
  await seedTree(activeTree(s));
  await configure(s, root);
  broken = true;
  const job = await backupNow(s);
  t.same(job.error, { code: 'internal', message: 'The backup failed' });
  t.equal((await s.request('GET', '/v1/backup/status')).json().last_failure_class, 'internal');
  const text = await log(s);
  t.match(text, /"error":\{"name":"Error","code":"EEXIST","syscall":"rename"\},"tree_id":"[^"]+","msg":"backup failed"/);
  t.notMatch(text, root);
});

t.test('a run whose job is gone (its tree\'s job list lost it) is ended as interrupted and does not block the next', async (t) => {
  const s = await backupServer(t);
  const root = tempDir(t);
  await configure(s, root);
  const treeId = activeTree(s).id;
  s.server.kernel.registry.db.prepare("INSERT INTO backup_runs (job_id, tree_id, root_id, trigger, started_at_ms) VALUES ('01938f0e-0000-7000-8000-000000000009', ?, 'r', 'manual', 1)").run(treeId);
  const job = await backupNow(s);
  t.equal(job.state, 'succeeded');
  t.same(s.server.kernel.registry.db.prepare("SELECT outcome, failure_class, finished_at_ms IS NOT NULL AS ended FROM backup_runs WHERE job_id = '01938f0e-0000-7000-8000-000000000009'").get(), { outcome: 'failed', failure_class: 'interrupted', ended: 1 });
});

t.test('a route that fails unexpectedly answers 500 internal and logs no more than the error\'s name and code', async (t) => {
  const s = await backupServer(t);
  s.server.kernel.registry.db.exec('DROP TABLE backup_config');
  const reply = await s.request('GET', '/v1/backup/config');
  t.equal(reply.statusCode, 500);
  t.same(reply.json(), { type: 'urn:rootline:problem:internal', title: 'Internal error', status: 500, detail: 'Something went wrong inside Rootline; the log has the details', code: 'internal', instance: '/v1/backup/config' });
  t.match(await log(s), /"error":\{"name":"SqliteError","code":"SQLITE_ERROR"\},"msg":"backup route failed"/);
});

t.test('the scheduler: a check that throws is logged and the next one tries again; stopped, it checks nothing', async (t) => {
  const logged: object[] = [];
  let calls = 0;
  const service = { runDue: () => (++calls === 1 ? (() => { throw failing('EIO', 'open', '/somewhere'); })() : 2) } as unknown as BackupService;
  const scheduler = new BackupScheduler(service, 10, { error: (object) => logged.push(object) });
  t.equal(scheduler.check(), 0);
  t.same(logged, [{ error: { name: 'Error', code: 'EIO', syscall: 'open' } }]);
  t.equal(scheduler.check(), 2);
  scheduler.start();
  scheduler.start();
  await new Promise((resolve) => setTimeout(resolve, 60));
  t.ok(calls > 3, 'checks on its interval, once started (twice is once)');
  scheduler.stop();
  const after = calls;
  t.equal(scheduler.check(), 0);
  await new Promise((resolve) => setTimeout(resolve, 40));
  t.equal(calls, after, 'stopped: no more checks');
  scheduler.start();
  await new Promise((resolve) => setTimeout(resolve, 30));
  t.equal(calls, after, 'and it does not start again');
});
