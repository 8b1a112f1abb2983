import type { DatedClaimRow, UnevidencedClaimRow } from '@rootline/contracts/assertions';
import type { DatedParticipantRow } from '@rootline/contracts/events';
import type { ParentEdgeRow } from '@rootline/contracts/family';
import type { PersonVitalRow } from '@rootline/contracts/persons';
import { addYears, dateReader, intervalOfKey, type Interval } from './dates.js';
import { Offences } from './examples.js';
import type { DateInconsistencyKind } from './schemas.js';
import { outranks, type Best } from './best-claim.js';

/**
 * What the picture is read from, through the owners' contracts (reads.ts binds them): without
 * ids the whole tree, with ids only their rows.
 */
export interface SignalReads {
  /** Active persons: [id, sex, birth sort key, birth claim, death sort key]. */
  vitals(persons?: readonly string[]): Iterable<PersonVitalRow>;
  /** [person, persona] of active persons. */
  personas(persons?: readonly string[]): Iterable<[string, string]>;
  /** Personas with a standing claim citing a source or a citation. */
  sourced(personas?: readonly string[]): Iterable<string>;
  /** Standing dated birth, baptism, christening and marriage claims. */
  dated(personas?: readonly string[]): Iterable<DatedClaimRow>;
  /** Spouses of dated marriage events, by the person or persona taking part. */
  marriages(subjects?: readonly string[]): Iterable<DatedParticipantRow>;
  /** Visible parent edges with one of `persons` at either end. */
  edges(persons?: readonly string[]): Iterable<ParentEdgeRow>;
  /** Confirmed claims with no source, citation or evidence. */
  unevidenced(claims?: readonly string[]): Iterable<UnevidencedClaimRow>;
}

export type Ref = { id: string; kind: 'person' | 'assertion' | 'event' };
export type Offence = { subject: Ref; related: Ref[] };
/** A confirmed claim without evidence, and the persona it is about (its person is looked up when shown). */
export type UnevidencedClaim = { id: string; persona: string };

/** Ages the date checks use, in years. */
const LIMITS = { youngestParent: 12, oldestMother: 55, youngestSpouse: 12 } as const;
const BIRTH = 'birth';
const MARRIAGE = 'marriage';
/** Pedigrees for which a parent's age and a mother's death bound a child's birth. */
const BIOLOGICAL = new Set(['birth', 'unknown']);

interface Person {
  sex: string | null;
  /** The birth summary's interval; its `lo` only counts when the summary rests on a birth claim (see `earliestBirth`). */
  birth: Interval | null;
  birthClaim: string | null;
  /** True once a baptism or christening claim is seen to be what the birth summary rests on. */
  birthIsBaptism: boolean;
  death: Interval | null;
}


interface Edge {
  parent: string;
  child: string;
  pedigree: string;
}

interface Marriage {
  ref: Ref;
  date: Interval;
}

const person = (id: string): Ref => ({ id, kind: 'person' });
const claim = (id: string): Ref => ({ id, kind: 'assertion' });

/** Runs a reading's steps to the end at once. */
function drain(steps: Generator<void>): void {
  for (let step = steps.next(); !step.done; step = steps.next());
}

/**
 * A person's marriages, those of the same date taken as one (keyed by the first's id, with every
 * claim and event saying it): an import keeps a cited FAM.MARR both as the family's MARR event and
 * as a `marriage` claim on each partner, and that is one marriage, not two offences.
 */
function sameMarriages(marriages: ReadonlyMap<string, Marriage> | undefined): Map<string, { date: Interval; refs: Ref[] }> {
  const byDate = new Map<string, { id: string; date: Interval; refs: Ref[] }>();
  for (const [id, { ref, date }] of marriages ?? []) {
    const key = `${date.lo} ${date.hi}`;
    const same = byDate.get(key);
    if (same) same.refs.push(ref);
    else byDate.set(key, { id, date, refs: [ref] });
  }
  return new Map([...byDate.values()].map(({ id, date, refs }) => [id, { date, refs }]));
}

/** A person's marriages, parents' or children's edges: an empty list for none. */
function listed<K, V>(map: Map<K, V[]>, key: K): V[] {
  return map.get(key) ?? [];
}

