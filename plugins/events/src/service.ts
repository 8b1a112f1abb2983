import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type EntityLabel, type IdSource, type Tree } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import type { CorrectEventBody, CreateEventBody, EventDto, ParticipantBody } from './schemas.js';
import { EventQueries, type EventRow } from './queries.js';
import { eventDate, placeKey } from './dates.js';
import { eventTypeLabel, normalizeEventType } from './event-types.js';
import { normalizeRole } from './roles.js';
import { EventProblems } from './errors.js';
import type { Subject, Subjects } from './subjects.js';
import type { EventsService as EventsServiceContract } from '@rootline/contracts/events';
import type { DatedParticipantRow } from '@rootline/contracts/events';
import { datedParticipants } from './signals.js';

const CORRECTABLE = ['type', 'date', 'place', 'description'] as const;
type Correctable = (typeof CORRECTABLE)[number];

interface Participation extends Subject {
  role: string;
}

const asBody = (participant: Participation): ParticipantBody =>
  participant.kind === 'person' ? { person: participant.id, role: participant.role } : { persona: participant.id, role: participant.role };

/**
 * Life events of one tree (`eventsService`, request scope). The row holds the current values;
 * corrections are append-only rows with the values they replaced. Every change is one
 * transaction with its record: `event.created.v1`, `event.corrected.v1`, `event.participant_added.v1`.
 */
export class EventsService implements EventsServiceContract {
  private readonly queries: EventQueries;

  constructor(
    private readonly tree: Tree,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly persons: PersonsService,
    private readonly subjects: Subjects,
  ) {
    this.queries = new EventQueries(tree);
  }

  get(id: string): EventDto | undefined {
    const row = this.queries.row(id);
    return row && this.queries.dtos([row])[0];
  }

  /**
   * The events a person takes part in, directly or through one of its personas: by date
   * (undated and phrase-dated last), at most `limit`, with the full count.
   */
  forPerson(person: string, limit: number): { items: EventDto[]; total: number } {
    const subjects = [person, ...(this.persons.get(person)?.personas ?? [])];
    return { items: this.queries.dtos(this.queries.forSubjects(subjects, limit)), total: this.queries.countForSubjects(subjects) };
  }

  /** The persons and personas that take part in an event, `take` after `after`, in id order. */
  participants(after: string, take: number): string[] {
    return this.queries.participants(after, take);
  }

  /**
   * Every event any of `subjects` (person and persona ids) takes part in, by date, with all
   * its participants: one read for a batch of persons (the GEDCOM export), no limit.
   */
  ofSubjects(subjects: readonly string[]): EventDto[] {
    if (subjects.length === 0) return [];
    return this.queries.dtos(this.queries.forSubjects([...subjects], -1));
  }

