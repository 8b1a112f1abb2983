/**
 * The export job: the tree's records as GEDCOM text (or a GEDZIP), streamed into the tree's
 * blob store, and the loss report of what the target version could not hold. The file is a
 * blob like any other: the job's result names it, `GET {P}/blobs/sha256:<hex>` serves it.
 */
import { streamGedzip, writeGedcom, type GedzipFile } from '@rootline/gedcom';
import type { BlobStore } from '@rootline/kernel';
import type { JobContext, JobSpec } from '@rootline/contracts/jobs';
import { ExportContext } from './context.js';
import { exportRecords, SUBMITTER } from './records.js';
import type { ExportResult } from './schemas.js';
import type { WriteVersion } from './version.js';
import type { MediaArchive } from './media-archive.js';
import { SCHEMA } from './extensions.js';

/** An export may be larger than an upload may: it is the whole tree. The ceiling only stops a runaway. */
const EXPORT_MAX_BYTES = 8 * 1024 ** 3;

export interface ExportRequest {
  version: WriteVersion;
  includeLiving: boolean;
  gedzip: boolean;
  appVersion: string;
}

export function exportJob(request: ExportRequest): JobSpec<ExportResult> {
  return {
    kind: 'gedcom.export',
    unit: 'persons',
    run: (job) => runExport(job, request),
  };
}

async function runExport(job: JobContext, request: ExportRequest): Promise<ExportResult> {
  const { services } = job;
  const context = new ExportContext(services, { version: request.version, includeLiving: request.includeLiving, gedzip: request.gedzip }, job.tree.blobs);
  const total = services.personsService.count();
  job.progress(0, total, 'persons');
  // Between batches: background work on the tree (the duplicates index catching up after an
  // import) waits until the export is over, and a cancel is seen.
  const pause = () => {
    job.tree.bulkReadDone();
    context.forgetRedactions();
    return job.checkpoint();
  };
  const records = exportRecords(context, { pause, progress: (done) => job.progress(done, total) });
  const text = writeGedcom(records, {
    version: request.version,
    sourceSystem: { name: 'Rootline', version: request.appVersion },
    ...(request.version === '5.5.1' ? { submitter: SUBMITTER } : { schema: SCHEMA }),
  });
  const bytes = context.archive ? streamGedzip(utf8(text), archivedFiles(context.archive, job.tree.blobs)) : utf8(text);
  const stored = await job.tree.blobs.write(bytes, { maxBytes: EXPORT_MAX_BYTES, actor: services.actor, signal: job.signal, humanOnly: true });
  await job.checkpoint();
  const reportId = job.tree.transact(() => services.gedcomLossReports.write('export', job.jobId, context.loss.list()));
  return {
    blob: stored.address,
    report_id: reportId,
    version: request.version,
    gedzip: request.gedzip,
    size_bytes: stored.size_bytes,
    media_type: stored.media_type,
    counts: {
      individuals: 0,
      families: 0,
      sources: 0,
      ...context.counts,
      ...(context.archive ? { media_files: context.archive.files.length } : {}),
      withheld: context.withheld.size,
    },
  };
}

async function* utf8(text: AsyncIterable<string>): AsyncIterable<Buffer> {
  for await (const chunk of text) yield Buffer.from(chunk, 'utf8');
}

/**
 * The media files of a GEDZIP, each read from the blob store as the zip takes it: one file's
 * chunk at a time is in memory, never every photo of the tree. The list is read only once the
 * text is written (the zip streams gedcom.ged first), so it holds every file the OBJE records named.
 */
function* archivedFiles(archive: MediaArchive, blobs: Pick<BlobStore, 'openRead'>): Generator<GedzipFile> {
  for (const file of archive.files) yield { path: file.path, content: blobs.openRead(file.blob) };
}
