/**
 * Which entities have notes, events, associations or citations as evidence at all, each read
 * once per export as a set of ids. Most persons, personas, claims and events have none of them,
 * so a batch read asks only for the ids in these sets instead of looking every one of a batch
 * up (two thirds of the lookups of a 23,000-person export found nothing). A note or an event
 * added, while the export runs, to an entity that had none is not in the file, as a change to a
 * batch already written is not.
 *
 * The sets are read before the first batch, a page of ids at a time with the export's pause
 * between pages: read in one go, the notes' alone held the event loop for 100-200 ms at 102,000
 * persons, and every request waited.
 *
 * A set holds a 30-bit hash of each id, not the id: a number takes a fifth of the room of a
 * 36-character string in a set (at a million persons the notes' set alone held about 150 MB of
 * strings). Two ids may share a hash; the other then counts as having one too, and the batch read
 * asks for it and finds nothing, so a clash costs one lookup and never changes the file.
 */
import type { ExportServices } from './context.js';

/** Ids a page: about 5-10 ms of reading. */
const PAGE = 10_000;

type Kind = 'notes' | 'events' | 'associations' | 'evidence';

/** A page of one kind's ids after `after`, in id order. */
type Reader = (services: ExportServices, after: string, take: number) => string[];

const READERS: Record<Kind, Reader> = {
  notes: (services, after, take) => services.notesService.targets(after, take),
  events: (services, after, take) => services.eventsService.participants(after, take),
  associations: (services, after, take) => services.associationsService.recordedFrom(after, take),
  evidence: (services, after, take) => services.assertionsService.citedAsEvidence(after, take),
};

export class SparseDetails {
  private sets: Partial<Record<Kind, ReadonlySet<number>>> = {};

  constructor(private readonly services: ExportServices, private readonly page = PAGE) {}

  /** Reads the four sets, `page` ids at a time, awaiting `pause` after each page. */
  async read(pause: () => Promise<void>): Promise<void> {
    for (const kind of Object.keys(READERS) as Kind[]) {
      const set = new Set<number>();
      for (let after = ''; ;) {
        const ids = READERS[kind](this.services, after, this.page);
        for (const id of ids) set.add(idHash(id));
        await pause();
        if (ids.length < this.page) break;
        after = ids[ids.length - 1];
      }
      this.sets[kind] = set;
    }
  }

  /** The ids among `ids` that have a note. */
  withNotes(ids: readonly string[]): string[] {
    return this.only('notes', ids);
  }

  /** The persons and personas among `ids` that take part in an event. */
  inEvents(ids: readonly string[]): string[] {
    return this.only('events', ids);
  }

  /** The persons and personas among `ids` that an association is recorded from. */
  associated(ids: readonly string[]): string[] {
    return this.only('associations', ids);
  }

  /** The claims among `ids` with a citation attached as evidence. */
  withEvidence(ids: readonly string[]): string[] {
    return this.only('evidence', ids);
  }

  private only(kind: Kind, ids: readonly string[]): string[] {
    const having = this.sets[kind];
    if (!having) throw new Error(`the export asked which ids have ${kind} before reading them (SparseDetails.read)`);
    return ids.filter((id) => having.has(idHash(id)));
  }
}

/** FNV-1a of the id's characters, cut to 30 bits: a small integer on every V8 build (pointer compression or not), which a set holds without a box. */
export function idHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return hash >>> 2;
}
