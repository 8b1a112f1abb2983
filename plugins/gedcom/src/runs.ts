import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type Tree } from '@rootline/kernel';
import type { ImportCounts, ImportRunDto, ImportState } from './schemas.js';

/** A run the server stopped before it ended (a clean stop, or a crash found at the next start). */
export const INTERRUPTED = { code: 'interrupted', message: 'The server stopped before the import finished; what it had written was taken away' };
/** A run the disk had no room for. */
export const DISK_FULL = { code: 'disk-full', message: 'The disk holding Rootline\'s data folder was full; what the import had written was taken away' };

/** How a run that did not stand ended, and why. */
export type RunError = { code: string; message: string; line?: number };

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
  items_left: 0 | 1;
}

/** One created row of a run: what undo takes away. */
export interface ImportItem {
  kind: ItemKind;
  id: string;
}

export type ItemKind = 'persona' | 'person' | 'assertion' | 'source' | 'citation' | 'event' | 'relationship' | 'association' | 'note' | 'media';

/** The keyset position of the runs list: newest first (UUIDv7 keys sort by creation). */
export type RunKey = string;

/** Whether a run (a row of gedcom_import_runs) still lists rows it created: an undone run's removal is not finished. */
const ITEMS_LEFT = 'EXISTS (SELECT 1 FROM gedcom_import_items WHERE gedcom_import_items.import_key = gedcom_import_runs.import_key)';

/** `items_left`: `ITEMS_LEFT`, for `removal_pending`. */
const COLUMNS = `import_key, job_id, filename, blob, state, counts, report_id, error, created_at_ms, finished_at_ms, ${ITEMS_LEFT} AS items_left`;

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

  /**
   * The runs that may stand for these bytes (running or succeeded), oldest first: what makes a new
   * import a duplicate, unless a running one was left behind by its job (`GedcomImports`).
   */
  standing(blob: string): { import_key: string; state: ImportState; job_id: string | null }[] {
    return this.tree
      .prepare("SELECT import_key, state, job_id FROM gedcom_import_runs WHERE blob = ? AND state IN ('running', 'succeeded') ORDER BY import_key")
      .all(blob) as { import_key: string; state: ImportState; job_id: string | null }[];
  }

  /**
   * Runs not settled at the tree's open: `running` (a crash cut the import short), failed or
   * cancelled with what they wrote not all taken away yet (a crash cut the clean-up short), or
   * undone with rows still listed (a crash cut the undo short).
   */
  unsettled(): { import_key: string; state: ImportState }[] {
    return this.tree
      .prepare(`SELECT import_key, state FROM gedcom_import_runs WHERE state = 'running' OR (state IN ('failed', 'cancelled') AND finished_at_ms IS NULL)
                OR (state = 'undone' AND ${ITEMS_LEFT}) ORDER BY import_key`)
      .all() as { import_key: string; state: ImportState }[];
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

  /**
   * A succeeded run is being undone: it reads undone at once, in the transaction that starts the
   * undo, with `removal_pending` while rows it created are still listed (taken away in batches
   * after; a crash meanwhile leaves the rest to the tree's next open).
   */
  undone(importKey: string, reason: string | undefined): void {
    this.tree
      .prepare("UPDATE gedcom_import_runs SET state = 'undone', undo_reason = ?, finished_at_ms = coalesce(finished_at_ms, ?) WHERE import_key = ?")
      .run(reason ?? null, this.clock.now(), importKey);
  }

  /** The reason the human gave when undoing the run (null when none was given, or it was not undone). */
  undoReason(importKey: string): string | null {
    return (this.tree.prepare('SELECT undo_reason FROM gedcom_import_runs WHERE import_key = ?').pluck().get(importKey) as string | null | undefined) ?? null;
  }

  /**
   * A running run will not stand: it reads failed (with its error) or cancelled at once, with
   * `removal_pending` until what it wrote is taken away (`settle`). Nothing when it is no longer running.
   */
  stop(importKey: string, state: 'failed' | 'cancelled', error?: RunError): void {
    this.tree
      .prepare("UPDATE gedcom_import_runs SET state = ?, error = ? WHERE import_key = ? AND state = 'running'")
      .run(state, error ? JSON.stringify(error) : null, importKey);
  }

  /** What a stopped run wrote is all taken away: it is finished. False when it already was (or is not stopped). */
  settle(importKey: string): boolean {
    return this.tree
      .prepare("UPDATE gedcom_import_runs SET finished_at_ms = ? WHERE import_key = ? AND state IN ('failed', 'cancelled') AND finished_at_ms IS NULL")
      .run(this.clock.now(), importKey).changes === 1;
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

  /** Takes ids off the run's list without taking them away: they stay in the tree when the rest of the run goes (`untie.ts`). */
  release(importKey: string, kind: ItemKind, ids: readonly string[]): void {
    const drop = this.tree.prepare('DELETE FROM gedcom_import_items WHERE import_key = ? AND kind = ? AND id = ?');
    for (const id of ids) drop.run(importKey, kind, id);
  }

  /** Forgets items once they are taken away (in the transaction that took them). */
  dropItems(importKey: string, kind: ItemKind, positions: readonly number[]): void {
    const drop = this.tree.prepare('DELETE FROM gedcom_import_items WHERE import_key = ? AND kind = ? AND position = ?');
    for (const position of positions) drop.run(importKey, kind, position);
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
    ...(removalPending(row) ? { removal_pending: true } : {}),
  };
}

/**
 * A run whose rows are still being taken away: failed or cancelled (`ImportRuns.stop` until
 * `settle`), or undone with rows still listed (`ImportRuns.undone` until the last batch).
 */
const removalPending = (row: { state: ImportState; finished_at_ms: number | null; items_left: 0 | 1 }) =>
  ((row.state === 'failed' || row.state === 'cancelled') && row.finished_at_ms === null) || (row.state === 'undone' && row.items_left === 1);
