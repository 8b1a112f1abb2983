import type { Tree } from '@rootline/kernel';
import type { SortRange } from './dates.js';

export interface ParticipantRef {
  event: string;
  subject: string;
  subject_kind: 'person' | 'persona';
}

export interface FocusEvent {
  id: string;
  place_key: string | null;
  sort_date: string | null;
}

export interface AssociationRef {
  id: string;
  from_subject: string;
  from_kind: 'person' | 'persona';
  to_subject: string;
  to_kind: 'person' | 'persona';
}

/** `sort_date` inside the window, written so the planner uses the (place_key, sort_date) index as a range. */
function windowSql(range: SortRange, column: string): string {
  const parts: string[] = [];
  if (range.lower !== null) parts.push(`${column} >= @lower`);
  if (range.upper !== null) parts.push(`${column} < @upper`);
  return parts.length ? ` AND ${parts.join(' AND ')}` : '';
}

/**
 * The FAN network's reads, each one index range and each bounded by a LIMIT: participations
 * by subject (event_participants_by_subject), co-participants by event (the unique key),
 * associations by either end, events near in date at one place by (place_key, sort_date, id).
 */
export class FanQueries {
  constructor(private readonly tree: Tree) {}

  /** The focus's events inside the window, by date (undated last): id, place key and sort key. */
  focusEvents(subjects: string[], range: SortRange, limit: number): FocusEvent[] {
    return this.tree
      .prepare(
        `SELECT DISTINCT e.id, e.place_key, e.sort_date FROM event_participants p JOIN events e ON e.id = p.event
         WHERE p.subject IN (SELECT value FROM json_each(@subjects))${windowSql(range, 'e.sort_date')}
         ORDER BY e.sort_date IS NULL, e.sort_date, e.id LIMIT @limit`,
      )
      .all({ subjects: JSON.stringify(subjects), ...range, limit }) as FocusEvent[];
  }

  participants(events: string[]): ParticipantRef[] {
    if (events.length === 0) return [];
    return this.tree
      .prepare('SELECT event, subject, subject_kind FROM event_participants WHERE event IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(events)) as ParticipantRef[];
  }

  associations(subjects: string[], limit: number): AssociationRef[] {
    return this.tree
      .prepare(
        `SELECT id, from_subject, from_kind, to_subject, to_kind FROM associations WHERE from_subject IN (SELECT value FROM json_each(@subjects))
         UNION
         SELECT id, from_subject, from_kind, to_subject, to_kind FROM associations WHERE to_subject IN (SELECT value FROM json_each(@subjects))
         ORDER BY id LIMIT @limit`,
      )
      .all({ subjects: JSON.stringify(subjects), limit }) as AssociationRef[];
  }

  /**
   * The events at `place` nearest in date to an anchor event (sort key and id), on one side:
   * `before` reads backwards from it, `after` forwards; both stay inside the window and leave
   * out the anchor itself. Each is one range of events_by_place, in index order.
   */
  near(place: string, anchor: { id: string; sort_date: string }, side: 'before' | 'after', range: SortRange, limit: number): string[] {
    const [compare, order] = side === 'before' ? ['<', 'DESC'] : ['>', 'ASC'];
    return this.tree
      .prepare(
        `SELECT id FROM events WHERE place_key = @place AND (sort_date, id) ${compare} (@sort_date, @id)${windowSql(range, 'sort_date')}
         ORDER BY sort_date ${order}, id ${order} LIMIT @limit`,
      )
      .pluck()
      .all({ place, sort_date: anchor.sort_date, id: anchor.id, ...range, limit }) as string[];
  }
}
