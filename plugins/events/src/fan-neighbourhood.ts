import type { SortRange } from './dates.js';
import type { EdgeType, FanNode } from './fan-schemas.js';
import type { FanQueries, FocusEvent } from './fan-queries.js';

/**
 * Bounds that keep one FAN request cheap at any tree size (each read is one index range
 * with a LIMIT); `truncated: true` says one was reached.
 */
export const FAN_BOUNDS = {
  /** The focus's own events considered, earliest first. */
  focusEvents: 1_000,
  /** Associations of the focus considered. */
  associations: 1_000,
  /** The focus's dated events with a place that anchor co-occurrence (the earliest first). */
  anchors: 50,
  /** Events read at an anchor's place on each side of it (the nearest in date). */
  nearEach: 25,
  /** Edges in the unpaged `/persons/{id}/fan-network` answer (the heaviest); `/fan/query` pages through all. */
  networkEdges: 1_000,
} as const;

/** A participant or an association end: who the evidence names, before it is resolved to a neighbour. */
export interface Sighting {
  subject: string;
  kind: FanNode['kind'];
  type: EdgeType;
  evidence: Set<string>;
}

/** Keeps at most `limit` rows; says whether it dropped any. */
function bounded<T>(rows: T[], limit: number): boolean {
  if (rows.length <= limit) return false;
  rows.length = limit;
  return true;
}

/**
 * One request's gathering of evidence around a focus (the subject ids that are it: a person
 * and its personas, or one persona), inside a window of sort keys. Each edge type adds its
 * evidence per subject met; `sightings()` hands them over to be resolved to neighbours in
 * one batch (persons: one query for all of them, not one per subject).
 */
export class Neighbourhood {
  truncated = false;
  private readonly seen = new Map<string, Sighting>();
  private readonly isFocus: Set<string>;
  private readonly mine: FocusEvent[];

  constructor(
    private readonly queries: FanQueries,
    private readonly subjects: string[],
    private readonly range: SortRange,
  ) {
    this.isFocus = new Set(subjects);
    this.mine = queries.focusEvents(subjects, range, FAN_BOUNDS.focusEvents + 1);
    this.truncated = bounded(this.mine, FAN_BOUNDS.focusEvents);
  }

  /** shared_event: the others taking part in the focus's events inside the window. */
  sharedEvents(): void {
    this.addParticipants('shared_event', this.mine.map((event) => event.id));
  }

  /** association: the other end of each association of the focus (undated: the window does not apply). */
  associations(): void {
    const rows = this.queries.associations(this.subjects, FAN_BOUNDS.associations + 1);
    this.truncated = bounded(rows, FAN_BOUNDS.associations) || this.truncated;
    for (const row of rows) {
      const [subject, kind] = this.isFocus.has(row.from_subject) ? [row.to_subject, row.to_kind] : [row.from_subject, row.from_kind];
      if (!this.isFocus.has(subject)) this.add('association', subject, kind, row.id);
    }
  }

  /**
   * place_co_occurrence: those taking part in other events at the same place at about the
   * same time. Each of the focus's dated events with a place (inside the window) anchors a
   * read of the events there nearest in date, up to `nearEach` before and after it, inside
   * the window. Dated events only: an undated event is not near anything in time. Events the
   * focus takes part in are left out (they are shared_event evidence).
   */
  placeCoOccurrence(): void {
    const anchors = this.mine.filter((event): event is FocusEvent & { place_key: string; sort_date: string } => event.place_key !== null && event.sort_date !== null);
    this.truncated = bounded(anchors, FAN_BOUNDS.anchors) || this.truncated;
    const mineIds = new Set(this.mine.map((event) => event.id));
    const near = new Set<string>();
    for (const anchor of anchors) {
      for (const side of ['before', 'after'] as const) {
        const found = this.queries.near(anchor.place_key, anchor, side, this.range, FAN_BOUNDS.nearEach + 1);
        this.truncated = bounded(found, FAN_BOUNDS.nearEach) || this.truncated;
        for (const id of found) if (!mineIds.has(id)) near.add(id);
      }
    }
    this.addParticipants('place_co_occurrence', [...near]);
  }

  sightings(): Sighting[] {
    return [...this.seen.values()];
  }

  private addParticipants(type: EdgeType, events: string[]): void {
    for (const row of this.queries.participants(events)) if (!this.isFocus.has(row.subject)) this.add(type, row.subject, row.subject_kind, row.event);
  }

  private add(type: EdgeType, subject: string, kind: FanNode['kind'], evidence: string): void {
    const key = `${type} ${subject}`;
    let sighting = this.seen.get(key);
    if (!sighting) this.seen.set(key, (sighting = { subject, kind, type, evidence: new Set() }));
    sighting.evidence.add(evidence);
  }
}