/**
 * The research signals of one tree as a picture kept in memory (docs/api.md "Research signals"):
 * the rows the checks need (each person's vitals, personas, best birth and baptism claims,
 * marriages and parent edges) and the offences found in them, per signal. Built once from
 * whole-tree reads; after a change only the persons and claims it touched are read again and
 * checked again, with their parents and children (an edge's checks read both ends).
 */
export class TreePicture {
  /** Persons checked between two pauses of a whole reading. */
  static checksPerStep = 5_000;

  /** The active person of each persona of an active person. */
  readonly personOf = new Map<string, string>();
  /** The persons taking part in each dated marriage event: whom its change touches. */
  readonly eventOwners = new Map<string, Set<string>>();

  readonly sourceless = new Offences<Offence>();
  readonly unevidenced = new Offences<UnevidencedClaim>();
  readonly found: Record<DateInconsistencyKind, Offences<Offence>> = {
    died_before_born: new Offences(),
    parent_under_12: new Offences(),
    mother_over_55: new Offences(),
    born_after_mother_death: new Offences(),
    baptism_before_birth: new Offences(),
    married_under_12: new Offences(),
  };
  readonly endOfLine = new Offences<Offence>();

  private readonly persons = new Map<string, Person>();
  private readonly personasOf = new Map<string, string[]>();
  private readonly sourced = new Set<string>();
  private readonly births = new Map<string, Best>();
  private readonly baptisms = new Map<string, Best>();
  private readonly marriagesOf = new Map<string, Map<string, Marriage>>();
  private readonly parentsOf = new Map<string, Edge[]>();
  private readonly childrenOf = new Map<string, Edge[]>();
  /** The key each unevidenced claim is listed under: its capture time, then its id. */
  private readonly unevidencedKeys = new Map<string, string>();
  private readonly intervals = new Map<string, Interval | null>();
  private readonly fromText = dateReader();

  /** The picture of the whole tree, read in one go. */
  static of(reads: SignalReads): TreePicture {
    const picture = new TreePicture();
    drain(picture.whole(reads));
    return picture;
  }

  /**
   * The picture of the whole tree, read with `pause` between its steps (after each whole-tree
   * statement, never inside one, and every few thousand persons checked), so a large tree
   * does not hold the event loop for the whole reading.
   */
  static async built(reads: SignalReads, pause: () => Promise<void>): Promise<TreePicture> {
    const picture = new TreePicture();
    for (const _step of picture.whole(reads)) await pause();
    return picture;
  }

  private *whole(reads: SignalReads): Generator<void> {
    yield* this.load(reads, undefined);
    yield* this.recheck([...this.persons.keys()]);
    this.reloadClaims(reads, undefined);
  }

  /** Brings the picture up to date after changes that touched `persons` and `claims`. */
  update(reads: SignalReads, persons: ReadonlySet<string>, claims: ReadonlySet<string>): void {
    // Their parents and children as they were: a retracted parent leaves its child without one.
    // (Edges they have afterwards are to persons the records name too, or to these same
    // neighbours: a merge or a split moves an edge between the two persons it names.)
    const touched = new Set(persons);
    for (const id of persons) for (const edge of [...listed(this.parentsOf, id), ...listed(this.childrenOf, id)]) touched.add(edge.parent).add(edge.child);
    for (const id of persons) this.forget(id);
    if (persons.size > 0) drain(this.load(reads, [...persons]));
    drain(this.recheck(touched));
    if (claims.size > 0) this.reloadClaims(reads, claims);
  }

