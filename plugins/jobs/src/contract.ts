/**
 * The jobs plugin's contract: the services it registers and the shape of a job's work, for
 * the container's types. Type-only: a plugin that runs jobs (gedcom) imports it with
 * `import type` from `@rootline/plugin-jobs/contract` and lists `@rootline/plugin-jobs` in its
 * `peerDependencies`.
 */
import type { ServiceCradle, Tree } from '@rootline/kernel';
import type { JobRunner } from './runner.js';
import type { JobDto, JobsQuery } from './schemas.js';
import type { JobState } from './states.js';

/** What a job's `run` is handed. */
export interface JobContext {
  readonly jobId: string;
  readonly tree: Tree;
  /** Aborted when cancel is requested or the server closes; its `reason` is what `checkpoint` throws. */
  readonly signal: AbortSignal;
  /** The tree's services acting as whoever started the job (`kernel.servicesFor`), made once per job. */
  readonly services: ServiceCradle;
  /**
   * Cheap to call per record: the count is kept in memory, persisted and published
   * (`job.progress.v1`) at most every 250 ms by the server clock, and always when the job ends.
   * `total` and `unit` keep their last value when left out; `total: null` means "unknown".
   */
  progress(done: number, total?: number | null, unit?: string): void;
  /**
   * Yields to the event loop (setImmediate), then throws the stop reason if cancel was requested
   * or the server is closing. A job MUST call it between batches: a job never yields otherwise,
   * and a job that does not yield blocks every request of every tree and cannot be cancelled.
   */
  checkpoint(): Promise<void>;
}

/** A job to run: `run` resolves with its result (stored as JSON) or throws its failure. */
export interface JobSpec<R> {
  /** `<noun>.<verb>`, e.g. `gedcom.import`; filterable on `GET {P}/jobs?kind=`. */
  kind: string;
  /** What `progress` counts (default `items`). */
  unit?: string;
  /** The total, if known when the job starts. */
  total?: number;
  run(context: JobContext): Promise<R>;
  /**
   * Runs after a cancel or a failure (and when the server stops a running job), before the job
   * reaches `cancelled` / `failed`: remove what the job half wrote. It runs even when `run`
   * had already resolved if cancel was requested before the job ended.
   */
  cleanup?(context: JobContext, outcome: 'cancelled' | 'failed'): void | Promise<void>;
}

/** The jobs of the request's tree, acting as the request's actor (`request.diScope.cradle.jobsService`). */
export interface JobsService {
  /** Queues the job (FIFO per tree) and returns it as `queued`; it runs after the tree's earlier jobs. */
  start<R>(spec: JobSpec<R>): JobDto;
  get(id: string): JobDto | undefined;
  /** Newest first, after `before` (a job id), at most `take`. */
  page(filter: Pick<JobsQuery, 'kind' | 'state'>, before: string | null, take: number): JobDto[];
  count(filter: Pick<JobsQuery, 'kind' | 'state'>): number;
  /**
   * Cancel as the actor: queued -> cancelled at once, running -> cancelling (cancelled when it
   * settles), cancelling unchanged. Throws 404 `not-found`, 403 `not-your-job` (an agent, a job
   * another credential started), 409 `job-not-cancellable` (finished).
   */
  cancel(id: string): JobDto;
}

declare module '@fastify/awilix' {
  interface Cradle {
    /** Runs the jobs of every tree: one at a time per tree, trees side by side. */
    jobRunner: JobRunner;
  }
  interface RequestCradle {
    jobsService: JobsService;
  }
}

export type { JobDto, JobState };
