/**
 * The jobs plugin's contract (`@rootline/plugin-jobs` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses jobs imports these types from `@rootline/contracts/jobs` and
 * never imports `@rootline/plugin-jobs` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { ServiceCradle, Tree } from '@rootline/kernel';

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

export type JobDto = {
  started_at_ms?: number | undefined;
  finished_at_ms?: number | undefined;
  result?: unknown;
  error?: {
    line?: number | undefined;
    details?: unknown;
    code: string;
    message: string;
  } | undefined;
  job_id: string;
  tree_id: string;
  kind: string;
  state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelling' | 'cancelled';
  progress: {
    done: number;
    total: number | null;
    unit: string;
  };
  created_at_ms: number;
};

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelling' | 'cancelled';

export type JobsQuery = {
  kind?: string | undefined;
  state?: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelling' | 'cancelled' | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    jobsService: JobsService;
  }
}