  /** Reads the rows of `ids` (every person when undefined) into the picture; a step after each statement. */
  private *load(reads: SignalReads, ids: string[] | undefined): Generator<void> {
    const { persons } = this;
    for (const [id, sex, birthSort, birthClaim, deathSort] of reads.vitals(ids)) {
      persons.set(id, { sex, birth: this.fromKey(birthSort), birthClaim, birthIsBaptism: false, death: this.fromKey(deathSort) });
    }
    yield;
    const personas: string[] = [];
    for (const [id, persona] of reads.personas(ids)) {
      this.personOf.set(persona, id);
      const list = this.personasOf.get(id);
      if (list) list.push(persona);
      else this.personasOf.set(id, [persona]);
      personas.push(persona);
    }
    yield;
    const ofPersonas = ids === undefined ? undefined : personas;
    for (const persona of reads.sourced(ofPersonas)) {
      const id = this.personOf.get(persona);
      if (id !== undefined) this.sourced.add(id);
    }
    yield;
    for (const [id, persona, kind, status, date, created] of reads.dated(ofPersonas)) {
      const owner = this.personOf.get(persona);
      if (owner === undefined) continue;
      if (kind === MARRIAGE) {
        const interval = this.fromText(date);
        if (interval) this.married(owner, claim(id), interval);
        continue;
      }
      const row = { id, confirmed: status === 'confirmed', rank: kind === 'christening' ? 1 : 0, created, date };
      const group = kind === BIRTH ? this.births : this.baptisms;
      if (outranks(row, group.get(owner))) group.set(owner, row);
      const found = persons.get(owner);
      if (kind !== BIRTH && found && found.birthClaim === id) found.birthIsBaptism = true;
    }
    yield;
    for (const [id, sortDate, subject, subjectKind] of reads.marriages(ids === undefined ? undefined : [...ids, ...personas])) {
      const owner = subjectKind === 'person' ? subject : this.personOf.get(subject);
      if (owner === undefined) continue;
      // The read keeps events with a sort key only, and every key has an interval.
      this.married(owner, { id, kind: 'event' }, this.fromKey(sortDate) as Interval);
      const owners = this.eventOwners.get(id);
      if (owners) owners.add(owner);
      else this.eventOwners.set(id, new Set([owner]));
    }
    yield;
    for (const [parent, child, pedigree] of reads.edges(ids)) {
      const edge = { parent, child, pedigree };
      this.edgeList(this.parentsOf, child).push(edge);
      this.edgeList(this.childrenOf, parent).push(edge);
    }
  }

  /** One marriage per person and claim or event: a person who is two of its participants married once. */
  private married(owner: string, ref: Ref, date: Interval): void {
    let marriages = this.marriagesOf.get(owner);
    if (!marriages) this.marriagesOf.set(owner, (marriages = new Map()));
    marriages.set(ref.id, { ref, date });
  }

  private edgeList(map: Map<string, Edge[]>, id: string): Edge[] {
    let list = map.get(id);
    if (!list) map.set(id, (list = []));
    return list;
  }

  /** Takes a person's rows and every offence it is part of out of the picture. */
  private forget(id: string): void {
    this.forgetOwnOffences(id);
    for (const ref of this.marriagesOf.get(id)?.keys() ?? []) {
      const owners = this.eventOwners.get(ref);
      owners?.delete(id);
      if (owners?.size === 0) this.eventOwners.delete(ref);
    }
    this.marriagesOf.delete(id);
    for (const edge of listed(this.parentsOf, id)) this.dropEdge(edge, this.childrenOf, edge.parent);
    for (const edge of listed(this.childrenOf, id)) this.dropEdge(edge, this.parentsOf, edge.child);
    this.parentsOf.delete(id);
    this.childrenOf.delete(id);
    for (const persona of listed(this.personasOf, id)) if (this.personOf.get(persona) === id) this.personOf.delete(persona);
    this.personasOf.delete(id);
    this.persons.delete(id);
    this.sourced.delete(id);
    this.births.delete(id);
    this.baptisms.delete(id);
  }

  /** An edge's offences out, and the edge out of its other end's list. */
  private dropEdge(edge: Edge, map: Map<string, Edge[]>, other: string): void {
    this.forgetEdgeOffences(edge);
    const list = listed(map, other).filter((kept) => kept !== edge);
    if (list.length > 0) map.set(other, list);
    else map.delete(other);
  }

  private forgetOwnOffences(id: string): void {
    this.sourceless.delete(id);
    this.endOfLine.delete(id);
    this.found.died_before_born.delete(id);
    this.found.baptism_before_birth.delete(id);
    for (const ref of this.marriagesOf.get(id)?.keys() ?? []) this.found.married_under_12.delete(`${id} ${ref}`);
  }

