import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { mapIndividual } from './map-individual.js';
import { familyReady, mapFamily } from './map-family.js';
import { mapSourceRecord, readRepositoryRecord } from './map-source.js';
import { keepUnusedNotes, readNoteRecord } from './map-note.js';
import { mapMediaRecord } from './map-media.js';
import { mapAssociation } from './map-association.js';

/** Records per transaction: big enough that commits cost little, small enough to yield often (a cancel is seen within one batch). */
const BATCH_RECORDS = 500;

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
 * 1. repositories and shared notes are remembered; sources and media objects are written;
 * 2. individuals and families in file order. A family pointing at an individual further on
 *    waits until the end, as do associations; then shared notes nothing pointed at are kept.
 */
export async function mapFile(context: MappingContext, read: () => AsyncIterable<GedcomNode> | Iterable<GedcomNode>, writer: BatchWriter): Promise<void> {
  const firstPass: GedcomNode[] = [];
  let total = 0;
  for await (const record of read()) {
    total++;
    if (record.tag === 'REPO') readRepositoryRecord(context, record);
    else if (record.tag === 'NOTE' || record.tag === 'SNOTE') readNoteRecord(context, record);
    else if (record.tag === 'SOUR' || record.tag === 'OBJE') firstPass.push(record);
  }
  await inBatches(firstPass, writer, (record) => (record.tag === 'SOUR' ? mapSourceRecord(context, record) : mapMediaRecord(context, record)));

  const waiting: GedcomNode[] = [];
  const associations: GedcomNode[] = [];
  let batch: GedcomNode[] = [];
  let done = 0;
  const flush = async () => {
    const records = batch;
    batch = [];
    writer.write(() => {
      for (const record of records) {
        if (record.tag === 'INDI') mapIndividual(context, record, associations);
        else if (record.tag === 'FAM') {
          if (familyReady(context, record)) mapFamily(context, record);
          else waiting.push(record);
        } else if (!SKIPPED.has(record.tag)) context.lose(record.tag, record, record.tag === 'SUBM' || record.tag === 'SUBN' ? 'submitter records are not kept' : 'record not mapped');
      }
    });
    done += records.length;
    await writer.between(done, total);
  };
  for await (const record of read()) {
    batch.push(record);
    if (batch.length >= BATCH_RECORDS) await flush();
  }
  await flush();
  await inBatches(waiting, writer, (record) => mapFamily(context, record));
  await inBatches(associations, writer, (asso) => mapAssociation(context, asso));
  writer.write(() => keepUnusedNotes(context));
}

async function inBatches(records: GedcomNode[], writer: BatchWriter, map: (record: GedcomNode) => void): Promise<void> {
  for (let at = 0; at < records.length; at += BATCH_RECORDS) {
    const slice = records.slice(at, at + BATCH_RECORDS);
    writer.write(() => slice.forEach(map));
    await writer.between();
  }
}
