// Backup bench (issue 13): a tree of ROOTLINE_BENCH_BACKUP_PERSONS persons (default 20,000; the
// issue's size is 100,000) seeded through the services, plus ROOTLINE_BENCH_BACKUP_BLOB_MB MiB
// of blobs (default 256; the size is 1024) in files of 2 MiB, like scanned pages. In
// ROOTLINE_BENCH_ROUNDS interleaved rounds (default 3), each against a baseline on the same
// files in the same round:
//   - a full backup (`POST /v1/backup/run` into a new folder, until the job has succeeded)
//     against `cp -r` of the tree's folder (database, WAL and objects) - and `cp -r` + `sync`,
//     since a backup fsyncs every file it writes and cp does not;
//   - the same for a second tree holding the same volume of blobs and no persons (the blob
//     path alone: kernel copies, fsynced together; the database path is SQLite's page-by-page
//     online backup);
//   - a second backup of the unchanged tree against the first;
//   - restore verification (`POST /v1/restore` of a copy of the backup whose last object was
//     replaced by other bytes of its size: every object is re-hashed before the last one is
//     refused, 422, and nothing is written) against `sha256sum` of the same files.
// Medians of the rounds; throughput in MB/s of the bytes each side handled.
// Run: ROOTLINE_BENCH=backup npm run bench.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSeededTree, type SeededTree } from './seeded-tree.js';
import { median, ratio } from './stats.js';

const PERSONS = Number(process.env.ROOTLINE_BENCH_BACKUP_PERSONS ?? 20_000);
const CLAIMS = Math.min(10, Number(process.env.ROOTLINE_BENCH_PERSON_CLAIMS ?? 4));
const BLOB_MB = Number(process.env.ROOTLINE_BENCH_BACKUP_BLOB_MB ?? 256);
const ROUNDS = Math.max(3, Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3));
const MIB = 1024 * 1024;
const BLOB_BYTES = 2 * MIB;
const round1 = (value: number) => Math.round(value * 10) / 10;
const mbps = (bytes: number, seconds: number) => round1(bytes / 1e6 / seconds);

/** Runs a command to completion; its wall time in seconds. */
function run(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`${command} exited with ${code}`))));
  });
}

/** Every file under `folder` and their total size. */
function filesOf(folder: string): { files: string[]; bytes: number } {
  const files: string[] = [];
  let bytes = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        files.push(path);
        bytes += statSync(path).size;
      }
    }
  };
  walk(folder);
  return { files, bytes };
}

/** The fields of the answers this bench reads. */
interface Reply {
  job_id: string;
  state: string;
  result: { backup_id: string; total_bytes: number; bytes_copied: number; objects_linked: number; database: string };
  error: unknown;
  reason: string;
  detail: string;
}

interface Api {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Reply }>;
}

