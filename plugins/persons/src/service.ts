import { type Actor, type Clock, type EntityLabel, type IdSource, type PageEnvelope, type PageWindow, type Tree } from '@rootline/kernel';
import type { PersonasService } from '@rootline/contracts/personas';
import type { AssertionsService, VitalClaim } from '@rootline/contracts/assertions';
import type { PersonDto } from './schemas.js';
import { PersonProblems } from './errors.js';
import { labelOf, personDto, PersonStore, type Derived, type PersonRow } from './store.js';
import { namesOf } from './names.js';
import { summarise, VITAL_KINDS } from './vitals.js';
import { activeCount, keyOfSorted, sortedPage, type PersonSort, type SortKey, type SortOrder } from './list.js';
import { hitsAfter, searchHits, searchQueries, type SearchKey } from './search.js';
import type { PersonsService as PersonsServiceContract } from '@rootline/contracts/persons';
import type { PersonVitalRow } from '@rootline/contracts/persons';
import { personaRows, vitalRows } from './signals.js';
import { NameIndexMerges } from './name-merges.js';

/**
 * What the service uses of the cradle. It keeps the cradle, not the services: the personas
 * and assertions services are built only when a request needs them (reads never do).
 */
interface PersonsCradle {
  tree: Tree;
  clock: Clock;
  ids: IdSource;
  personasService: PersonasService;
  assertionsService: AssertionsService;
}

/**
 * Persons of one tree: conclusions that personas are one person, with derived names, birth
 * and death summaries and living status. Registered as the scoped `personsService`; the
 * family, events and views plugins read persons through it. Every change is one transaction
 * with its `person.*.v1` record; refusals are thrown before anything is written.
 */
export class PersonsService implements PersonsServiceContract {
  private readonly tree: Tree;
  private readonly store: PersonStore;

  constructor(private readonly cradle: PersonsCradle) {
    this.tree = cradle.tree;
    this.store = new PersonStore(cradle.tree);
  }

  /** An active person, or undefined (unknown, retracted or merged). */
  get(id: string): PersonDto | undefined {
    return this.many([id])[0];
  }

  exists(id: string): boolean {
    return this.store.isActive(id);
  }

  /** An active person, or 404 `not-found`. */
  require(id: string): PersonDto {
    const person = this.get(id);
    if (!person) throw PersonProblems.personNotFound(id);
    return person;
  }

  /** The active person a persona is concluded into, or null. */
  personOfPersona(persona: string): string | null {
    return this.store.personOfPersona(persona);
  }

  /** The active persons among `ids`, in the order of `ids` (unknown, retracted and repeated ids omitted). */
  many(ids: string[]): PersonDto[] {
    const year = this.thisYear();
    return this.inOrder(ids, this.store.active(ids)).map((row) => personDto(row, year));
  }

  /**
   * Every active person in the order they were made, `take` at a time: the page after row
   * `after` (0 to begin) and the row to continue after (null at the end). One index range per
   * call, for work that walks the whole tree (the GEDCOM export).
   */
  walk(after: number, take: number): { items: PersonDto[]; next: number | null } {
    const year = this.thisYear();
    const rows = this.store.after(after, take);
    return { items: rows.map((row) => personDto(row, year)), next: rows.length < take ? null : rows[rows.length - 1].seq };
  }

  /** How many active persons the tree has (a kept counter, not a scan). */
  count(): number {
    return activeCount(this.tree);
  }

  /** "William Smyth (1851–1920)" for each active person among `ids` (unknown ids omitted). */
  labels(ids: string[]): EntityLabel[] {
    return this.store.active(ids).map((row) => ({ id: row.id, kind: 'person', label: labelOf(row) }));
  }

  /** One page of the list: a name search in relevance order, or every active person in `sort` order. */
  page(query: { q?: string }, order: { sort: PersonSort; order: SortOrder }, window: PageWindow<SortKey | SearchKey>): PageEnvelope<PersonDto> {
    const year = this.thisYear();
    if (query.q !== undefined) {
      const queries = searchQueries(query.q);
      const hits = queries ? searchHits(this.tree, queries, (seqs) => this.store.searchTexts(seqs)) : [];
      const fetch = (after: SortKey | SearchKey | null, take: number) => {
        const page = hitsAfter(hits, after as SearchKey | null, take);
        const rows = new Map(this.store.bySeq(page.map((hit) => hit.seq)).map((row) => [row.seq, row]));
        return page.flatMap((hit) => (rows.has(hit.seq) ? [{ hit, row: rows.get(hit.seq)! }] : []));
      };
      return window.read(fetch, hits.length, ({ hit }): SearchKey => [hit.tier, hit.score, hit.seq], ({ row }) => personDto(row, year));
    }
    const fetch = (after: SortKey | SearchKey | null, take: number) => sortedPage(this.tree, order.sort, order.order, after as SortKey | null, take);
    return window.read(fetch, () => activeCount(this.tree), keyOfSorted, (row) => personDto(row, year));
  }

