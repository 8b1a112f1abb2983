import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { isDiskFull, type Tree } from '@rootline/kernel';
import type { GedcomIssue, GedcomNode } from '@rootline/gedcom';
import { isZip, readGedcom, readGedzip } from '@rootline/gedcom';
import type { JobContext, JobSpec } from '@rootline/contracts/jobs';
import { DISK_FULL, ImportRuns, INTERRUPTED, type RunError } from '../runs.js';
import { LossReportStore } from '../loss-reports.js';
import type { ImportCounts } from '../schemas.js';
import { MappingContext } from './context.js';
import { mapFile } from './map-file.js';
import { takeAwayStoppedRun } from './take-away.js';

/** What a finished import job answers (its `result`). */
export interface ImportResult {
  import_key: string;
  report_id: string;
  counts: ImportCounts;
  /** What the reader tolerated, by code: how often, and the first line. */
  warnings: { code: string; count: number; line: number }[];
}

/** A failure the user can act on: the job ends `failed` with this code and line. */
class ImportFailure extends Error {
  constructor(readonly code: string, message: string, readonly line?: number) {
    super(message);
    this.name = 'ImportFailure';
  }
}

const COUNTED = ['persons', 'families', 'personas', 'claims', 'sources', 'citations', 'events', 'relationships', 'associations', 'notes', 'media', 'merge_proposals'];

/**
 * The import job of one run: reads the stored file (a GEDZIP's media become blobs first),
 * maps it in batches (`mapFile`), each batch one transaction tagged with the run's key that
 * also lists what it created, then stores the loss report and marks the run succeeded.
 * A cancel or a failure runs `cleanup`: the run reads cancelled or failed at once (with
 * `removal_pending`), then what the committed batches wrote is taken away (the same code as
 * undo) and the run is finished. On a full disk each of those writes waits for room
 * (`tree.writeWhenRoom`), so the job ends only once nothing of the run is left: meanwhile it
 * holds its tree's turn, and no export queued behind it can write the half import out.
 */
export function importJob(run: { importKey: string; blob: string }): JobSpec<ImportResult> {
  let failure: RunError | undefined;
  return {
    kind: 'gedcom.import',
    unit: 'records',
    async run(job) {
      try {
        return await importFile(job, run);
      } catch (error) {
        if (error instanceof ImportFailure) failure = { code: error.code, message: error.message, ...(error.line !== undefined ? { line: error.line } : {}) };
        else if (isDiskFull(error)) failure = DISK_FULL;
        throw error;
      }
    },
    async cleanup(job, outcome) {
      const { tree } = job;
      const runs = new ImportRuns(tree, job.services.clock);
      // A job the server stopped (its signal aborted, and not by a cancel) ends failed as `interrupted`, like the job itself.
      const error = outcome === 'failed' ? (failure ?? (job.signal.aborted ? INTERRUPTED : { code: 'internal', message: 'The import failed' })) : undefined;
      const write = <T>(change: () => T) => tree.writeWhenRoom(change);
      await write(() => tree.transact(() => runs.stop(run.importKey, outcome, error)));
      await takeAwayStoppedRun(tree, runs, job.services, job.services.actor, run.importKey, { pause: () => job.checkpoint().catch(() => undefined), write });
    },
  };
}

async function importFile(job: JobContext, run: { importKey: string; blob: string }): Promise<ImportResult> {
  const { tree, services } = job;
  const runs = new ImportRuns(tree, services.clock);
  const { read, archive } = await openFile(tree, run.blob, services.actor);
  const warnings = new Map<string, { code: string; count: number; line: number }>();
  let firstPass = true;
  const onIssue = (issue: GedcomIssue) => {
    if (issue.code === 'not-gedcom') throw new ImportFailure('not-gedcom', issue.message, issue.line);
    if (!firstPass) return;
    const seen = warnings.get(issue.code);
    if (seen) seen.count++;
    else warnings.set(issue.code, { code: issue.code, count: 1, line: issue.line });
  };
  const context = new MappingContext(services, services.actor, run.importKey, archive);
  let position = 0;
  let passes = 0;
  const mapRecords = () => mapFile(context, () => {
    if (passes++ === 1) firstPass = false;
    return read(onIssue);
  }, {
    write(work) {
      tree.withImportKey(run.importKey, () =>
        tree.bulkTransact(() => {
          work();
          const items = context.takeCreated();
          runs.addItems(run.importKey, items, position);
          position += items.length;
        }),
      );
    },
    async between(done, total) {
      if (done !== undefined) job.progress(done, total, 'records');
      await tree.betweenBatches();
      await job.checkpoint();
    },
  });
  // Into a new tree, the indexes only reads use are built once at the end, not row by row.
  // A crash in between leaves them listed: the tree builds them as it next opens.
  tree.startBulkLoad();
  try {
    await mapRecords();
  } catch (error) {
    // The load's own failure is the run's: an index the disk has no room for is built later by the tree.
    await tree.finishBulkLoad().catch(() => undefined);
    throw error;
  }
  await tree.finishBulkLoad(() => job.checkpoint());
  const counts: ImportCounts = Object.fromEntries(COUNTED.map((name) => [name, context.counts[name] ?? 0]));
  const lossStore = new LossReportStore(tree, services.clock, services.ids);
  const readerItems = [...warnings.values()].map((warning) => ({ tag: warning.code, path: `(reader) ${warning.code}`, count: warning.count, reason: 'read tolerantly', examples: [warning.line] }));
  const reportId = tree.withImportKey(run.importKey, () => tree.transact(() => {
    const id = lossStore.write('import', run.importKey, [...context.loss.list(), ...readerItems]);
    runs.succeed(run.importKey, counts, id);
    tree.record({ kind: 'import.succeeded.v1', entity_type: 'import', entity_id: run.importKey, actor: services.actor, payload: { counts, report_id: id } });
    return id;
  }));
  return { import_key: run.importKey, report_id: reportId, counts, warnings: [...warnings.values()] };
}

/** How to read the records again for each pass, and a GEDZIP's files (stored as blobs first). */
async function openFile(tree: Tree, blob: string, actor: JobContext['services']['actor']): Promise<{ read: (onIssue: (issue: GedcomIssue) => void) => AsyncIterable<GedcomNode>; archive: (path: string) => string | undefined }> {
  const path = tree.blobs.path(blob);
  const head = new Uint8Array(4);
  const handle = await open(path, 'r');
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  // 64 KiB chunks (the blob store reads 1 MiB): a chunk's text then dies young in V8's new
  // space instead of landing in the large-object space, which is only freed by full collections
  // (two passes over a 50 MB file grew the heap past 450 MB before one came).
  if (!isZip(head)) return { read: (onIssue) => readGedcom(createReadStream(path, { highWaterMark: 64 * 1024 }), { onIssue }).records, archive: () => undefined };
  let unpacked: ReturnType<typeof readGedzip>;
  try {
    unpacked = readGedzip(await readFile(path));
  } catch (error) {
    throw new ImportFailure('gedzip-unreadable', (error as Error).message);
  }
  const files = new Map<string, string>();
  for (const [name, bytes] of unpacked.files) {
    const stored = await tree.blobs.write([bytes], { maxBytes: Number.MAX_SAFE_INTEGER, actor });
    files.set(name, stored.address);
  }
  return { read: (onIssue) => readGedcom(unpacked.gedcom, { onIssue }).records, archive: (name) => files.get(name.replaceAll('\\', '/')) };
}
