import type { GedcomNode } from '@rootline/gedcom';
import { detachNode, type MappingContext } from './context.js';
import { mapIndividuals } from './map-individual.js';
import { familyReady, mapFamilies } from './map-family.js';
import { keepUnusedRepositories, mapSourceRecord, readRepositoryRecord } from './map-source.js';
import { keepSubmitter, readSubmitter } from './submitter.js';
import { keepFileHeader } from './file-header.js';
import { keepUnusedNotes, readNoteRecord } from './map-note.js';
import { mapMediaRecord } from './map-media.js';
import { mapAssociation } from './map-association.js';
import { BATCH_MS, BatchSize, linesOf } from './batch-size.js';
import { reportUnusedAdoptions } from './adoption.js';
import { keepUnusedLinkNotes } from './link-notes.js';
import { reportUnusedLinkStatuses } from './link-status.js';

/** How the mapping writes: one batch in one transaction, and what happens between batches. */
export interface BatchWriter {
  /** Runs `work` in one transaction tagged with the run's import_key, with the rows it created. */
  write(work: () => void): void;
  /** After each batch: progress (records of the second pass) and a chance to stop (cancel). */
  between(done?: number, total?: number): Promise<void>;
}

/** Records read in the first pass; everything else at level 0 waits for the second. */
const FIRST_PASS = new Set(['SOUR', 'REPO', 'NOTE', 'SNOTE', 'OBJE']);
const SKIPPED = new Set(['HEAD', 'TRLR', ...FIRST_PASS]);

/**
 * Maps a whole file in two passes over its records (`read` opens the file again each time),
 * so only what pointers need stays in memory, never the file:
 * 1. shared notes, then repositories and submitters' names are remembered; media objects, then sources are written;
 * 2. individuals and families in file order. A family pointing at an individual further on
 *    waits until the end, as do associations; then what the HEAD says of the file is kept, the
 *    notes of family links no edge took go on their persons, shared notes nothing pointed at are kept, and adoptions by a family
 *    that never listed the child are reported.
 * The first pass reads the whole file before it writes anything: it gives the event loop back
 * (`writer.between()`) every `BATCH_MS` of reading. A file read ahead of the parser never
 * waits for the disk, so its chunks alone would not: they arrive as microtasks.
 */
export async function mapFile(context: MappingContext, read: () => AsyncIterable<GedcomNode> | Iterable<GedcomNode>, writer: BatchWriter, now: () => number = () => performance.now()): Promise<void> {
  const firstPass: GedcomNode[] = [];
  const repositories: GedcomNode[] = [];
  let head: GedcomNode | undefined;
  let total = 0;
  let lastTurn = now();
  for await (const record of read()) {
    if (now() - lastTurn >= BATCH_MS) {
      await writer.between();
      lastTurn = now();
    }
    total++;
    if (record.tag === 'HEAD') {
      context.readHead(record);
      head = detachNode(record);
    }
    else if (record.tag === 'REPO') repositories.push(detachNode(record));
    else if (record.tag === 'NOTE' || record.tag === 'SNOTE') readNoteRecord(context, record);
    else if (record.tag === 'SOUR' || record.tag === 'OBJE') firstPass.push(detachNode(record));
    else if (record.tag === 'SUBM') readSubmitter(context, record);
  }
  // Read once every shared note is: a repository's NOTE may point at one further on.
  for (const record of repositories) readRepositoryRecord(context, record);
  // The media objects first: a source record's OBJE points at one that may come later in the file.
  const mediaFirst = [...firstPass.filter((record) => record.tag === 'OBJE'), ...firstPass.filter((record) => record.tag === 'SOUR')];
  firstPass.length = 0;
  await inBatches(mediaFirst, writer, (records) => records.forEach((record) => (record.tag === 'SOUR' ? mapSourceRecord(context, record) : mapMediaRecord(context, record))));
  // Written: let them go (their text pins the chunks of the file it was read from).
  mediaFirst.length = 0;

  const waiting: GedcomNode[] = [];
  const associations: GedcomNode[] = [];
  let batch: GedcomNode[] = [];
  let batchLines = 0;
  let done = 0;
  // Each pass learns its own records' cost: a source costs a fraction of an individual.
  const size = new BatchSize();
  const flush = async () => {
    const records = batch;
    const lines = batchLines;
    batch = [];
    batchLines = 0;
    size.time(lines, () =>
      writer.write(() => {
        mapIndividuals(context, records.filter((record) => record.tag === 'INDI'), associations);
        const families: GedcomNode[] = [];
        for (const record of records) {
          if (record.tag === 'INDI') continue;
          if (record.tag === 'FAM') {
            if (familyReady(context, record)) families.push(record);
            else waiting.push(detachNode(record));
          }
          else if (record.tag === 'SUBM') keepSubmitter(context, record);
          else if (!SKIPPED.has(record.tag)) context.lose(record.tag, record, record.tag === 'SUBN' ? 'submission records are not kept' : 'record not mapped');
        }
        mapFamilies(context, families);
      }),
    );
    done += records.length;
    await writer.between(done, total);
  };
  for await (const record of read()) {
    batch.push(record);
    batchLines += linesOf(record);
    if (batchLines >= size.lines) await flush();
  }
  await flush();
  await inBatches(waiting, writer, (records) => mapFamilies(context, records));
  await inBatches(associations, writer, (records) => records.forEach((asso) => mapAssociation(context, asso)));
  writer.write(() => {
    keepFileHeader(context, head);
    keepUnusedLinkNotes(context);
    keepUnusedNotes(context);
    keepUnusedRepositories(context);
    reportUnusedAdoptions(context);
    reportUnusedLinkStatuses(context);
  });
}

async function inBatches(records: GedcomNode[], writer: BatchWriter, map: (records: GedcomNode[]) => void): Promise<void> {
  const size = new BatchSize();
  for (let at = 0; at < records.length; ) {
    const budget = size.lines;
    let lines = 0;
    const slice: GedcomNode[] = [];
    while (at < records.length && lines < budget) {
      slice.push(records[at]);
      lines += linesOf(records[at++]);
    }
    size.time(lines, () => writer.write(() => map(slice)));
    await writer.between();
  }
}
