import type { Readable } from 'node:stream';
import { fileNameOf, systemActor, yieldToLoop, type Actor, type Clock, type IdSource, type PageEnvelope, type PageWindow, type Tree } from '@rootline/kernel';
import type { JobsService } from '@rootline/contracts/jobs';
import { ImportRuns, INTERRUPTED, type RunKey } from './runs.js';
import type { ImportRunDto } from './schemas.js';
import { GedcomProblems } from './errors.js';
import { guardGedcomUpload } from './import/file-guard.js';
import { importJob } from './import/run-import.js';
import { removeRunItems } from './import/undo.js';
import { reachOfUndo, removeCarried, type Entanglement } from './import/entangled.js';
import { takeAwayStoppedRun, takeAwayStoppedRunNow } from './import/take-away.js';
import type { MappingServices } from './import/context.js';

/** What the service uses of the request's cradle (kept whole: the writing services are built only for undo). */
export interface ImportsCradle extends MappingServices {
  gedcomUndos: Map<string, Promise<unknown>>;
  tree: Tree;
  clock: Clock;
  ids: IdSource;
  actor: Actor;
  jobsService: JobsService;
}

/**
 * GEDCOM import runs of one tree (`gedcomImports`, request scope): start a run from an
 * uploaded file, list runs, undo one. The mapping itself runs in the job (import/run-import.ts).
 */
export class GedcomImports {
  private readonly runs: ImportRuns;

  constructor(private readonly cradle: ImportsCradle) {
    this.runs = new ImportRuns(cradle.tree, cradle.clock);
  }

  /**
   * Stores the body as a blob (checked on the way: empty, not GEDCOM, no HEAD, cut short are
   * refused with nothing stored), refuses bytes an earlier standing run imported (409, unless
   * `allowDuplicate`: a succeeded run, or one still running in its job; never one that failed
   * or was cancelled, even while what it wrote is being taken away), then writes the run and
   * queues its job.
   */
  async start(body: Readable | AsyncIterable<Uint8Array>, options: { filename?: string; allowDuplicate: boolean; maxBytes: number }): Promise<{ job_id: string; import_key: string }> {
    const { tree, actor } = this.cradle;
    const stored = await tree.blobs.write(guardGedcomUpload(body), { maxBytes: options.maxBytes, actor, humanOnly: true });
    const importKey = this.cradle.ids.next();
    return tree.transact(() => {
      const standing = this.runs.standing(stored.address).find((run) => !this.leftBehind(run))?.import_key;
      if (standing && !options.allowDuplicate) throw GedcomProblems.duplicateImport(standing);
      // A client may name the upload by its whole path: only the file's own name is kept, as for media.
      const filename = options.filename === undefined ? null : fileNameOf(options.filename);
      this.runs.insert(actor, { import_key: importKey, filename, blob: stored.address });
      tree.record({ kind: 'import.started.v1', entity_type: 'import', entity_id: importKey, actor, payload: { blob: stored.address, filename, duplicate_of: standing ?? null } });
      const job = this.cradle.jobsService.start(importJob({ importKey, blob: stored.address }));
      this.runs.setJob(importKey, job.job_id);
      return { job_id: job.job_id, import_key: importKey };
    });
  }

  get(importKey: string): ImportRunDto | undefined {
    return this.runs.get(importKey);
  }

  page(window: PageWindow<RunKey>): PageEnvelope<ImportRunDto> {
    return window.read((after, take) => this.runs.page(after, take), () => this.runs.count(), (run) => run.import_key);
  }

  /**
   * Takes away everything a succeeded run created (each removal recorded, tagged with the
   * run's key), then marks it undone. A failed or cancelled run whose rows are still there
   * (`removal_pending`), or a run left `running` by a job that ended (its clean-up failed), has
   * them taken away here and keeps its state (failed or cancelled). 404 unknown, 409 undone
   * already, or running in its job, or failed or cancelled with nothing left.
   */
  async undo(importKey: string, reason: string | undefined): Promise<ImportRunDto> {
    // Undos of the same run sent at once: the first does the work, the others wait for it and are answered as a second undo is.
    const key = `${this.cradle.tree.id}\u0000${importKey}`;
    const running = this.cradle.gedcomUndos.get(key);
    if (running) await running.catch(() => undefined);
    const undoing = this.undoOnce(importKey, reason);
    this.cradle.gedcomUndos.set(key, undoing);
    try {
      return await undoing;
    } finally {
      if (this.cradle.gedcomUndos.get(key) === undoing) this.cradle.gedcomUndos.delete(key);
    }
  }

