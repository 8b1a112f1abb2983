import type { Tree } from '@rootline/kernel';
import type { CorrectionDto, EventDto, ParticipantDto } from './schemas.js';

export interface EventRow {
  id: string;
  type: string;
  date: string | null;
  sort_date: string | null;
  place: string | null;
  description: string | null;
  created_at_ms: number;
  updated_at_ms: number;
}

interface ParticipantRow {
  event: string;
  subject: string;
  subject_kind: 'person' | 'persona';
  role: string;
}

interface CorrectionRow {
  event: string;
  id: string;
  previous: string;
  next: string;
  reason: string;
  at_ms: number;
  actor_kind: string;
  credential_id: string | null;
  proposer: string | null;
}

const EVENT_COLUMNS = 'id, type, date, sort_date, place, description, created_at_ms, updated_at_ms';
/** Dated events by date, undated (or phrase-dated) last, then creation order. */
const BY_DATE = 'sort_date IS NULL, sort_date, id';

/** Reads events as EventDto: a few set-wise queries however many events (json_each takes the id list). */
export class EventQueries {
  constructor(private readonly tree: Tree) {}

  row(id: string): EventRow | undefined {
    return this.tree.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`).get(id) as EventRow | undefined;
  }

  rows(ids: string[]): EventRow[] {
    return this.tree.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as EventRow[];
  }

  /** The events any of `subjects` (person and persona ids) take part in, by date. */
  forSubjects(subjects: string[], limit: number): EventRow[] {
    return this.tree
      .prepare(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE id IN (
           SELECT event FROM event_participants WHERE subject IN (SELECT value FROM json_each(?))
         ) ORDER BY ${BY_DATE} LIMIT ?`,
      )
      .all(JSON.stringify(subjects), limit) as EventRow[];
  }

  /** The subjects taking part in an event, `take` after `after`: a range of event_participants_by_subject. */
  participants(after: string, take: number): string[] {
    return this.tree.prepare('SELECT DISTINCT subject FROM event_participants WHERE subject > ? ORDER BY subject LIMIT ?').pluck().all(after, take) as string[];
  }

  countForSubjects(subjects: string[]): number {
    return this.tree
      .prepare('SELECT count(DISTINCT event) FROM event_participants WHERE subject IN (SELECT value FROM json_each(?))')
      .pluck()
      .get(JSON.stringify(subjects)) as number;
  }

  hasParticipant(event: string, subject: string, role: string): boolean {
    return this.tree.prepare('SELECT 1 FROM event_participants WHERE event = ? AND subject = ? AND role = ?').get(event, subject, role) !== undefined;
  }

  /** The rows as EventDto, in the order given. */
  dtos(rows: EventRow[]): EventDto[] {
    if (rows.length === 0) return [];
    const ids = JSON.stringify(rows.map((row) => row.id));
    const participants = groupBy(
      this.tree.prepare('SELECT event, subject, subject_kind, role FROM event_participants WHERE event IN (SELECT value FROM json_each(?)) ORDER BY rowid').all(ids) as ParticipantRow[],
    );
    const corrections = groupBy(
      this.tree
        .prepare('SELECT event, id, previous, next, reason, at_ms, actor_kind, credential_id, proposer FROM event_corrections WHERE event IN (SELECT value FROM json_each(?)) ORDER BY event, id')
        .all(ids) as CorrectionRow[],
    );
    return rows.map((row) => ({
      ...row,
      participants: (participants.get(row.id) ?? []).map(participantDto),
      corrections: (corrections.get(row.id) ?? []).map(correctionDto),
    }));
  }
}

function groupBy<Row extends { event: string }>(rows: Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.event);
    if (group) group.push(row);
    else groups.set(row.event, [row]);
  }
  return groups;
}

const participantDto = (row: ParticipantRow): ParticipantDto =>
  row.subject_kind === 'person' ? { person: row.subject, role: row.role } : { persona: row.subject, role: row.role };

const correctionDto = (row: CorrectionRow): CorrectionDto => ({
  id: row.id,
  previous: JSON.parse(row.previous),
  values: JSON.parse(row.next),
  reason: row.reason,
  actor: { kind: row.actor_kind, credential_id: row.credential_id, ...(row.proposer ? { proposer: row.proposer } : {}) },
  at_ms: row.at_ms,
});
