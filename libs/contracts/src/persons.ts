/**
 * The persons plugin's contract (`@rootline/plugin-persons` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses persons imports these types from `@rootline/contracts/persons` and
 * never imports `@rootline/plugin-persons` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel, PageEnvelope, PageWindow } from '@rootline/kernel';

/**
 * Persons of one tree: conclusions that personas are one person, with derived names, birth
 * and death summaries and living status. Registered as the scoped `personsService`; the
 * family, events and views plugins read persons through it. Every change is one transaction
 * with its `person.*.v1` record; refusals are thrown before anything is written.
 */
export interface PersonsService {
  /** An active person, or undefined (unknown, retracted or merged). */
  get(id: string): PersonDto | undefined;
  exists(id: string): boolean;
  /** An active person, or 404 `not-found`. */
  require(id: string): PersonDto;
  /** The active person a persona is concluded into, or null. */
  personOfPersona(persona: string): string | null;
  /** The active persons among `ids`, in the order of `ids` (unknown, retracted and repeated ids omitted). */
  many(ids: string[]): PersonDto[];
  /**
   * Every active person in the order they were made, `take` at a time: the page after row
   * `after` (0 to begin) and the row to continue after (null at the end). One index range per
   * call, for work that walks the whole tree (the GEDCOM export).
   */
  walk(after: number, take: number): {
    items: PersonDto[];
    next: number | null;
  };
  /** How many active persons the tree has (a kept counter, not a scan). */
  count(): number;
  /** "William Smyth (1851–1920)" for each active person among `ids` (unknown ids omitted). */
  labels(ids: string[]): EntityLabel[];
  /** One page of the list: a name search in relevance order, or every active person in `sort` order. */
  page(query: {
    q?: string;
  }, order: {
    sort: PersonSort;
    order: SortOrder;
  }, window: PageWindow<SortKey | SearchKey>): PageEnvelope<PersonDto>;
  /** Concludes that `personas` are one person: 404 for an unknown persona, 409 for one already in an active person. */
  conclude(actor: Actor, personas: string[]): PersonDto;
  /**
   * `conclude` for many persons in one transaction (an import's batch), each list of personas
   * one person, with the same refusals (a persona twice in the batch is already concluded by the
   * first): any refusal refuses them all. Personas and their birth and death claims are read
   * once for the whole batch; one record per person; the answers in the order given.
   */
  concludeMany(actor: Actor, personaLists: readonly string[][]): PersonDto[];
  /**
   * Runs `work` that retracts many persons in a row (an import's undo, the clean-up of a stopped
   * import) with the name indexes' merges held, then lets them catch up a bounded step at a time,
   * `pause` between the steps. Otherwise whichever retraction crosses the full-text index's merge
   * threshold merges in one go, and every request waits up to half a second.
   */
  retractingMany<T>(work: () => Promise<T>, pause: () => Promise<void>): Promise<T>;
  /** Sets (true/false) or clears (null) the human's living-status override. */
  setLiving(actor: Actor, id: string, living: boolean | null, reason: string | undefined): PersonDto;
  /** Takes a mistaken conclusion out of every view; its personas are free again; the row and record stay. */
  retract(actor: Actor, id: string, reason: string | undefined): {
    id: string;
    status: 'retracted';
    personas: string[];
  };
  /**
   * Moves `personas` (a strict, non-empty subset of the person's) to a new person; both are
   * re-derived. When they are exactly the personas a merged person brought into this one, the
   * split reverses that merge: the merged person is active again under its own id (it is the
   * `new_person`), and the record says `unmerged` so the plugins that moved its edges, events
   * and notes to the survivor move them back.
   */
  split(actor: Actor, id: string, personas: string[]): {
    person: PersonDto;
    new_person: PersonDto;
  };
  /**
   * Concludes that two persons are one: the survivor gains the merged person's personas (its
   * names, claims and summaries follow), and the plugins that hold edges, events and notes of
   * the merged person move them to the survivor when they see `person.merged.v1` (in this
   * transaction: the family plugin refuses a merge that would make a person their own
   * ancestor). The merged person stays as a row pointing to the survivor (`survivorOf`);
   * `split` with exactly its personas reverses the merge.
   */
  merge(actor: Actor, survivor: string, merged: string): PersonDto;
  /** The active person a merged person now lives on in (following merges of merges), or null when `id` is not merged. */
  survivorOf(id: string): string | null;
  /**
   * Re-derives a person from its personas after another plugin's change (record observers):
   * names, sex, search text and the birth and death summaries. `updated_at_ms` becomes `atMs`
   * when any of them changed.
   */
  refresh(person: string, atMs: number): void;
  /** The active person of a claim's persona, for observers that only know the claim. */
  personOfClaim(assertion: string): string | null;
  /** Every active person (or those of `persons` that are), streamed in one read (the research signals): see PersonVitalRow. */
  vitalRows(persons?: readonly string[]): IterableIterator<PersonVitalRow>;
  /** Every persona of an active person (or of `persons`) as [person, persona], streamed in one read. */
  personaRows(persons?: readonly string[]): IterableIterator<[string, string]>;
}

/**
 * One active person as the research signals read it: [id, sex, birth sort key, the claim the
 * birth summary rests on, death sort key] (sort keys as @rootline/gedcom-date's sortDate; null
 * when there is no summary or its date has no key).
 */
export type PersonVitalRow = [id: string, sex: 'M' | 'F' | 'X' | 'U' | null, birthSort: string | null, birthClaim: string | null, deathSort: string | null];

export type PersonDto = {
  id: string;
  display_name: string;
  personas: string[];
  sex: 'M' | 'F' | 'X' | 'U' | null;
  birth: {
    date: string | null;
    sort_date: string | null;
    place: string | null;
    assertion: string;
    status: string;
    flagged: boolean;
  } | null;
  death: {
    date: string | null;
    sort_date: string | null;
    place: string | null;
    assertion: string;
    status: string;
    flagged: boolean;
  } | null;
  living: boolean;
  living_source: 'derived' | 'override';
  created_at_ms: number;
  updated_at_ms: number;
};

export type VitalSummary = {
  date: string | null;
  sort_date: string | null;
  place: string | null;
  assertion: string;
  status: string;
  flagged: boolean;
};

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

export type PersonSort = 'birth' | 'name' | 'surname' | 'updated';

export type SortOrder = 'asc' | 'desc';

/** Keyset position: [0, key, id] among rows with a key, [1, null, id] among those without. */
export type SortKey = [0 | 1, string | number | null, string];

/** Keyset position in a search: [tier (0 prefix hit, 1 substring hit), bm25 score, row number]. */
export type SearchKey = [number, number, number];

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
