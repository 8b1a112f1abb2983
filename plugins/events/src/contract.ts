/**
 * The events plugin's contract: the services it registers, for the container's types.
 * Type-only, so a plugin that uses events imports it with `import type` from
 * `@rootline/plugin-events/contract` (erased at build) and lists `@rootline/plugin-events`
 * with a version range in its `peerDependencies`.
 *
 * Other plugins use `eventsService`: `get(id)`, `forPerson(person, limit)` (the events of a
 * person and of its personas, by date) and `labels(ids)` ("Baptism, 12 MAR 1851, Ledbury").
 */
import type { EventsService } from './service.js';
import type { AssociationsService } from './associations.js';
import type { FanService } from './fan.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The life events of the request's tree. */
    eventsService: EventsService;
    /** Associations between persons and personas (GEDCOM ASSO). */
    associationsService: AssociationsService;
    /** The FAN network (friends, associates, neighbours) around a person or persona. */
    fanService: FanService;
  }
}

export type { EventsService, AssociationsService };
export type { AssociationSummary } from './associations.js';
export type { EventDto, ParticipantDto, CorrectionDto } from './schemas.js';
