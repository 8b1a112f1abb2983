/**
 * The persons plugin's contract: the service it registers, for the container's types.
 * Type-only, so a plugin that uses persons imports it with `import type` from
 * `@rootline/plugin-persons/contract` (erased at build: no run-time coupling) and lists
 * `@rootline/plugin-persons` with a version range in its `peerDependencies`.
 */
import type { PersonsService } from './service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /**
     * The persons of the request's tree. `get`, `exists`, `require`, `many` and `labels` see
     * active persons only (a retracted person is gone from every view); `personOfPersona`
     * names the active person a persona is concluded into.
     */
    personsService: PersonsService;
  }
}

export type { PersonsService };
export type { PersonDto, VitalSummary } from './schemas.js';

/**
 * The payload of `person.merged.v1` (entity_id = the survivor). A plugin that holds references
 * to persons (edges, event participations, notes) moves the merged person's to the survivor
 * when it sees this record, and remembers what it moved for `PersonSplit.unmerged`.
 */
export interface PersonMerged {
  survivor: string;
  merged: string;
  /** The personas the merged person brought, in its order. */
  personas: string[];
}

/**
 * The payload of `person.split.v1` (entity_id = the person split). `unmerged` is true when the
 * split reversed a merge: `new_person` is then the merged person, active again under its own
 * id, and whatever was moved to the survivor by that merge goes back to it.
 */
export interface PersonSplit {
  new_person: string;
  personas: string[];
  unmerged: boolean;
}