  private async undoOnce(importKey: string, reason: string | undefined): Promise<ImportRunDto> {
    const { tree, actor } = this.cradle;
    const run = this.runs.get(importKey);
    if (!run) throw GedcomProblems.importNotFound(importKey);
    if (run.state === 'undone' && !run.removal_pending) throw GedcomProblems.alreadyUndone(`Import ${importKey} was already undone`);
    // Undone, its removal cut short (a fault mid-way): it is finished here, as the tree's next open would.
    if (run.state === 'undone') return this.finishUndo(importKey, this.runs.undoReason(importKey));
    if (run.removal_pending || this.leftBehind(run)) return this.takeAwayLeftBehind(importKey);
    if (run.state !== 'succeeded') throw GedcomProblems.notUndoable(`Import ${importKey} is ${run.state}: a running import is cancelled through its job; a failed or cancelled one left nothing`);
    const { tied, carried } = await reachOfUndo(tree, this.cradle, importKey, yieldToLoop);
    if (tied.count > 0) throw GedcomProblems.inUse(inUseDetail(importKey, tied.count, tied.named[0]), { extras: { count: tied.count, changes: tied.named } });
    // Made since about what it created and nothing else of the tree: they go with it (each removal recorded).
    // The run reads undone from here on (`removal_pending` until its rows are all taken away), in
    // the transaction that takes what was made since: GET /imports no longer reads succeeded while
    // the undo runs, and a crash mid-way leaves the rest to the tree's next open (`repairInterruptedRuns`).
    const also = `import ${importKey} undone: what it is about was created by the import`;
    tree.withImportKey(importKey, () => tree.transact(() => {
      if (this.runs.get(importKey)?.state !== 'succeeded') throw GedcomProblems.alreadyUndone(`Import ${importKey} was already undone`);
      removeCarried(this.cradle, actor, carried, also);
      this.runs.undone(importKey, reason);
      tree.record({ kind: 'import.undone.v1', entity_type: 'import', entity_id: importKey, actor, payload: { reason: reason ?? null, also_removed: { claims: carried.assertions.length, notes: carried.notes.length, associations: carried.associations.length, attachments: carried.attachments.length, depictions: carried.depictions.length } } });
    }));
    return this.finishUndo(importKey, reason);
  }

  /** Takes away the rows an undone run still lists: the run then reads undone with nothing pending. */
  private async finishUndo(importKey: string, reason: string | null | undefined): Promise<ImportRunDto> {
    await removeRunItems(this.cradle.tree, this.runs, this.cradle, this.cradle.actor, importKey, reason ?? 'import undone');
    return this.runs.get(importKey)!;
  }

  /**
   * A run that reads `running` though its job has ended: the job's clean-up failed before it
   * could even mark the run (a fault other than a full disk, which it waits out). Nothing will
   * finish it but undo or the tree's next open; it does not stand for its bytes meanwhile.
   */
  private leftBehind(run: { state: string; job_id: string | null }): boolean {
    if (run.state !== 'running') return false;
    const job = run.job_id === null ? undefined : this.cradle.jobsService.get(run.job_id);
    return !job || job.state === 'succeeded' || job.state === 'failed' || job.state === 'cancelled';
  }

  /** Undo of a run that did not stand: what it left is taken away, and it ends as it had (failed or cancelled). */
  private async takeAwayLeftBehind(importKey: string): Promise<ImportRunDto> {
    const { tree, actor } = this.cradle;
    const run = this.runs.get(importKey)!;
    if (run.state === 'running') {
      const job = run.job_id === null ? undefined : this.cradle.jobsService.get(run.job_id);
      const state = job?.state === 'cancelled' ? 'cancelled' : 'failed';
      const error = state === 'failed' ? (job?.error ? { code: job.error.code, message: job.error.message } : INTERRUPTED) : undefined;
      tree.transact(() => this.runs.stop(importKey, state, error));
    }
    await takeAwayStoppedRun(tree, this.runs, this.cradle, actor, importKey);
    return this.runs.get(importKey)!;
  }
}

/**
 * At boot, for each tree: a run still `running` was cut short by a crash (its job is marked
 * interrupted by the jobs plugin): it is marked failed (`interrupted`). A failed or cancelled
 * run whose clean-up a crash cut short keeps its own state and error; an undone run whose undo
 * a crash cut short stays undone. What each wrote is taken away, before any request can see the
 * half-imported (or half-undone) rows.
 */
export function repairInterruptedRuns(tree: Tree, clock: Clock, services: (tree: Tree) => MappingServices): void {
  const runs = new ImportRuns(tree, clock);
  const unsettled = runs.unsettled();
  if (unsettled.length === 0) return;
  const cradle = services(tree);
  for (const { import_key: importKey, state } of unsettled) {
    if (state === 'running') tree.transact(() => runs.stop(importKey, 'failed', INTERRUPTED));
    takeAwayStoppedRunNow(tree, runs, cradle, systemActor, importKey);
  }
}

/** What the refusal of an undo says: how many changes, the first, and what to do. */
function inUseDetail(importKey: string, count: number, first: Entanglement): string {
  const changes = count === 1 ? '1 change made since' : `${count} changes made since`;
  return `${changes} import ${importKey} tie what it created to other work (the first: ${first.kind} of ${first.entity_type} ${first.entity_id}, record ${first.seq}); undoing it would leave them pointing at nothing. Reverse or remove them first (they are in GET /audit and in this answer's changes), then undo the import. Nothing was changed.`;
}
