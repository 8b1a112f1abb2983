import { systemActor, type Actor, type Clock, type IdSource, type PluginKernel, type RegistryTables, type Tree, type TreeSummary } from '@rootline/kernel';
import type { JobContext, JobDto } from '@rootline/contracts/jobs';
import { BackupProblems } from './errors.js';
import type { BackupFiles } from './files.js';
import { classify, loggable, type FailureClass } from './failure.js';
import { ConfigStore, type StoredConfig } from './config.js';
import { RunStore, type Trigger } from './runs.js';
import { BackupWriter, type BackupResult } from './backup-writer.js';
import { Restorer } from './restore.js';
import { listManifests } from './listing.js';
import { backupFolder } from './layout.js';
import type { KillPoints } from './kill-points.js';
import type { BackupConfig, BackupManifestDto, BackupStatus, PutBackupConfig, RestoreBody, RestoredTree } from './schemas.js';

const HOUR_MS = 60 * 60 * 1000;
/** After a failed run, the next try waits this long, or the cadence if shorter: a full disk is not retried every minute. */
const RETRY_MS = HOUR_MS;

export interface ServiceParts {
  kernel: PluginKernel;
  tables: RegistryTables;
  files: BackupFiles;
  kill: KillPoints;
  clock: Clock;
  ids: IdSource;
  logger: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Backup and restore for the whole install (a singleton: `backupService`). Settings and runs
 * live in the registry; a run is a job (`backup.run`) of the tree it backs up, so it shows in
 * that tree's job list, with progress and cancel. A run by hand backs up the active tree
 * (CONTRACT §13); the schedule backs up every tree, each when it is due.
 */
export class BackupService {
  private readonly config: ConfigStore;
  private readonly runs: RunStore;
  private readonly writer: BackupWriter;
  private readonly restorer: Restorer;

  constructor(private readonly parts: ServiceParts) {
    const { tables } = parts;
    this.config = new ConfigStore(tables, parts.clock, parts.ids, {
      placeOf: (path) => parts.kernel.placeInDataFolder(path),
      treeIds: () => parts.kernel.listTrees().map((row) => row.tree_id),
    });
    this.runs = new RunStore(tables);
    this.writer = new BackupWriter({ files: parts.files, kill: parts.kill, clock: parts.clock, appVersion: parts.kernel.settings.appVersion, logger: parts.logger });
    this.restorer = new Restorer({ kernel: parts.kernel, files: parts.files, kill: parts.kill, logger: parts.logger });
  }

  /** At start (the registry migrated): runs a crash left unfinished are failed as interrupted. */
  repair(): void {
    this.runs.failInterrupted(this.parts.clock.now());
  }

  getConfig(): Promise<BackupConfig> {
    return this.config.describe();
  }

  async putConfig(body: PutBackupConfig): Promise<BackupConfig> {
    return this.config.describe(await this.config.write(body));
  }

  async status(): Promise<BackupStatus> {
    const config = this.config.read();
    const latest = this.runs.latest();
    const status: BackupStatus = { backup_location_description: await this.config.location(config), configured: config.rootPath !== null, enabled: config.enabled };
    if (latest.failure) {
      status.last_failure_at_ms = latest.failure.at;
      status.last_failure_class = latest.failure.failureClass;
    }
    if (latest.success !== null) status.last_success_at_ms = latest.success;
    const trees = this.parts.kernel.listTrees();
    if (config.enabled && config.rootPath !== null && trees.length) status.next_run_at_ms = Math.min(...trees.map((tree) => this.dueAt(tree.tree_id, config)));
    return status;
  }

  manifests(root: string): Promise<BackupManifestDto[]> {
    return listManifests(root);
  }

  restore(body: RestoreBody): Promise<RestoredTree> {
    return this.restorer.restore(body);
  }

  /** `POST /v1/backup/run`: the active tree, now (or the backup of it already queued or running). */
  runNow(actor: Actor): JobDto {
    const config = this.config.read();
    if (config.rootPath === null) throw BackupProblems.notConfigured('Choose a backup folder first (PUT /v1/backup/config)');
    const tree = this.parts.kernel.activeTree();
    return this.pendingJob(tree, actor) ?? this.start(tree, actor, 'manual', config);
  }

