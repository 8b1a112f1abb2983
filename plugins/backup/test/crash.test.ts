import t from 'tap';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { activeTree, backupNow, backupServer, configure, dump, manifests, seedTree, storeBlob, tempDir, writeEntries } from './fixtures/helpers.js';
import { startChildServer } from '@rootline/kernel/testing';

// Many servers started and killed: ~75 s on a quiet machine, past the suite's 240 s a file on a
// loaded one (ten runs beside mutation testing). The work is bounded; only the clock is not.
t.setTimeout(900_000);

/**
 * Crashes for real: a server in a process of its own is SIGKILLed at each point of a backup
 * (and of a restore) where a crash could leave something half done, through the test-only
 * hook ROOTLINE_BACKUP_TEST_KILL_AT (src/kill-points.ts). Then a server on the same data
 * folder must list no backup the crash cut short, mark the run interrupted, and leave no
 * debris after its next run; a restore cut short leaves no tree and no staging folder.
 */
const SERVE = `
import { backupServer } from ${JSON.stringify(join(import.meta.dirname, 'fixtures', 'helpers.ts'))};

const s = await backupServer({ teardown: () => undefined }, { dataDir: process.argv[1] });
process.stdout.write('READY ' + s.url + ' ' + s.humanToken + '\\n');
`;

interface Child {
  call(method: string, path: string, body?: object): Promise<{ status: number; json: any }>;
  /** Resolves with the signal the process ended by and what it wrote on stderr. */
  ended: Promise<{ signal: NodeJS.Signals | null; stderr: string }>;
}

async function startChild(t: { teardown(fn: () => unknown): void }, dataDir: string, killAt: string): Promise<Child> {
  const { url, token, ended } = await startChildServer(t, SERVE, [dataDir], { env: { ...process.env, ROOTLINE_BACKUP_TEST_KILL_AT: killAt } });
  return {
    ended,
    async call(method, path, body) {
      const reply = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
      return { status: reply.status, json: await reply.json() };
    },
  };
}

const KEEP_ONE = { cadence_hours: 24, enabled: false, retention: { keep_last: 1, keep_days: 0 } };
const LEFTOVERS = ['01938f0e-0000-7000-8000-00000000aaa1', '01938f0e-0000-7000-8000-00000000aaa2'];

/**
 * The state every crash starts from: a tree of 20 entries and 4 blobs, backed up once; then
 * changed (an entry, 3 new blobs) so the next backup captures the database, links 4 blobs and
 * copies 3, and prunes the first backup (keep_last 1); and two folders an earlier crash left.
 * The kill points of that backup, in order (the line on stderr names each). The database's
 * three and the blobs' seven interleave (they run side by side); the rest come in this order.
 */
const POINTS = [
  'start', 'leftover removed', 'leftover removed', 'folder made',
  ...['database capture under way', 'database captured', 'database hashed', 'object linked', 'object linked', 'object linked', 'object linked', 'object copied', 'object copied', 'object copied'].sort(),
  'folders synced', 'manifest written beside', 'manifest in place', 'manifest durable', 'pruned manifest removed', 'pruned backup removed',
];
const SIDE_BY_SIDE = new Set(POINTS.slice(4, 14));
/** From the rename of its manifest on, the backup exists; once it is durable the run is recorded a success; then retention. */
const EXISTS = new Set(['manifest in place', 'manifest durable', 'pruned manifest removed', 'pruned backup removed']);
const RECORDED = new Set(['pruned manifest removed', 'pruned backup removed']);

async function template(t: { teardown(fn: () => unknown): void }) {
  const dataDir = tempDir(t, 'rootline-backup-crash-data-');
  const root = tempDir(t, 'rootline-backup-crash-root-');
  const s = await backupServer(t, { dataDir });
  const tree = activeTree(s);
  await seedTree(tree, { entries: 20, blobs: 4, blobBytes: 2048 });
  await configure(s, root, KEEP_ONE);
  const first = (await backupNow(s)).result.backup_id as string;
  writeEntries(tree, 1, 500);
  for (let i = 0; i < 3; i++) await storeBlob(tree, randomBytes(1500));
  for (const leftover of LEFTOVERS) {
    mkdirSync(join(root, tree.id, leftover, 'objects'), { recursive: true });
    writeFileSync(join(root, tree.id, leftover, 'tree.db'), 'half');
  }
  const expected = dump(tree);
  await s.server.close();
  return { dataDir, root, treeId: tree.id, first, expected };
}

/** A copy of the template (data folder and backup folder) for one crash. */
function copyOf(t: { teardown(fn: () => unknown): void }, from: { dataDir: string; root: string }) {
  const dataDir = tempDir(t, 'rootline-backup-crash-data-');
  const root = tempDir(t, 'rootline-backup-crash-root-');
  cpSync(from.dataDir, dataDir, { recursive: true });
  cpSync(from.root, root, { recursive: true });
  return { dataDir, root };
}

