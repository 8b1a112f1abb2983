/**
 * The records of an export, in file order, read from the tree in batches: the family graph
 * first (FAMC and FAMS need the family numbers), then INDI, FAM, SOUR, OBJE, and SUBM for 5.5.1.
 * `pause` runs between batches (the job's checkpoint: it yields and stops a cancelled export).
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { EventDto } from '@rootline/contracts/events';
import type { PersonDto } from '@rootline/contracts/persons';
import { node, record, type ExportContext } from './context.js';
import { familyAnchor, FamilyIndex } from './families.js';
import { loadBatch } from './person-batch.js';
import { individualRecord } from './individual.js';
import { familyRecord } from './family-record.js';
import { sourceRecord } from './source-record.js';
import { groupBy } from './details.js';
import { mediaRecords } from './media.js';
import { depictions } from './depictions.js';
import { judge, judgeAhead } from './judging.js';
import { attachedMedia } from './attachments.js';

/** Rows per read: large enough that a query's cost is spread thin, small enough to stay responsive between checkpoints. */
const BATCH = 1000;

/**
 * Persons (or families) per batch: each reads up to ten kinds of rows and builds INDI (or FAM)
 * records, about 10 ms of work for 250 on a quiet machine; a batch of 1,000 held the event loop
 * 60-250 ms, and the requests answered between batches waited as long.
 */
const RECORDS = 250;

export interface Pacing {
  pause(): Promise<void>;
  /** Persons written (or withheld) so far. */
  progress(done: number): void;
}

export const SUBMITTER = 'U1';

export async function* exportRecords(context: ExportContext, pacing: Pacing): AsyncGenerator<GedcomNode> {
  const { services } = context;
  await context.sparse.read(pacing.pause);
  const families = new FamilyIndex();
  for (let after: string | null = null; ;) {
    const edges = services.familyService.walk(after, BATCH);
    families.add(edges);
    if (edges.length < BATCH) break;
    after = edges[edges.length - 1].id;
    await pacing.pause();
  }
  await families.finish(pacing.pause);

  let done = 0;
  for (let after = 0; ;) {
    await pacing.pause();
    const page = services.personsService.walk(after, RECORDS);
    const kept = page.items.filter((person) => judge(context, person));
    judgeAssociated(context, kept);
    const batch = loadBatch(context, kept, depictions(context, kept), kept.flatMap((person) => families.asChild(person.id).flatMap(({ edges }) => edges)));
    // Reading a batch and writing its records are each about half of its time: a pause between.
    await pacing.pause();
    for (const person of kept) {
      const written = individualRecord(context, person, batch, families);
      // After the record: a lone partner's family made from its event numbers the person only then.
      families.noteSex(person.id, person.sex);
      yield written;
    }
    pacing.progress((done += page.items.length));
    if (page.next === null) break;
    after = page.next;
  }

  // The families known once every INDI is written: one a withheld person's event would make now is not written.
  const units = families.count;
  for (let start = 0; start < units; start += RECORDS) {
    await pacing.pause();
    const slice = families.slice(start, Math.min(start + RECORDS, units));
    const events = familyEvents(context, families, slice.flatMap((unit) => unit.partners));
    const targets = [...slice.flatMap((unit) => familyAnchor(unit) ?? []), ...[...events.values()].flat().map((event) => event.id)];
    const notes = groupBy(services.notesService.forTargets(context.sparse.withNotes(targets)), (note) => note.target);
    const attached = attachedMedia(context, targets);
    for (const unit of slice) {
      const record = familyRecord(context, unit, { events, notes, attached, sexOf: (person) => families.sexOf(person) });
      if (record) yield record;
    }
  }

  for (let after: string | null = null; ;) {
    await pacing.pause();
    const sources = services.sourcesService.walk(after, BATCH);
    const notes = groupBy(services.notesService.forTargets(context.sparse.withNotes(sources.map((source) => source.id))), (note) => note.target);
    const attached = attachedMedia(context, sources.map((source) => source.id));
    for (const source of sources) {
      const record = sourceRecord(context, source, notes.get(source.id), attached);
      if (record) yield record;
    }
    if (sources.length < BATCH) break;
    after = sources[sources.length - 1].id;
  }
  yield* mediaRecords(context, pacing);
  // 5.5.1 requires a submitter (HEAD.SUBM); 7.0 does not, and gets none.
  if (context.version === '5.5.1') yield record('SUBM', SUBMITTER, [node('NAME', 'Rootline user')]);
}

/** An ASSO may point ahead in the file: the persons it names are judged now, so it never points at one withheld later. */
function judgeAssociated(context: ExportContext, persons: PersonDto[]): void {
  const ids = persons.flatMap((person) => [person.id, ...person.personas]);
  judgeAhead(context, [...new Set(context.services.associationsService.fromSubjects(context.sparse.associated(ids)).flatMap((row) => (row.to_kind === 'person' ? [row.to] : [])))]);
}

/** The events of these partners that belong to one family (both partners take part), by the family's xref. */
function familyEvents(context: ExportContext, families: FamilyIndex, partners: string[]): Map<string, EventDto[]> {
  const byUnit = new Map<string, EventDto[]>();
  const seen = new Set<string>();
  for (const event of context.services.eventsService.ofSubjects(context.sparse.inEvents([...new Set(partners)]))) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    const unit = families.ofEvent(event.participants.flatMap((p) => (p.person ? [{ person: p.person, role: p.role }] : [])));
    if (!unit) continue;
    const list = byUnit.get(unit.xref);
    if (list) list.push(event);
    else byUnit.set(unit.xref, [event]);
  }
  return byUnit;
}