  private forgetEdgeOffences(edge: Edge): void {
    this.found.parent_under_12.delete(`${edge.parent} ${edge.child}`);
    this.found.mother_over_55.delete(`${edge.parent} ${edge.child}`);
    this.found.born_after_mother_death.delete(`${edge.child} ${edge.parent}`);
  }

  /** Checks `ids` again: their own offences and those of every edge they are an end of; a step every 5,000. */
  private *recheck(ids: Iterable<string>): Generator<void> {
    let checked = 0;
    for (const id of ids) {
      if (++checked % TreePicture.checksPerStep === 0) yield;
      this.forgetOwnOffences(id);
      this.checkPerson(id);
      for (const edge of listed(this.childrenOf, id)) this.checkEdge(edge);
      for (const edge of listed(this.parentsOf, id)) this.checkEdge(edge);
    }
  }

  private checkPerson(id: string): void {
    const who = this.persons.get(id);
    if (!who) return;
    const mark = (offences: Offences<Offence>, key = id, related: Ref[] = []) => offences.add(key, { subject: person(id), related });
    if (!this.sourced.has(id)) mark(this.sourceless);
    const earliest = earliestBirth(who);
    if (who.death && who.death.hi < earliest) mark(this.found.died_before_born);
    const birth = this.births.get(id);
    const baptism = this.baptisms.get(id);
    const born = birth && this.fromText(birth.date);
    const baptised = baptism && this.fromText(baptism.date);
    if (born && baptised && baptised.hi < born.lo) mark(this.found.baptism_before_birth, id, [claim((birth as Best).id), claim((baptism as Best).id)]);
    for (const [ref, marriage] of sameMarriages(this.marriagesOf.get(id))) {
      if (marriage.date.hi < addYears(earliest, LIMITS.youngestSpouse)) mark(this.found.married_under_12, `${id} ${ref}`, marriage.refs);
    }
    if (listed(this.childrenOf, id).length > 0 && listed(this.parentsOf, id).length === 0) mark(this.endOfLine);
  }

  private checkEdge({ parent, child, pedigree }: Edge): void {
    this.forgetEdgeOffences({ parent, child, pedigree });
    if (!BIOLOGICAL.has(pedigree)) return;
    const elder = this.persons.get(parent);
    const young = this.persons.get(child);
    if (!elder || !young?.birth) return;
    const edge = { subject: person(parent), related: [person(child)] };
    if (young.birth.hi < addYears(earliestBirth(elder), LIMITS.youngestParent)) this.found.parent_under_12.add(`${parent} ${child}`, edge);
    if (elder.sex !== 'F') return;
    const childEarliest = earliestBirth(young);
    if (elder.birth && childEarliest > addYears(elder.birth.hi, LIMITS.oldestMother)) this.found.mother_over_55.add(`${parent} ${child}`, edge);
    if (elder.death && childEarliest > elder.death.hi) this.found.born_after_mother_death.add(`${child} ${parent}`, { subject: person(child), related: [person(parent)] });
  }

  /** Reads the unevidenced claims of `ids` (all when undefined) again. */
  private reloadClaims(reads: SignalReads, ids: ReadonlySet<string> | undefined): void {
    for (const id of ids ?? []) {
      const key = this.unevidencedKeys.get(id);
      if (key !== undefined) this.unevidenced.delete(key);
      this.unevidencedKeys.delete(id);
    }
    for (const [id, persona, created] of reads.unevidenced(ids === undefined ? undefined : [...ids])) {
      const key = `${String(created).padStart(16, '0')} ${id}`;
      this.unevidencedKeys.set(id, key);
      this.unevidenced.add(key, { id, persona });
    }
  }

  /** The interval of a sort key, each distinct key computed once. */
  private fromKey(key: string | null): Interval | null {
    if (key === null) return null;
    let interval = this.intervals.get(key);
    if (interval === undefined) this.intervals.set(key, (interval = intervalOfKey(key)));
    return interval;
  }
}

/**
 * The earliest day a person can have been born: the birth summary's earliest day when it rests on
 * a birth claim; -Infinity when it rests on a baptism or christening (the birth was on or before
 * it, how long before is unknown) or there is none.
 */
function earliestBirth(who: Person): number {
  return who.birth && !who.birthIsBaptism ? who.birth.lo : -Infinity;
}
