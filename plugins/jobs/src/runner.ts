import { isDiskFull, type Actor, type Clock, type IdSource, type PluginKernel, type ServiceCradle, type Tree } from '@rootline/kernel';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext, JobSpec } from '@rootline/contracts/jobs';
import type { JobDto, JobError, JobProgress } from './schemas.js';
import { JobStore } from './store.js';
import { ProgressMeter } from './progress.js';
import { CLEANUP_FAILED, describeFailure, INTERRUPTED, JobStopped } from './failure.js';
import { JobProblems } from './errors.js';
import { cancelStep, type JobState } from './states.js';

interface Entry {
  jobId: string;
  tree: Tree;
  actor: Actor;
  spec: JobSpec<unknown>;
  store: JobStore;
  controller: AbortController;
}

type Ending = { state: 'succeeded'; result: unknown } | { state: 'failed'; error: JobError } | { state: 'cancelled' };

export interface RunnerParts {
  kernel: Pick<PluginKernel, 'servicesFor' | 'notify'>;
  clock: Clock;
  ids: IdSource;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** How long a stop waits for running jobs to stop and clean up. */
  closeTimeoutMs: number;
}

/**
 * Runs the jobs of every tree (one per server, a singleton). A tree's jobs run one at a time,
 * first queued first: a tree is one SQLite database with one writer, so two imports side by
 * side would only take turns at every transaction and each would finish later. Jobs of
 * different trees run side by side (each tree is its own file).
 *
 * A job's row is the truth a client polls, so its moves (queued to running, and its end) wait
 * for room when the disk is full (`tree.writeWhenRoom`) instead of being lost: meanwhile the job
 * stays in the runner as its row reads (a job not yet started is not run; a job whose end is not
 * written still holds its tree's turn), until the write goes through or the server stops.
 */
export class JobRunner {
  private readonly waiting = new Map<string, Entry[]>();
  private readonly running = new Map<string, { entry: Entry; settled: Promise<void> }>();
  private closing = false;
  /** Aborted when the server stops: a job's move waiting for room gives up (the next start marks the job interrupted). */
  private readonly stopping = new AbortController();
  private closed: Promise<void> | undefined;

  constructor(private readonly parts: RunnerParts) {}

  start<R>(tree: Tree, actor: Actor, spec: JobSpec<R>): JobDto {
    if (this.closing) throw new Error('The server is stopping: no job can start');
    const store = new JobStore(tree);
    const job = store.insert({ job_id: this.parts.ids.next(), kind: spec.kind, total: spec.total ?? null, unit: spec.unit ?? 'items', created_at_ms: this.parts.clock.now() }, actor);
    const entry: Entry = { jobId: job.job_id, tree, actor, spec: spec as JobSpec<unknown>, store, controller: new AbortController() };
    this.queueOf(tree.id).push(entry);
    // Not now: the request that started the job answers first, with the job as it was queued.
    setImmediate(() => this.next(tree.id));
    return job;
  }

  /** Cancels a job of `tree` (the service has checked who asks): see `cancelStep`. */
  cancel(tree: Tree, jobId: string): JobDto {
    const store = new JobStore(tree);
    const job = store.get(jobId);
    if (!job) throw JobProblems.jobNotFound(jobId);
    const step = cancelStep(job.state);
    if (step.outcome === 'refused') throw JobProblems.notCancellable(`Job ${jobId} has already ${job.state === 'succeeded' ? 'succeeded' : job.state === 'failed' ? 'failed' : 'been cancelled'}`);
    if (step.outcome === 'change' && step.to === 'cancelled') {
      const queue = this.queueOf(tree.id);
      const at = queue.findIndex((entry) => entry.jobId === jobId);
      if (at >= 0) queue.splice(at, 1);
      store.move(jobId, 'queued', 'cancelled', { finished_at_ms: this.parts.clock.now() });
      this.announce(tree, 'job.finished.v1', jobId, 'cancelled', job.progress);
    } else if (step.outcome === 'change') {
      store.move(jobId, 'running', 'cancelling');
      this.announce(tree, 'job.progress.v1', jobId, 'cancelling', job.progress);
      const running = this.running.get(tree.id);
      if (running?.entry.jobId === jobId) running.entry.controller.abort(new JobStopped('cancelled'));
    }
    return store.get(jobId)!;
  }

  /**
   * The server is stopping: queued jobs fail as interrupted (they never started), running
   * ones are asked to stop and their cleanup is awaited, at most `closeTimeoutMs`, so a stop
   * leaves nothing half written. New jobs are refused from here on.
   */
  close(): Promise<void> {
    this.closed ??= this.stopAll();
    return this.closed;
  }