t.test(`a SIGKILL at each of ${POINTS.length} points of a backup: no half backup is listed, the run reads interrupted, the next run leaves no debris`, async (t) => {
  const base = await template(t);
  for (const [index, expected] of POINTS.entries()) {
    const point = index + 1;
    await t.test(`killed at point ${point}`, async (t) => {
      const { dataDir, root } = copyOf(t, base);
      const child = await startChild(t, dataDir, `backup:${point}`);
      t.equal((await child.call('PUT', '/v1/backup/config', { backup_root_path: root, ...KEEP_ONE })).status, 200);
      const run = await child.call('POST', '/v1/backup/run');
      t.equal(run.status, 202);
      const { signal, stderr } = await child.ended;
      t.equal(signal, 'SIGKILL', 'killed');
      const what = /^backup test kill point: backup (\d+) \((.+)\)\n$/.exec(stderr)?.[2] ?? '';
      t.match(stderr, new RegExp(`^backup test kill point: backup ${point} \\(`), 'at that point');
      if (SIDE_BY_SIDE.has(expected)) t.ok(SIDE_BY_SIDE.has(what), `${what}: a point of the database or the blobs`);
      else t.equal(what, expected);

      const s = await backupServer(t, { dataDir });
      const listed = (await manifests(s, root)).map((m) => m.backup_id);
      const made = listed.filter((id) => id !== base.first);
      if (EXISTS.has(what)) t.equal(made.length, 1, 'once the manifest is in place, the backup exists');
      else t.same(listed, [base.first], 'before the manifest is in place, the new backup does not exist');
      t.equal(listed.includes(base.first), what !== 'pruned manifest removed' && what !== 'pruned backup removed', 'a pruned backup loses its manifest first');
      for (const id of listed) t.ok(existsSync(join(root, base.treeId, id, 'tree.db')), 'a listed backup is whole');
      const job = (await s.request('GET', `/v1/jobs/${run.json.job_id}`)).json();
      t.match(job, { state: 'failed', error: { code: 'interrupted' } }, 'the job reads interrupted');
      const status = (await s.request('GET', '/v1/backup/status')).json();
      if (RECORDED.has(what)) t.same([status.last_failure_class, typeof status.last_success_at_ms], [undefined, 'number'], 'the backup was complete and recorded: the status says so');
      else t.equal(status.last_failure_class, 'interrupted', 'the status says interrupted');

      const next = await backupNow(s);
      t.equal(next.state, 'succeeded', 'the next run succeeds');
      t.same(readdirSync(join(root, base.treeId)), [next.result.backup_id], 'and leaves its backup only: no debris, the rest pruned');
      const restored = (await s.request('POST', '/v1/restore', { body: { backup_root: root, tree_id: base.treeId, backup_id: next.result.backup_id } })).json();
      t.same(dump(s.server.kernel.trees.get(restored.tree_id)!), base.expected, 'and it restores to the tree as it is');
      await s.server.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
  }
});

t.test('a SIGKILL during a restore: no tree is registered, and the next start removes the staging folder', async (t) => {
  const base = await template(t);
  const s = await backupServer(t, { dataDir: base.dataDir });
  const backupId = (await backupNow(s)).result.backup_id;
  await s.server.close();
  // Restore points: start, the database copied, 7 objects copied, folders synced.
  const LABELS: Record<number, string> = { 1: 'start', 2: 'database copied', 5: 'object copied', 10: 'folders synced' };
  for (const point of [1, 2, 5, 10]) {
    await t.test(`killed at restore point ${point}`, async (t) => {
      const { dataDir, root } = copyOf(t, base);
      const child = await startChild(t, dataDir, `restore:${point}`);
      const restore = child.call('POST', '/v1/restore', { backup_root: root, tree_id: base.treeId, backup_id: backupId }).catch(() => 'no answer');
      const { signal, stderr } = await child.ended;
      t.equal(await restore, 'no answer');
      t.equal(signal, 'SIGKILL');
      t.match(stderr, new RegExp(`backup test kill point: restore ${point} \\(${LABELS[point]}\\)`), `point ${point} is after ${LABELS[point]}`);
      t.ok(readdirSync(join(dataDir, 'trees')).some((name) => name.startsWith('.incoming-tree-')), 'the crash left a staging folder');

      const again = await backupServer(t, { dataDir });
      t.same(again.server.kernel.registry.listTrees(null, 'asc', 100).map((row) => row.tree_id), [base.treeId], 'no tree was registered');
      t.same(readdirSync(join(dataDir, 'trees')), [base.treeId], 'the staging folder is gone');
      const restored = await again.request('POST', '/v1/restore', { body: { backup_root: root, tree_id: base.treeId, backup_id: backupId } });
      t.equal(restored.statusCode, 200, 'the backup restores afterwards');
      t.same(dump(again.server.kernel.trees.get(restored.json().tree_id)!), base.expected);
      t.equal(readFileSync(join(root, base.treeId, backupId, 'manifest.json'), 'utf8').length > 0, true, 'the backup was only read');
      await again.server.close();
    });
  }
});