  /** Concludes that `personas` are one person: 404 for an unknown persona, 409 for one already in an active person. */
  conclude(actor: Actor, personas: string[]): PersonDto {
    return this.concludeMany(actor, [personas])[0];
  }

  /**
   * `conclude` for many persons in one transaction (an import's batch), each list of personas
   * one person, with the same refusals (a persona twice in the batch is already concluded by the
   * first): any refusal refuses them all. Personas and their birth and death claims are read
   * once for the whole batch; one record per person; the answers in the order given.
   */
  concludeMany(actor: Actor, personaLists: readonly string[][]): PersonDto[] {
    return this.tree.transact(() => {
      const all = personaLists.flat();
      const known = new Map(this.cradle.personasService.many(all).map((persona) => [persona.id, persona]));
      const missing = all.find((persona) => !known.has(persona));
      if (missing) throw PersonProblems.personaNotFound(missing);
      this.refuseConcluded(all);
      const ids = personaLists.map(() => this.cradle.ids.next());
      const taken = new Map<string, string>();
      personaLists.forEach((personas, at) => {
        for (const persona of personas) {
          const person = taken.get(persona);
          if (person && person !== ids[at]) throw PersonProblems.personaAlreadyConcluded(persona, person);
          taken.set(persona, ids[at]);
        }
      });
      const vitals = this.vitalClaimsByPerson(all, taken, ids);
      const now = this.cradle.clock.now();
      const year = this.thisYear();
      const rows = this.store.insertMany(actor, personaLists.map((personas, at) => {
        const derived: Derived = { names: namesOf(personas.map((persona) => known.get(persona)!)), ...summarise(vitals.get(ids[at]) ?? []) };
        return { id: ids[at], personas, derived };
      }), now);
      return rows.map((row, at) => {
        this.tree.record({ kind: 'person.concluded.v1', entity_type: 'person', entity_id: row.id, actor, payload: { personas: personaLists[at] } });
        return personDto(row, year);
      });
    });
  }

  /**
   * Runs `work` that retracts many persons in a row (an import's undo, the clean-up of a stopped
   * import) with the name indexes' merges held, then lets them catch up a bounded step at a time,
   * `pause` between the steps (name-merges.ts). Otherwise whichever retraction crosses FTS5's
   * merge threshold merges in one go, and every request waits up to half a second.
   */
  async retractingMany<T>(work: () => Promise<T>, pause: () => Promise<void>): Promise<T> {
    const merges = new NameIndexMerges(this.tree);
    merges.hold();
    try {
      return await work();
    } finally {
      await merges.release(pause);
    }
  }

  /** Sets (true/false) or clears (null) the human's living-status override. */
  setLiving(actor: Actor, id: string, living: boolean | null, reason: string | undefined): PersonDto {
    return this.tree.transact(() => {
      this.require(id);
      this.store.setLiving(id, living, this.cradle.clock.now());
      this.tree.record({ kind: 'person.living_status_set.v1', entity_type: 'person', entity_id: id, actor, payload: { living, reason: reason ?? null } });
      return this.get(id)!;
    });
  }

  /** Takes a mistaken conclusion out of every view; its personas are free again; the row and record stay. */
  retract(actor: Actor, id: string, reason: string | undefined): { id: string; status: 'retracted'; personas: string[] } {
    return this.tree.transact(() => {
      const person = this.require(id);
      this.store.retract(id, this.cradle.clock.now());
      this.tree.record({ kind: 'person.retracted.v1', entity_type: 'person', entity_id: id, actor, payload: { reason: reason ?? null, personas: person.personas } });
      return { id, status: 'retracted' as const, personas: person.personas };
    });
  }