function apiOf(opened: SeededTree): Api {
  return {
    async call(method, path, body) {
      const reply = await fetch(`${opened.url}${path}`, { method, headers: { ...opened.headers, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: reply.status, json: (await reply.json()) as Reply };
    },
  };
}

/** A backup into `root`, by hand, until its job has succeeded: seconds and the job's result. */
async function backupInto(api: Api, root: string): Promise<{ seconds: number; result: Reply['result'] }> {
  const config = await api.call('PUT', '/v1/backup/config', { backup_root_path: root, cadence_hours: 24, enabled: false, retention: { keep_last: 100, keep_days: 0 } });
  if (config.status !== 200) throw new Error(`config: ${JSON.stringify(config.json)}`);
  const started = performance.now();
  const queued = await api.call('POST', '/v1/backup/run');
  if (queued.status !== 202) throw new Error(`run: ${JSON.stringify(queued.json)}`);
  for (;;) {
    const job = (await api.call('GET', `/v1/jobs/${queued.json.job_id}`)).json;
    if (job.state === 'succeeded') return { seconds: (performance.now() - started) / 1000, result: job.result };
    if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`backup ${job.state}: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function benchBackup(): Promise<Record<string, unknown>> {
  const scratch = join(tmpdir(), `rootline-bench-backup-${process.pid}`);
  mkdirSync(scratch, { recursive: true });
  let opened: SeededTree | undefined;
  try {
    opened = await openSeededTree({ persons: PERSONS, claims: CLAIMS, name: 'backup' });
    const { tree, human } = opened;
    const blobs = Math.max(1, Math.round((BLOB_MB * MIB) / BLOB_BYTES));
    for (let i = 0; i < blobs; i++) await tree.blobs.write([randomBytes(BLOB_BYTES)], { maxBytes: BLOB_BYTES, actor: human });
    tree.db.pragma('wal_checkpoint(TRUNCATE)');
    const blobTree = opened.server.kernel.trees.create('Blobs only').tree;
    for (let i = 0; i < blobs; i++) await blobTree.blobs.write([randomBytes(BLOB_BYTES)], { maxBytes: BLOB_BYTES, actor: human });
    blobTree.db.pragma('wal_checkpoint(TRUNCATE)');
    const api = apiOf(opened);
    const activate = async (treeId: string) => {
      if ((await api.call('PUT', '/v1/trees/active', { tree_id: treeId })).status !== 200) throw new Error('switch');
    };
    const figures = { cp: [] as number[], cpSync: [] as number[], full: [] as number[], blobsCp: [] as number[], blobsFull: [] as number[], second: [] as number[], verify: [] as number[], sha256sum: [] as number[], restore: [] as number[] };
    let sizes = { tree_bytes: 0, backup_bytes: 0, second_bytes_copied: 0, verified_bytes: 0 };
    for (let r = 0; r < ROUNDS; r++) {
      const folder = join(scratch, `round-${r}`);
      mkdirSync(folder);
      // cp -r of the tree's folder, then the same with sync (what a backup pays: every file fsynced).
      const source = filesOf(tree.dir);
      const cpSeconds = await run('cp', ['-r', tree.dir, join(folder, 'cp')]);
      figures.cp.push(mbps(source.bytes, cpSeconds));
      rmSync(join(folder, 'cp'), { recursive: true });
      const started = performance.now();
      await run('cp', ['-r', tree.dir, join(folder, 'cp-sync')]);
      await run('sync', ['-f', join(folder, 'cp-sync')]);
      figures.cpSync.push(mbps(source.bytes, (performance.now() - started) / 1000));
      rmSync(join(folder, 'cp-sync'), { recursive: true });

      // The blobs-only tree: cp -r of its folder, then a full backup of it.
      const blobSource = filesOf(blobTree.dir);
      figures.blobsCp.push(mbps(blobSource.bytes, await run('cp', ['-r', blobTree.dir, join(folder, 'cp-blobs')])));
      rmSync(join(folder, 'cp-blobs'), { recursive: true });
      await activate(blobTree.id);
      const blobRoot = join(folder, 'blob-backups');
      mkdirSync(blobRoot);
      const blobFull = await backupInto(api, blobRoot);
      figures.blobsFull.push(mbps(blobFull.result.total_bytes, blobFull.seconds));
      rmSync(blobRoot, { recursive: true });
      await activate(tree.id);

      const root = join(folder, 'backups');
      mkdirSync(root);
      const full = await backupInto(api, root);
      figures.full.push(mbps(full.result.total_bytes, full.seconds));
      const second = await backupInto(api, root);
      figures.second.push(Math.round((second.seconds / full.seconds) * 1000) / 1000);
      if (second.result.bytes_copied !== 0 || second.result.database !== 'reused') throw new Error(`the second backup copied: ${JSON.stringify(second.result)}`);

      // Verification: a copy of the backup whose last object (manifest order) has other bytes.
      const backup = join(root, tree.id, full.result.backup_id);
      const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as { objects: { path: string; size_bytes: number }[] };
      const last = manifest.objects[manifest.objects.length - 1];
      const replaced = join(backup, `${last.path}.other`);
      writeFileSync(replaced, randomBytes(last.size_bytes));
      renameSync(replaced, join(backup, last.path));
      const verifyStarted = performance.now();
      const refused = await api.call('POST', '/v1/restore', { backup_root: root, tree_id: tree.id, backup_id: full.result.backup_id });
      const verifySeconds = (performance.now() - verifyStarted) / 1000;
      if (refused.status !== 422 || refused.json.reason !== 'hash-mismatch' || !String(refused.json.detail).includes(last.path.slice(-64))) throw new Error(`verification: ${JSON.stringify(refused.json)}`);
      const verified = manifest.objects.reduce((sum, object) => sum + object.size_bytes, 0);
      figures.verify.push(mbps(verified, verifySeconds));
      const shaSeconds = await run('sha256sum', manifest.objects.map((object) => join(backup, object.path)));
      figures.sha256sum.push(mbps(verified, shaSeconds));

      // A whole restore of the second (untouched) backup, for the record.
      const restoreStarted = performance.now();
      const restored = await api.call('POST', '/v1/restore', { backup_root: root, tree_id: tree.id, backup_id: second.result.backup_id });
      if (restored.status !== 200) throw new Error(`restore: ${JSON.stringify(restored.json)}`);
      figures.restore.push(mbps(verified, (performance.now() - restoreStarted) / 1000));
      sizes = { tree_bytes: source.bytes, backup_bytes: full.result.total_bytes, second_bytes_copied: second.result.bytes_copied, verified_bytes: verified };
      rmSync(folder, { recursive: true, force: true });
    }
    const m = Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, median(values)])) as Record<keyof typeof figures, number>;
    return {
      persons: PERSONS,
      claims_per_person: CLAIMS,
      blobs,
      blob_mb: BLOB_MB,
      ...sizes,
      rounds: ROUNDS,
      rounds_mb_s: figures,
      full_backup_mb_s: m.full,
      cp_mb_s: m.cp,
      cp_sync_mb_s: m.cpSync,
      'full_vs_cp (target >= 0.5)': ratio(m.full, m.cp),
      full_vs_cp_sync: ratio(m.full, m.cpSync),
      blobs_only_full_mb_s: m.blobsFull,
      blobs_only_cp_mb_s: m.blobsCp,
      blobs_only_full_vs_cp: ratio(m.blobsFull, m.blobsCp),
      'second_vs_first time (target <= 0.10)': m.second,
      verify_mb_s: m.verify,
      sha256sum_mb_s: m.sha256sum,
      'verify_vs_sha256sum (target >= 0.5)': ratio(m.verify, m.sha256sum),
      whole_restore_mb_s: m.restore,
    };
  } finally {
    await opened?.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