  private async stopAll(): Promise<void> {
    this.closing = true;
    this.stopping.abort();
    for (const [treeId, queue] of this.waiting) {
      for (const entry of queue.splice(0)) {
        try {
          entry.store.move(entry.jobId, 'queued', 'failed', { finished_at_ms: this.parts.clock.now(), error: INTERRUPTED });
          this.announce(entry.tree, 'job.finished.v1', entry.jobId, 'failed', entry.store.get(entry.jobId)!.progress);
        } catch (error) {
          // Left queued (a full disk): the next start marks it interrupted. The others are still marked.
          this.parts.logger.error({ err: error, job_id: entry.jobId }, 'job bookkeeping failed');
        }
      }
      this.waiting.delete(treeId);
    }
    const settling = [...this.running.values()].map(({ entry, settled }) => {
      entry.controller.abort(new JobStopped('interrupted'));
      return settled;
    });
    if (!settling.length) return;
    let timer: NodeJS.Timeout | undefined;
    // Not unref'd: while the server stops nothing else may keep the process alive, and an
    // unref'd timer would let it exit with this close (and whoever awaits it) never settled.
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.parts.closeTimeoutMs);
    });
    await Promise.race([Promise.allSettled(settling), timeout]);
    clearTimeout(timer);
  }

  private queueOf(treeId: string): Entry[] {
    let queue = this.waiting.get(treeId);
    if (!queue) this.waiting.set(treeId, (queue = []));
    return queue;
  }

  private next(treeId: string): void {
    if (this.closing || this.running.has(treeId)) return;
    const entry = this.waiting.get(treeId)?.shift();
    if (!entry) return;
    const settled = this.execute(entry)
      .catch((error: unknown) => this.parts.logger.error({ err: error, job_id: entry.jobId }, 'job bookkeeping failed'))
      .finally(() => {
        this.running.delete(treeId);
        this.next(treeId);
      });
    this.running.set(treeId, { entry, settled });
  }

  private async execute(entry: Entry): Promise<void> {
    const { store, jobId, spec, controller, tree } = entry;
    const { clock } = this.parts;
    // Not started until its row says so: a cancel meanwhile (queued -> cancelled) wins.
    if (!(await tree.writeWhenRoom(() => store.move(jobId, 'queued', 'running', { started_at_ms: clock.now() }), this.stopping.signal))) return;
    const meter = new ProgressMeter(store.get(jobId)!.progress, clock, (progress) => {
      saveProgress(store, jobId, progress);
      this.announce(tree, 'job.progress.v1', jobId, cancelRequested(controller.signal) ? 'cancelling' : 'running', progress);
    });
    meter.flush();
    const context = this.contextFor(entry, meter);
    let ending: Ending;
    try {
      const result = await spec.run(context);
      // Cancel asked for before the job ended wins, even if the work got to its end: the
      // client was told `cancelling`, and cleanup removes what the job wrote.
      ending = controller.signal.aborted ? stopped(controller.signal) : { state: 'succeeded', result: result ?? null };
    } catch (error) {
      ending = controller.signal.aborted ? stopped(controller.signal) : { state: 'failed', error: describeFailure(error, this.parts.logger, { jobId, kind: spec.kind }) };
    }
    if (ending.state !== 'succeeded' && spec.cleanup) {
      try {
        await spec.cleanup(context, ending.state);
      } catch (error) {
        this.parts.logger.error({ err: error, job_id: jobId, kind: spec.kind }, 'job cleanup failed');
        ending = { state: 'failed', error: CLEANUP_FAILED };
      }
    }
    const finishedAtMs = clock.now();
    // Read again at each try: a cancel may have moved the row to cancelling meanwhile.
    await tree.writeWhenRoom(() => store.move(jobId, store.get(jobId)!.state, ending.state, {
      finished_at_ms: finishedAtMs,
      result: ending.state === 'succeeded' ? ending.result : undefined,
      error: ending.state === 'failed' ? ending.error : undefined,
      progress: meter.value,
    }), this.stopping.signal);
    this.announce(tree, 'job.finished.v1', jobId, ending.state, meter.value);
  }

  private contextFor(entry: Entry, meter: ProgressMeter): JobContext {
    const { kernel } = this.parts;
    const signal = entry.controller.signal;
    let services: ServiceCradle | undefined;
    return {
      jobId: entry.jobId,
      tree: entry.tree,
      signal,
      get services() {
        return (services ??= kernel.servicesFor(entry.tree, entry.actor));
      },
      progress: (done, total, unit) => meter.update(done, total, unit),
      checkpoint: () => new Promise<void>((resolve, reject) => {
        setImmediate(() => (signal.aborted ? reject(signal.reason) : resolve()));
      }),
    };
  }

  /** Progress is a notice, not a record: no seq, not in the audit (CONTRACT §14). */
  private announce(tree: Tree, kind: 'job.progress.v1' | 'job.finished.v1', jobId: string, state: JobState, progress: JobProgress): void {
    this.parts.kernel.notify(tree, { kind, entity_type: 'job', entity_id: jobId, payload: { job_id: jobId, state, progress } });
  }
}

/**
 * Progress is saved as it goes when the disk has room; a save it refused is dropped (the figures
 * stay in memory, and the job's end writes its last ones). Anything else is thrown to the job.
 */
function saveProgress(store: JobStore, jobId: string, progress: JobProgress): void {
  try {
    store.saveProgress(jobId, progress);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
  }
}

const cancelRequested = (signal: AbortSignal) => signal.reason instanceof JobStopped && signal.reason.code === 'cancelled';

/** How a job that was asked to stop ends: cancelled if the user asked, interrupted if the server is stopping. */
function stopped(signal: AbortSignal): Ending {
  return cancelRequested(signal) ? { state: 'cancelled' } : { state: 'failed', error: INTERRUPTED };
}