  /**
   * Moves `personas` (a strict, non-empty subset of the person's) to a new person; both are
   * re-derived. When they are exactly the personas a merged person brought into this one, the
   * split reverses that merge: the merged person is active again under its own id (it is the
   * `new_person`), and the record says `unmerged` so the plugins that moved its edges, events
   * and notes to the survivor move them back.
   */
  split(actor: Actor, id: string, personas: string[]): { person: PersonDto; new_person: PersonDto } {
    return this.tree.transact(() => {
      const person = this.require(id);
      const strangers = personas.filter((persona) => !person.personas.includes(persona));
      if (strangers.length) throw PersonProblems.notAPersonaOf(id, strangers);
      // The new person keeps the personas in the person's own order.
      const moving = person.personas.filter((persona) => personas.includes(persona));
      const staying = person.personas.filter((persona) => !personas.includes(persona));
      if (staying.length === 0) throw PersonProblems.splitTakesAll(id);
      const now = this.cradle.clock.now();
      const merged = this.store.mergeBringing(id, moving);
      let newId: string;
      if (merged) {
        newId = merged;
        this.store.unmerge(id, merged, now);
        this.store.update(merged, this.derive(this.personasOf(merged)), now);
      } else {
        newId = this.cradle.ids.next();
        this.store.insert(actor, newId, [], this.derive(moving), now);
        this.store.movePersonas(id, newId, moving);
      }
      this.store.update(id, this.derive(staying), now);
      this.store.touch(id, now);
      this.tree.record({ kind: 'person.split.v1', entity_type: 'person', entity_id: id, actor, payload: { new_person: newId, personas: moving, unmerged: merged !== undefined } });
      return { person: this.get(id)!, new_person: this.get(newId)! };
    });
  }

  /**
   * Concludes that two persons are one: the survivor gains the merged person's personas (its
   * names, claims and summaries follow), and the plugins that hold edges, events and notes of
   * the merged person move them to the survivor when they see `person.merged.v1` (in this
   * transaction: the family plugin refuses a merge that would make a person their own
   * ancestor). The merged person stays as a row pointing to the survivor (`survivorOf`);
   * `split` with exactly its personas reverses the merge.
   */
  merge(actor: Actor, survivor: string, merged: string): PersonDto {
    if (survivor === merged) throw PersonProblems.mergeSelf(survivor);
    return this.tree.transact(() => {
      this.require(survivor);
      const { personas } = this.require(merged);
      const now = this.cradle.clock.now();
      this.store.merge(survivor, merged, personas, now);
      this.store.update(survivor, this.derive(this.personasOf(survivor)), now);
      this.store.touch(survivor, now);
      this.tree.record({ kind: 'person.merged.v1', entity_type: 'person', entity_id: survivor, actor, payload: { survivor, merged, personas } });
      return this.get(survivor)!;
    });
  }

  /** The active person a merged person now lives on in (following merges of merges), or null when `id` is not merged. */
  survivorOf(id: string): string | null {
    return this.store.survivorOf(id);
  }

  /**
   * Re-derives a person from its personas after another plugin's change (record observers):
   * names, sex, search text and the birth and death summaries. `updated_at_ms` becomes `atMs`
   * when any of them changed.
   */
  refresh(person: string, atMs: number): void {
    const row = this.store.active([person])[0];
    if (row) this.store.update(person, this.derive(JSON.parse(row.personas) as string[]), atMs);
  }

  /** The active person of a claim's persona, for observers that only know the claim. */
  personOfClaim(assertion: string): string | null {
    const claim = this.cradle.assertionsService.get(assertion);
    return claim ? this.store.personOfPersona(claim.persona) : null;
  }

  /** Whole-tree reads for the research signals (signals.ts). */
  vitalRows(persons?: readonly string[]): IterableIterator<PersonVitalRow> {
    return vitalRows(this.tree, persons);
  }

  personaRows(persons?: readonly string[]): IterableIterator<[string, string]> {
    return personaRows(this.tree, persons);
  }

  /** The active personas of a person, in order. */
  private personasOf(id: string): string[] {
    return JSON.parse(this.store.active([id])[0].personas) as string[];
  }

  /** Names, sex and summaries of a person made of `personas`. */
  private derive(personas: string[]): Derived {
    const names = namesOf(this.cradle.personasService.many(personas));
    return { names, ...summarise(this.cradle.assertionsService.vitalClaims(personas, VITAL_KINDS)) };
  }

  /**
   * The birth and death claims of many new persons in one read (`personOf`: persona -> person),
   * by person, each in the order `vitalClaims` gives (confirmed first, then oldest first).
   */
  private vitalClaimsByPerson(personas: string[], personOf: Map<string, string>, persons: string[]): Map<string, VitalClaim[]> {
    const byPerson = new Map<string, VitalClaim[]>(persons.map((person) => [person, []]));
    for (const claim of this.cradle.assertionsService.vitalClaims(personas, VITAL_KINDS)) byPerson.get(personOf.get(claim.persona)!)!.push(claim);
    return byPerson;
  }

  private refuseConcluded(personas: string[]): void {
    const concluded = this.store.concluded(personas);
    for (const persona of personas) {
      const person = concluded.get(persona);
      if (person) throw PersonProblems.personaAlreadyConcluded(persona, person);
    }
  }

  private inOrder(ids: string[], rows: PersonRow[]): PersonRow[] {
    const byId = new Map(rows.map((row) => [row.id, row]));
    return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  }

  private thisYear(): number {
    return new Date(this.cradle.clock.now()).getUTCFullYear();
  }
}
