import type { RegistryTables } from '@rootline/kernel';

export type Trigger = 'manual' | 'scheduled';
export type Outcome = 'succeeded' | 'failed' | 'cancelled';

export interface RunRow {
  job_id: string;
  tree_id: string;
  root_id: string;
  trigger: Trigger;
  started_at_ms: number;
  finished_at_ms: number | null;
  outcome: Outcome | null;
  failure_class: string | null;
  backup_id: string | null;
}

/** The runs of backup jobs (`backup_runs` in the registry): what the status and the schedule are computed from. */
export class RunStore {
  constructor(private readonly tables: RegistryTables) {}

  begin(row: Pick<RunRow, 'job_id' | 'tree_id' | 'root_id' | 'trigger' | 'started_at_ms'>): void {
    this.tables.prepare('INSERT INTO backup_runs (job_id, tree_id, root_id, trigger, started_at_ms) VALUES (?, ?, ?, ?, ?)')
      .run(row.job_id, row.tree_id, row.root_id, row.trigger, row.started_at_ms);
  }

  /** Ends a run once: a run already ended keeps its outcome (a cancel after success does not turn it). */
  finish(jobId: string, finishedAtMs: number, outcome: Outcome, details: { backupId?: string; failureClass?: string } = {}): boolean {
    return this.tables.prepare('UPDATE backup_runs SET finished_at_ms = ?, outcome = ?, failure_class = ?, backup_id = ? WHERE job_id = ? AND finished_at_ms IS NULL')
      .run(finishedAtMs, outcome, details.failureClass ?? null, details.backupId ?? null, jobId).changes > 0;
  }

  /** The job of a backup of `treeId` that is queued or running, if any. */
  unfinished(treeId: string): string | undefined {
    return this.tables.prepare('SELECT job_id FROM backup_runs WHERE tree_id = ? AND finished_at_ms IS NULL ORDER BY started_at_ms DESC LIMIT 1').pluck().get(treeId) as string | undefined;
  }

  /** At start: runs a crash (or a stop before their job ran) left unfinished failed as interrupted. */
  failInterrupted(nowMs: number): number {
    return this.tables.prepare("UPDATE backup_runs SET finished_at_ms = ?, outcome = 'failed', failure_class = 'interrupted' WHERE finished_at_ms IS NULL").run(nowMs).changes;
  }

  /** The last success and the last failure of a tree on one root (what its next due time is computed from). */
  lastOf(treeId: string, rootId: string): { success: number | null; failure: number | null } {
    const last = (outcome: Outcome) => this.tables.prepare('SELECT max(finished_at_ms) FROM backup_runs WHERE tree_id = ? AND root_id = ? AND outcome = ?').pluck().get(treeId, rootId, outcome) as number | null;
    return { success: last('succeeded'), failure: last('failed') };
  }

  /** The most recent success and failure of any tree, any root: what the status shows. */
  latest(): { success: number | null; failure: { at: number; failureClass: string } | null } {
    const success = this.tables.prepare("SELECT max(finished_at_ms) FROM backup_runs WHERE outcome = 'succeeded'").pluck().get() as number | null;
    const failure = this.tables.prepare("SELECT finished_at_ms AS at, failure_class AS failureClass FROM backup_runs WHERE outcome = 'failed' ORDER BY finished_at_ms DESC, job_id DESC LIMIT 1").get() as { at: number; failureClass: string } | undefined;
    return { success, failure: failure ?? null };
  }
}
