/**
 * The events plugin's contract (`@rootline/plugin-events` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses events imports these types from `@rootline/contracts/events` and
 * never imports `@rootline/plugin-events` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel } from '@rootline/kernel';

/**
 * Life events of one tree (`eventsService`, request scope). The row holds the current values;
 * corrections are append-only rows with the values they replaced. Every change is one
 * transaction with its record: `event.created.v1`, `event.corrected.v1`, `event.participant_added.v1`.
 */
export interface EventsService {
  get(id: string): EventDto | undefined;
  /**
   * The events a person takes part in, directly or through one of its personas: by date
   * (undated and phrase-dated last), at most `limit`, with the full count.
   */
  forPerson(person: string, limit: number): {
    items: EventDto[];
    total: number;
  };
  /**
   * Every event any of `subjects` (person and persona ids) takes part in, by date, with all
   * its participants: one read for a batch of persons (the GEDCOM export), no limit.
   */
  ofSubjects(subjects: readonly string[]): EventDto[];
  /**
   * The persons and personas that take part in an event, `take` at a time after `after` ('' to
   * begin), in id order: a walk of the whole tree reads them all, a page between its pauses, and
   * asks `ofSubjects` only for these.
   */
  participants(after: string, take: number): string[];
  /** "Baptism, 12 MAR 1851, Ledbury": type, date as written and place, those it has; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[];
  create(actor: Actor, input: CreateEventBody): EventDto;
  /**
   * `create` for many events in one transaction (an import's batch), with the same rules: any
   * refusal refuses them all and writes nothing. One record per event; the answers read back
   * in one go, in the order given.
   */
  createMany(actor: Actor, inputs: readonly CreateEventBody[]): EventDto[];
  /**
   * Appends a correction: the fields given replace the current values; the replaced values,
   * the reason, the actor and the time are kept in `corrections`. A field given with its
   * current value is not a change; a correction with no change at all is refused (422).
   */
  correct(actor: Actor, id: string, input: CorrectEventBody): EventDto;
  /** Adds one participant; 404 for an unknown event, person or persona; 409 when already there in that role. */
  addParticipant(actor: Actor, id: string, given: ParticipantBody): EventDto;
  /**
   * Deletes an event with its participants and corrections and records `event.removed.v1`
   * (an import undone); false when there is none.
   */
  remove(actor: Actor, id: string, reason: string): boolean;
  /**
   * The participants in one of `roles` of every event of one of `types` whose date has a sort key,
   * streamed in one read (the research signals read marriages): see DatedParticipantRow. Given
   * `subjects` (person and persona ids), only their participations.
   */
  datedParticipantRows(types: readonly string[], roles: readonly string[], subjects?: readonly string[]): IterableIterator<DatedParticipantRow>;
}

/** [event id, sort_date, subject (person or persona id), subject_kind]. */
export type DatedParticipantRow = [event: string, sortDate: string, subject: string, subjectKind: 'person' | 'persona'];

/**
 * Associations (GEDCOM ASSO): `to` is `role` to `from` (a godparent, a witness, a neighbour)
 * outside any one event. Each end is a person or a persona, given as a bare id. Recorded as
 * `association.recorded.v1`; the FAN network reads them as `association` edges.
 */
export interface AssociationsService {
  /** The associations recorded from any of `subjects` (person or persona ids), oldest first: one read for a batch (the GEDCOM export). */
  fromSubjects(subjects: readonly string[]): AssociationSummary[];
  /**
   * The persons and personas an association is recorded from, `take` at a time after `after`
   * ('' to begin), in id order: a walk of the whole tree reads them all, a page between its
   * pauses, and asks `fromSubjects` only for these.
   */
  recordedFrom(after: string, take: number): string[];
  record(actor: Actor, input: RecordAssociationBody): {
    id: string;
  };
  /** Deletes an association and records `association.removed.v1` (an import undone); false when there is none. */
  remove(actor: Actor, id: string, reason: string): boolean;
}

/** One association as recorded: `to` is `role` to `from`. */
export interface AssociationSummary {
  id: string;
  from: string;
  from_kind: 'person' | 'persona';
  to: string;
  to_kind: 'person' | 'persona';
  role: string;
  source: string | null;
  note: string | null;
}

export type EventDto = {
  id: string;
  type: string;
  date: string | null;
  sort_date: string | null;
  place: string | null;
  description: string | null;
  participants: {
    person?: string | undefined;
    persona?: string | undefined;
    role: string;
  }[];
  corrections: {
    id: string;
    previous: {
      type?: string | undefined;
      date?: string | null | undefined;
      place?: string | null | undefined;
      description?: string | null | undefined;
    };
    values: {
      type?: string | undefined;
      date?: string | null | undefined;
      place?: string | null | undefined;
      description?: string | null | undefined;
    };
    reason: string;
    actor: {
      proposer?: string | undefined;
      kind: string;
      credential_id: string | null;
    };
    at_ms: number;
  }[];
  created_at_ms: number;
  updated_at_ms: number;
};

export type ParticipantDto = {
  person?: string | undefined;
  persona?: string | undefined;
  role: string;
};

export type CorrectionDto = {
  id: string;
  previous: {
    type?: string | undefined;
    date?: string | null | undefined;
    place?: string | null | undefined;
    description?: string | null | undefined;
  };
  values: {
    type?: string | undefined;
    date?: string | null | undefined;
    place?: string | null | undefined;
    description?: string | null | undefined;
  };
  reason: string;
  actor: {
    proposer?: string | undefined;
    kind: string;
    credential_id: string | null;
  };
  at_ms: number;
};

export type CreateEventBody = {
  date?: string | undefined;
  place?: string | undefined;
  description?: string | undefined;
  participants?: ({
    person: string;
    role: string;
  } | {
    persona: string;
    role: string;
  })[] | undefined;
  type: string;
};

export type CorrectEventBody = {
  type?: string | undefined;
  date?: string | null | undefined;
  place?: string | null | undefined;
  description?: string | null | undefined;
  reason: string;
};

export type ParticipantBody = {
  person: string;
  role: string;
} | {
  persona: string;
  role: string;
};

export type RecordAssociationBody = {
  source?: string | undefined;
  note?: string | undefined;
  role: string;
  from: string;
  to: string;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The life events of the request's tree. */
    eventsService: EventsService;
    /** Associations between persons and personas (GEDCOM ASSO). */
    associationsService: AssociationsService;
  }
}