  /** "Baptism, 12 MAR 1851, Ledbury": type, date as written and place, those it has; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[] {
    if (ids.length === 0) return [];
    return this.queries.rows(ids).map((row) => ({ id: row.id, kind: 'event', label: eventLabel(row) }));
  }

  create(actor: Actor, input: CreateEventBody): EventDto {
    return this.createMany(actor, [input])[0];
  }

  /**
   * `create` for many events in one transaction (an import's batch), with the same rules: any
   * refusal refuses them all and writes nothing. One record per event; the answers read back
   * in one go, in the order given.
   */
  createMany(actor: Actor, inputs: readonly CreateEventBody[]): EventDto[] {
    const checked = inputs.map((input) => {
      const type = normalizeEventType(input.type);
      if (type === null) throw EventProblems.unknownEventType(input.type);
      return { input, type, ...eventDate(input.date) };
    });
    const now = this.clock.now();
    return this.tree.transact(() => {
      const ids = checked.map(({ input, type, date, sort_date }) => {
        const id = this.ids.next();
        const participants = (input.participants ?? []).map((given) => ({ ...this.subjects.require(given), role: normalizeRole(given.role) }));
        const seen = new Set<string>();
        for (const participant of participants) {
          const key = `${participant.id} ${participant.role}`;
          if (seen.has(key)) throw EventProblems.participantExists(id, participant.id, participant.role);
          seen.add(key);
        }
        this.tree
          .prepare(`INSERT INTO events (id, type, date, sort_date, place, place_key, description, created_at_ms, updated_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
          .run(id, type, date, sort_date, input.place?.trim() ?? null, placeKey(input.place), input.description ?? null, now, now, ...actorValues(actor));
        for (const participant of participants) this.insertParticipant(actor, id, participant, now);
        this.tree.record({
          kind: 'event.created.v1',
          entity_type: 'event',
          entity_id: id,
          actor,
          payload: { type, date, place: input.place?.trim() ?? null, participants: participants.map(asBody) },
        });
        return id;
      });
      const rows = new Map(this.queries.rows(ids).map((row) => [row.id, row]));
      return this.queries.dtos(ids.map((id) => rows.get(id)!));
    });
  }

  /**
   * Appends a correction: the fields given replace the current values; the replaced values,
   * the reason, the actor and the time are kept in `corrections`. A field given with its
   * current value is not a change; a correction with no change at all is refused (422).
   */
  correct(actor: Actor, id: string, input: CorrectEventBody): EventDto {
    const given = CORRECTABLE.filter((field) => input[field] !== undefined);
    if (given.length === 0) throw EventProblems.nothingToCorrect();
    const wanted = Object.fromEntries(given.map((field) => [field, this.corrected(field, input[field])])) as Partial<Record<Correctable, string | null>>;
    return this.tree.transact(() => {
      const current = this.queries.row(id);
      if (!current) throw EventProblems.eventNotFound(id);
      const changed = given.filter((field) => wanted[field] !== current[field]);
      if (changed.length === 0) throw EventProblems.correctionChangesNothing(id);
      const previous = Object.fromEntries(changed.map((field) => [field, current[field]]));
      const values = Object.fromEntries(changed.map((field) => [field, wanted[field]]));
      const next = { ...current, ...values } as EventRow;
      const now = this.clock.now();
      this.tree
        .prepare('UPDATE events SET type = ?, date = ?, sort_date = ?, place = ?, place_key = ?, description = ?, updated_at_ms = ? WHERE id = ?')
        .run(next.type, next.date, eventDate(next.date).sort_date, next.place, placeKey(next.place), next.description, now, id);
      const correction = this.ids.next();
      this.tree
        .prepare(`INSERT INTO event_corrections (event, id, previous, next, reason, at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(id, correction, JSON.stringify(previous), JSON.stringify(values), input.reason, now, ...actorValues(actor));
      this.tree.record({ kind: 'event.corrected.v1', entity_type: 'event', entity_id: id, actor, payload: { correction, previous, values, reason: input.reason } });
      return this.get(id)!;
    });
  }

  /** Adds one participant; 404 for an unknown event, person or persona; 409 when already there in that role. */
  addParticipant(actor: Actor, id: string, given: ParticipantBody): EventDto {
    return this.tree.transact(() => {
      if (!this.queries.row(id)) throw EventProblems.eventNotFound(id);
      const participant = { ...this.subjects.require(given), role: normalizeRole(given.role) };
      if (this.queries.hasParticipant(id, participant.id, participant.role)) throw EventProblems.participantExists(id, participant.id, participant.role);
      const now = this.clock.now();
      this.insertParticipant(actor, id, participant, now);
      this.tree.prepare('UPDATE events SET updated_at_ms = ? WHERE id = ?').run(now, id);
      this.tree.record({ kind: 'event.participant_added.v1', entity_type: 'event', entity_id: id, actor, payload: asBody(participant) });
      return this.get(id)!;
    });
  }

  /**
   * Deletes an event with its participants and corrections and records `event.removed.v1`
   * (an import undone); false when there is none.
   */
  remove(actor: Actor, id: string, reason: string): boolean {
    return this.tree.transact(() => {
      if (!this.queries.row(id)) return false;
      this.tree.prepare('DELETE FROM event_participants WHERE event = ?').run(id);
      this.tree.prepare('DELETE FROM event_corrections WHERE event = ?').run(id);
      this.tree.prepare('DELETE FROM events WHERE id = ?').run(id);
      this.tree.record({ kind: 'event.removed.v1', entity_type: 'event', entity_id: id, actor, payload: { reason } });
      return true;
    });
  }

  /** Participants of dated events of some types, streamed (the research signals; signals.ts). */
  datedParticipantRows(types: readonly string[], roles: readonly string[], subjects?: readonly string[]): IterableIterator<DatedParticipantRow> {
    return datedParticipants(this.tree, types, roles, subjects);
  }

  private insertParticipant(actor: Actor, event: string, participant: Participation, now: number): void {
    this.tree
      .prepare(`INSERT INTO event_participants (event, subject, subject_kind, role, added_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(event, participant.id, participant.kind, participant.role, now, ...actorValues(actor));
  }

  /** A corrected value as it will be stored (the same tidying as on create). */
  private corrected(field: Correctable, value: string | null | undefined): string | null {
    // null removes a date, place or description (the schema never lets a type be null).
    if (value === null || value === undefined) return null;
    if (field === 'type') {
      const type = normalizeEventType(value);
      if (type === null) throw EventProblems.unknownEventType(value);
      return type;
    }
    if (field === 'date') return eventDate(value).date;
    if (field === 'place') return value.trim();
    return value;
  }
}

function eventLabel(row: EventRow): string {
  return [eventTypeLabel(row.type), row.date, row.place].filter((part) => part !== null && part !== '').join(', ');
}