  /**
   * The backup job of `tree` that is queued or running, if any. A run whose job ended without
   * its cleanup (cancelled while queued) is ended here, as the job ended.
   */
  private pendingJob(tree: Tree, actor: Actor): JobDto | undefined {
    const pending = this.runs.unfinished(tree.id);
    if (!pending) return undefined;
    const job = this.parts.kernel.servicesFor(tree, actor).jobsService.get(pending);
    if (job && ['queued', 'running', 'cancelling'].includes(job.state)) return job;
    const error = job?.error as { code?: string } | undefined;
    this.runs.finish(pending, job?.finished_at_ms ?? this.parts.clock.now(), job?.state === 'cancelled' ? 'cancelled' : 'failed', job?.state === 'cancelled' ? {} : { failureClass: error?.code ?? 'interrupted' });
    return undefined;
  }

  /**
   * When a tree's next scheduled backup is due: its last success on this folder plus the
   * cadence (never backed up here: since the settings were saved); after a later failure, not
   * before `min(cadence, 1 h)` has passed since it.
   */
  dueAt(treeId: string, config: StoredConfig): number {
    const cadence = config.cadenceHours * HOUR_MS;
    const { success, failure } = this.runs.lastOf(treeId, config.rootId!);
    let due = success === null ? config.updatedAtMs : success + cadence;
    if (failure !== null && (success === null || failure > success)) due = Math.max(due, failure + Math.min(cadence, RETRY_MS));
    return due;
  }

  /** The scheduler's check: starts a backup of every tree that is due and has none queued or running. */
  runDue(): number {
    const config = this.config.read();
    if (!config.enabled || config.rootPath === null) return 0;
    const now = this.parts.clock.now();
    let started = 0;
    for (const row of this.parts.kernel.listTrees()) {
      const tree = this.parts.kernel.openTree(row.tree_id)!;
      if (this.pendingJob(tree, systemActor) || this.dueAt(row.tree_id, config) > now) continue;
      this.start(tree, systemActor, 'scheduled', config);
      started++;
    }
    return started;
  }

  private start(tree: Tree, actor: Actor, trigger: Trigger, config: StoredConfig): JobDto {
    const { kernel, clock, files, logger } = this.parts;
    const root = config.rootPath!;
    const backupId = this.parts.ids.next();
    let committed = false;
    let failureClass: FailureClass | undefined;
    let jobId = '';
    const job = kernel.servicesFor(tree, actor).jobsService.start<BackupResult>({
      kind: 'backup.run',
      unit: 'bytes',
      run: async (context: JobContext) => {
        const treeName = kernel.listTrees().find((row: TreeSummary) => row.tree_id === tree.id)!.name;
        try {
          return await this.writer.run({ tree, treeName, root, backupId, retention: this.config.read().retention }, context, () => {
            committed = true;
            this.runs.finish(jobId, clock.now(), 'succeeded', { backupId });
          });
        } catch (error) {
          if (context.signal.aborted && error === context.signal.reason) throw error;
          const failure = classify(error);
          if (failure.code === 'internal') logger.error({ error: loggable(error), tree_id: tree.id }, 'backup failed');
          failureClass = failure.code;
          throw failure;
        }
      },
      cleanup: async (_context: JobContext, outcome) => {
        if (!committed) {
          await files.remove(backupFolder(root, tree.id, backupId)).catch((error: unknown) => logger.warn({ error: loggable(error), tree_id: tree.id }, 'a failed backup\'s folder could not be removed; the next run removes it'));
        }
        // A failure `run` did not classify is the server stopping it (the jobs plugin's `interrupted`).
        this.runs.finish(jobId, clock.now(), outcome, outcome === 'failed' ? { failureClass: failureClass ?? 'interrupted' } : {});
      },
    });
    jobId = job.job_id;
    this.runs.begin({ job_id: jobId, tree_id: tree.id, root_id: config.rootId!, trigger, started_at_ms: clock.now() });
    return job;
  }
}
