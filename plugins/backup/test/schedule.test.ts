import t from 'tap';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { activeTree, backupNow, backupServer, configure, finishedJob, ManualClock, manifests, seedTree, tempDir, writeEntries } from './fixtures/helpers.js';

const HOUR = 60 * 60 * 1000;
type Server = Awaited<ReturnType<typeof backupServer>>;

const runs = (s: Server) => s.server.kernel.registry.db.prepare('SELECT job_id, tree_id, trigger, outcome, failure_class, started_at_ms, finished_at_ms FROM backup_runs ORDER BY started_at_ms, job_id').all() as {
  job_id: string; tree_id: string; trigger: string; outcome: string | null; failure_class: string | null; started_at_ms: number; finished_at_ms: number | null;
}[];

/** Waits until `count` runs have finished (the scheduler checks every 20 ms). */
async function finishedRuns(s: Server, count: number) {
  for (let i = 0; i < 500; i++) {
    const all = runs(s);
    if (all.filter((run) => run.finished_at_ms !== null).length >= count && all.every((run) => run.finished_at_ms !== null)) return all;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} runs finished: ${JSON.stringify(runs(s))}`);
}

/** Gives the scheduler a few checks in which it must start nothing. */
const quietChecks = () => new Promise((resolve) => setTimeout(resolve, 150));

t.test('scheduled backups: every tree when due (cadence after its last success), in its own job list, computed again after a restart', async (t) => {
  const clock = new ManualClock();
  const dataDir = tempDir(t, 'rootline-backup-data-');
  const s = await backupServer(t, { clock, dataDir, checkIntervalMs: 20 });
  const root = tempDir(t);
  const tree = activeTree(s);
  await seedTree(tree, { blobs: 1 });
  const other = (await s.request('POST', '/v1/trees', { body: { name: 'Other' } })).json();
  await configure(s, root, { enabled: false, cadence_hours: 2 });
  await quietChecks();
  t.same(runs(s), [], 'off: nothing runs');
  t.same(Object.keys((await s.request('GET', '/v1/backup/status')).json()).sort(), ['backup_location_description', 'configured', 'enabled'], 'no next run while off');

  const enabledAt = clock.ms;
  await configure(s, root, { enabled: true, cadence_hours: 2 });
  const first = await finishedRuns(s, 2);
  t.same(first.map((run) => [run.tree_id, run.trigger, run.outcome]).sort(), [[tree.id, 'scheduled', 'succeeded'], [other.tree_id, 'scheduled', 'succeeded']].sort(), 'never backed up: both trees at once');
  const job = (await s.request('GET', `/v1/trees/${other.tree_id}/jobs`, { query: { kind: 'backup.run' } })).json().items;
  t.equal(job.length, 1, 'the other tree\'s job is in its own list');
  t.equal(job[0].state, 'succeeded');
  t.equal((await s.request('GET', '/v1/jobs', { query: { kind: 'backup.run' } })).json().total, 1, 'and the active tree\'s in its');
  t.same((await s.request('GET', '/v1/backup/status')).json(), {
    backup_location_description: 'The backup folder you chose', configured: true, enabled: true, last_success_at_ms: enabledAt, next_run_at_ms: enabledAt + 2 * HOUR,
  });

  clock.advance(2 * HOUR - 1);
  await quietChecks();
  t.equal(runs(s).length, 2, 'not before the cadence has passed');
  writeEntries(tree, 1, 500);
  clock.advance(1);
  const second = await finishedRuns(s, 4);
  t.same(second.slice(2).map((run) => run.outcome), ['succeeded', 'succeeded'], 'both again once it has');
  t.equal((await manifests(s, root)).length, 4);
  t.equal((await s.request('GET', '/v1/backup/status')).json().next_run_at_ms, clock.ms + 2 * HOUR);

  await s.server.close();
  clock.advance(HOUR);
  const restarted = await backupServer(t, { clock, dataDir, checkIntervalMs: 20 });
  await quietChecks();
  t.equal(runs(restarted).length, 4, 'after a restart, still not due');
  t.equal((await restarted.request('GET', '/v1/backup/status')).json().next_run_at_ms, clock.ms + HOUR, 'due one hour on, from the last success');
  clock.advance(HOUR);
  t.equal((await finishedRuns(restarted, 6)).length, 6, 'and run when it is');
});

t.test('a failed scheduled run is tried again after min(cadence, 1 hour), not at every check; its class is in the status', async (t) => {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock, checkIntervalMs: 20 });
  const parent = tempDir(t);
  const root = join(parent, 'drive');
  mkdirSync(root);
  await seedTree(activeTree(s), { blobs: 1 });
  await configure(s, root, { enabled: true, cadence_hours: 6 });
  await finishedRuns(s, 1);
  const succeededAt = clock.ms;
  clock.advance(6 * HOUR);
  rmSync(root, { recursive: true });
  const [, failed] = await finishedRuns(s, 2);
  t.same([failed.outcome, failed.failure_class, failed.finished_at_ms], ['failed', 'backup-root-unavailable', succeededAt + 6 * HOUR]);
  await quietChecks();
  t.equal(runs(s).length, 2, 'not retried at once');
  t.same((await s.request('GET', '/v1/backup/status')).json(), {
    backup_location_description: 'The backup folder you chose, which cannot be reached now (is the drive connected?)', configured: true, enabled: true,
    last_failure_at_ms: succeededAt + 6 * HOUR, last_failure_class: 'backup-root-unavailable', last_success_at_ms: succeededAt, next_run_at_ms: succeededAt + 7 * HOUR,
  });
  mkdirSync(root);
  clock.advance(HOUR);
  const [, , retried] = await finishedRuns(s, 3);
  t.equal(retried.outcome, 'succeeded', 'tried again an hour later');
  t.same((await s.request('GET', '/v1/backup/status')).json(), {
    backup_location_description: 'The backup folder you chose', configured: true, enabled: true,
    last_failure_at_ms: succeededAt + 6 * HOUR, last_failure_class: 'backup-root-unavailable', last_success_at_ms: succeededAt + 7 * HOUR, next_run_at_ms: succeededAt + 13 * HOUR,
  }, 'the last failure stays in the status, older than the last success');
});

t.test('a short cadence retries after the cadence; a new folder is due at once; a tree with a backup queued is not started twice', async (t) => {
  const clock = new ManualClock();
  const s = await backupServer(t, { clock, checkIntervalMs: 20 });
  const root = tempDir(t);
  await configure(s, root, { enabled: false, cadence_hours: 1 });
  const manual = (await s.request('POST', '/v1/backup/run')).json();
  await configure(s, root, { enabled: true, cadence_hours: 1 });
  await finishedJob(s, manual.job_id);
  await quietChecks();
  t.same(runs(s).map((run) => run.trigger), ['manual'], 'the manual run was queued: the schedule did not start another, and its success counts');
  const at = clock.ms;
  t.equal((await s.request('GET', '/v1/backup/status')).json().next_run_at_ms, at + HOUR);
  const elsewhere = tempDir(t);
  await configure(s, elsewhere, { enabled: true, cadence_hours: 1 });
  await finishedRuns(s, 2);
  t.same(runs(s).map((run) => run.trigger), ['manual', 'scheduled'], 'another folder has no backup yet: due at once');
  t.equal((await manifests(s, elsewhere)).length, 1);
  clock.advance(HOUR);
  await finishedRuns(s, 3);
  const job = await backupNow(s);
  t.equal(job.state, 'succeeded', 'a run by hand any time');
});
