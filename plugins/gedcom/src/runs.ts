import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type Tree } from '@rootline/kernel';
import type { ImportCounts, ImportRunDto, ImportState } from './schemas.js';

/** A run the server stopped before it ended (a clean stop, or a crash found at the next start). */
export const INTERRUPTED = { code: 'interrupted', message: 'The server stopped before the import finished; what it had written was taken away' };

interface RunRow {
  import_key: string;
  job_id: string | null;
  filename: string | null;
  blob: string;
  state: ImportState;
  counts: string;
  report_id: string | null;
  error: string | null;
  created_at_ms: number;
  finished_at_ms: number | null;
}

/** One created row of a run: what undo takes away. */
export interface ImportItem {
  kind: ItemKind;
  id: string;
}

export type ItemKind = 'persona' | 'person' | 'assertion' | 'source' | 'citation' | 'event' | 'relationship' | 'association' | 'note' | 'media';

/** The keyset position of the runs list: newest first (UUIDv7 keys sort by creation). */
export type RunKey = string;

const COLUMNS = 'import_key, job_id, filename, blob, state, counts, report_id, error, created_at_ms, finished_at_ms';

/**
 * The SQL of import runs and of what each run created. Writes run inside the caller's
 * `tree.transact` (the run's batches, its end, its undo), so a run row and its items never
 * disagree with the rows they describe.
 */
export class ImportRuns {
  constructor(private readonly tree: Tree, private readonly clock: Clock) {}

  get(importKey: string): ImportRunDto | undefined {
    const row = this.tree.prepare(`SELECT ${COLUMNS} FROM gedcom_import_runs WHERE import_key = ?`).get(importKey) as RunRow | undefined;
    return row && shape(row);
  }

  /** The run that stands for these bytes (running or succeeded), if any: what makes a new import a duplicate. */
  standing(blob: string): string | undefined {
    return this.tree
      .prepare("SELECT import_key FROM gedcom_import_runs WHERE blob = ? AND state IN ('running', 'succeeded') ORDER BY import_key LIMIT 1")
      .pluck()
      .get(blob) as string | undefined;
  }

  /** Runs a crash left `running` (the tree-open repair). */
  running(): string[] {
    return this.tree.prepare("SELECT import_key FROM gedcom_import_runs WHERE state = 'running' ORDER BY import_key").pluck().all() as string[];
  }

  page(after: RunKey | null, take: number): ImportRunDto[] {
    const rows = this.tree
      .prepare(`SELECT ${COLUMNS} FROM gedcom_import_runs WHERE (@after IS NULL OR import_key < @after) ORDER BY import_key DESC LIMIT @take`)
      .all({ after, take }) as RunRow[];
    return rows.map(shape);
  }

  count(): number {
    return this.tree.prepare('SELECT count(*) FROM gedcom_import_runs').pluck().get() as number;
  }

  insert(actor: Actor, run: { import_key: string; filename: string | null; blob: string }): void {
    this.tree
      .prepare(`INSERT INTO gedcom_import_runs (import_key, filename, blob, state, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, 'running', ?, ?, ?, ?)`)
      .run(run.import_key, run.filename, run.blob, this.clock.now(), ...actorValues(actor));
  }

  setJob(importKey: string, jobId: string): void {
    this.tree.prepare('UPDATE gedcom_import_runs SET job_id = ? WHERE import_key = ?').run(jobId, importKey);
  }

  succeed(importKey: string, counts: ImportCounts, reportId: string): void {
    this.tree
      .prepare("UPDATE gedcom_import_runs SET state = 'succeeded', counts = ?, report_id = ?, finished_at_ms = ? WHERE import_key = ?")
      .run(JSON.stringify(counts), reportId, this.clock.now(), importKey);
  }

  /** A run that ended without standing: failed (with its error), cancelled, or undone. */
  end(importKey: string, state: 'failed' | 'cancelled' | 'undone', detail: { error?: { code: string; message: string; line?: number }; reason?: string } = {}): void {
    this.tree
      .prepare('UPDATE gedcom_import_runs SET state = ?, error = coalesce(?, error), undo_reason = ?, finished_at_ms = coalesce(finished_at_ms, ?) WHERE import_key = ?')
      .run(state, detail.error ? JSON.stringify(detail.error) : null, detail.reason ?? null, this.clock.now(), importKey);
  }

  /** Appends created rows to the run's list from `position` on (the writer counts them: no read per batch). */
  addItems(importKey: string, items: readonly ImportItem[], position: number): void {
    const insert = this.tree.prepare('INSERT INTO gedcom_import_items (import_key, position, kind, id) VALUES (?, ?, ?, ?)');
    for (const item of items) insert.run(importKey, position++, item.kind, item.id);
  }

  /** Up to `take` ids of one kind the run created and that are still there. */
  itemsOf(importKey: string, kind: ItemKind, take: number): { position: number; id: string }[] {
    return this.tree
      .prepare('SELECT position, id FROM gedcom_import_items WHERE import_key = ? AND kind = ? ORDER BY position DESC LIMIT ?')
      .all(importKey, kind, take) as { position: number; id: string }[];
  }

  /** Forgets items once they are taken away (in the transaction that took them). */
  dropItems(importKey: string, kind: ItemKind, positions: readonly number[]): void {
    const drop = this.tree.prepare('DELETE FROM gedcom_import_items WHERE import_key = ? AND kind = ? AND position = ?');
    for (const position of positions) drop.run(importKey, kind, position);
  }

  /** How many items the run still has. */
  itemCount(importKey: string): number {
    return this.tree.prepare('SELECT count(*) FROM gedcom_import_items WHERE import_key = ?').pluck().get(importKey) as number;
  }
}

function shape(row: RunRow): ImportRunDto {
  return {
    import_key: row.import_key,
    job_id: row.job_id,
    filename: row.filename,
    blob: row.blob,
    state: row.state,
    created_at_ms: row.created_at_ms,
    ...(row.finished_at_ms !== null ? { finished_at_ms: row.finished_at_ms } : {}),
    counts: JSON.parse(row.counts) as ImportCounts,
    report_id: row.report_id,
    ...(row.error ? { error: JSON.parse(row.error) as ImportRunDto['error'] } : {}),
  };
}
