import { ACTOR_COLUMNS, actorValues, type Actor, type Tree } from '@rootline/kernel';
import type { JobDto, JobError, JobProgress } from './schemas.js';
import { canMove, UNFINISHED_SQL, type JobState } from './states.js';

interface JobRow {
  job_id: string;
  kind: string;
  state: JobState;
  done: number;
  total: number | null;
  unit: string;
  created_at_ms: number;
  started_at_ms: number | null;
  finished_at_ms: number | null;
  result: string | null;
  error: string | null;
  actor_kind: Actor['kind'];
  credential_id: string | null;
}

const COLUMNS = `job_id, kind, state, done, total, unit, created_at_ms, started_at_ms, finished_at_ms, result, error, actor_kind, credential_id`;

export interface JobFilter {
  kind?: string;
  state?: JobState;
}

/** A job row as the API shows it: absent times and outcomes are left out, not null. */
function toDto(treeId: string, row: JobRow): JobDto {
  const job: JobDto = {
    job_id: row.job_id,
    tree_id: treeId,
    kind: row.kind,
    state: row.state,
    progress: { done: row.done, total: row.total, unit: row.unit },
    created_at_ms: row.created_at_ms,
  };
  if (row.started_at_ms !== null) job.started_at_ms = row.started_at_ms;
  if (row.finished_at_ms !== null) job.finished_at_ms = row.finished_at_ms;
  if (row.result !== null) job.result = JSON.parse(row.result);
  if (row.error !== null) job.error = JSON.parse(row.error) as JobError;
  return job;
}

/**
 * The jobs table of one tree. A job's own row is bookkeeping, not research: its changes are
 * not records (what the job changes in the tree is recorded by the services it calls), and
 * progress goes to the stream as notices (`kernel.notify`).
 */
export class JobStore {
  constructor(private readonly tree: Tree) {}

  insert(job: { job_id: string; kind: string; total: number | null; unit: string; created_at_ms: number }, actor: Actor): JobDto {
    this.tree
      .prepare(`INSERT INTO jobs (job_id, kind, state, done, total, unit, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, 'queued', 0, ?, ?, ?, ?, ?, ?)`)
      .run(job.job_id, job.kind, job.total, job.unit, job.created_at_ms, ...actorValues(actor));
    return this.get(job.job_id)!;
  }

  get(id: string): JobDto | undefined {
    const row = this.row(id);
    return row && toDto(this.tree.id, row);
  }

  /** Who started a job: the cancel rule for agents reads it. */
  starter(id: string): { kind: Actor['kind']; credentialId: string | null } | undefined {
    const row = this.row(id);
    return row && { kind: row.actor_kind, credentialId: row.credential_id };
  }

  /** Newest first, after the keyset position `before` (a job id). */
  page(filter: JobFilter, before: string | null, take: number): JobDto[] {
    const rows = this.tree
      .prepare(`SELECT ${COLUMNS} FROM jobs WHERE (@before IS NULL OR job_id < @before) AND (@kind IS NULL OR kind = @kind) AND (@state IS NULL OR state = @state) ORDER BY job_id DESC LIMIT @take`)
      .all({ before, take, kind: filter.kind ?? null, state: filter.state ?? null }) as JobRow[];
    return rows.map((row) => toDto(this.tree.id, row));
  }

  count(filter: JobFilter): number {
    return this.tree
      .prepare(`SELECT count(*) FROM jobs WHERE (@kind IS NULL OR kind = @kind) AND (@state IS NULL OR state = @state)`)
      .pluck()
      .get({ kind: filter.kind ?? null, state: filter.state ?? null }) as number;
  }

  /**
   * Moves a job from `from` to `to` (the transition table decides; a move it forbids is a bug
   * and throws). Only the row still in `from` changes, so two movers never both win. A job's
   * end carries its last progress in the same write.
   */
  move(id: string, from: JobState, to: JobState, at: { started_at_ms?: number; finished_at_ms?: number; result?: unknown; error?: JobError; progress?: JobProgress } = {}): boolean {
    if (!canMove(from, to)) throw new Error(`A job cannot go from ${from} to ${to}`);
    const changes = this.tree
      .prepare(`UPDATE jobs SET state = @to, started_at_ms = coalesce(@started, started_at_ms), finished_at_ms = coalesce(@finished, finished_at_ms), result = @result, error = @error,
                done = coalesce(@done, done), total = iif(@progress, @total, total), unit = coalesce(@unit, unit) WHERE job_id = @id AND state = @from`)
      .run({
        id, from, to,
        started: at.started_at_ms ?? null,
        finished: at.finished_at_ms ?? null,
        result: at.result === undefined ? null : JSON.stringify(at.result),
        error: at.error === undefined ? null : JSON.stringify(at.error),
        progress: at.progress ? 1 : 0,
        done: at.progress?.done ?? null,
        total: at.progress?.total ?? null,
        unit: at.progress?.unit ?? null,
      }).changes;
    return changes === 1;
  }

  /**
   * Progress is saved every 250 ms while a job runs, without waiting on the disk: a crash may
   * take back the last figures, and the job is then `interrupted` anyway. Its state moves are
   * ordinary commits, which flush these with them.
   */
  saveProgress(id: string, progress: JobProgress): void {
    this.tree.transactUnflushed(() =>
      this.tree.prepare('UPDATE jobs SET done = ?, total = ?, unit = ? WHERE job_id = ?').run(progress.done, progress.total, progress.unit, id),
    );
  }

  /**
   * At start-up, before any request: a job still unfinished was cut off by a crash (nothing
   * runs it any more). It becomes `failed` with `interrupted`, so a client polling it gets an
   * answer instead of a job that never ends. Returns how many were marked.
   */
  failInterrupted(atMs: number, error: JobError): number {
    return this.tree
      .prepare(`UPDATE jobs SET state = 'failed', finished_at_ms = ?, error = ? WHERE ${UNFINISHED_SQL}`)
      .run(atMs, JSON.stringify(error)).changes;
  }

  private row(id: string): JobRow | undefined {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM jobs WHERE job_id = ?`).get(id) as JobRow | undefined;
  }
}
