import type { EntityLabel, Tree } from '@rootline/kernel';
import type { AssertionsService } from '@rootline/contracts/assertions';
import type { EventsService } from '@rootline/contracts/events';
import type { FamilyService } from '@rootline/contracts/family';
import type { PersonsService } from '@rootline/contracts/persons';
import type { SignalsCache } from './cache.js';
import { addYears, dateReader, intervalOfKey, type Interval } from './dates.js';
import { Tally } from './examples.js';
import { MAX_EXAMPLES, type DateInconsistencyKind, type SignalExample, type SignalsDto } from './schemas.js';

/** What the signals read of the request's cradle: the owners of the data, through their contracts; the tree and the cache. */
interface SignalsCradle {
  personsService: PersonsService;
  familyService: FamilyService;
  assertionsService: AssertionsService;
  eventsService: EventsService;
  tree: Tree;
  signalsCache: SignalsCache;
}

/** Ages the date checks use, in years. */
const LIMITS = { youngestParent: 12, oldestMother: 55, youngestSpouse: 12 } as const;

/** Claim kinds a baptism check reads; marriages are read from claims of this kind and from events. */
const BIRTH = 'birth';
const BAPTISMS = new Set(['baptism', 'christening']);
const MARRIAGE = 'marriage';
/** Event types and participant roles that make a marriage (GEDCOM import writes FAM.MARR as a `MARR` event with `husband` and `wife`). */
const MARRIAGE_TYPES = ['MARR'];
const SPOUSE_ROLES = ['husband', 'wife', 'spouse', 'bride', 'groom', 'partner', 'principal'];
/** Pedigrees for which a parent's age and a mother's death bound a child's birth. */
const BIOLOGICAL = new Set(['birth', 'unknown']);

interface Person {
  sex: string | null;
  /** The birth summary's interval; its `lo` only when the summary rests on a birth claim (see `earliestBirth`). */
  birth: Interval | null;
  birthClaim: string | null;
  /** True once a baptism or christening claim is seen to be what the birth summary rests on. */
  birthIsBaptism: boolean;
  death: Interval | null;
}

/** The best standing claim of one kind group for a person: confirmed first, then the most direct kind, then the oldest. */
interface Best {
  id: string;
  confirmed: boolean;
  /** 0 for a baptism (or a birth), 1 for a christening: the persons' summary ranks them so. */
  rank: number;
  created: number;
  date: string;
}

type Ref = { id: string; kind: 'person' | 'assertion' | 'event' };
type Offence = { subject: Ref; related: Ref[] };

const person = (id: string): Ref => ({ id, kind: 'person' });
const claim = (id: string): Ref => ({ id, kind: 'assertion' });

const better = (row: Best, best: Best | undefined) =>
  best === undefined ||
  (row.confirmed !== best.confirmed ? row.confirmed : row.rank !== best.rank ? row.rank < best.rank : row.created !== best.created ? row.created < best.created : row.id < best.id);

/**
 * The research signals of one tree (`signalsService`, request scope): a static dashboard computed
 * on each call from whole-tree reads of the persons, family, assertions and events plugins (one
 * streamed statement each), joined here in memory. See docs/api.md "Research signals" and
 * dates.ts for how dates are compared.
 */
export class SignalsService {
  constructor(private readonly cradle: SignalsCradle) {}

  /**
   * The signals with at most `limit` examples each: computed (at the largest cap) when the tree
   * changed since they last were, else the last computation's, cut to `limit`.
   */
  signals(limit: number): SignalsDto {
    const { tree, signalsCache } = this.cradle;
    const seq = tree.records.lastSeq();
    let signals = signalsCache.get(tree.id, seq);
    if (signals === undefined) {
      signals = this.compute(MAX_EXAMPLES);
      signalsCache.set(tree.id, seq, signals);
    }
    return cut(signals, limit);
  }

  /** The signals computed from the whole tree, with at most `limit` examples each. */
  compute(limit: number): SignalsDto {
    const { personsService, familyService, assertionsService, eventsService } = this.cradle;
    const keyed = new Map<string, Interval | null>();
    const fromKey = (key: string | null) => {
      if (key === null) return null;
      let interval = keyed.get(key);
      if (interval === undefined) keyed.set(key, (interval = intervalOfKey(key)));
      return interval;
    };
    const fromText = dateReader();

    const persons = new Map<string, Person>();
    for (const [id, sex, birthSort, birthClaim, deathSort] of personsService.vitalRows()) {
      persons.set(id, { sex, birth: fromKey(birthSort), birthClaim, birthIsBaptism: false, death: fromKey(deathSort) });
    }
    const personOf = new Map<string, string>();
    for (const [id, persona] of personsService.personaRows()) personOf.set(persona, id);

    // Sourceless people: no persona of theirs has a standing claim citing a source.
    const sourced = new Set<string>();
    for (const persona of assertionsService.sourcedPersonas()) {
      const id = personOf.get(persona);
      if (id !== undefined) sourced.add(id);
    }
    const sourceless = new Tally<Offence>(limit);
    for (const id of persons.keys()) if (!sourced.has(id)) sourceless.add(id, { subject: person(id), related: [] });

    // Births, baptisms and marriages from the claims.
    const births = new Map<string, Best>();
    const baptisms = new Map<string, Best>();
    // One per person and marriage: a person who is two of its participants (two roles, or two of
    // its personas) married once.
    const marriages = new Map<string, { person: string; ref: Ref; date: Interval }>();
    const married = (owner: string, ref: Ref, date: Interval) => marriages.set(`${owner} ${ref.id}`, { person: owner, ref, date });
    for (const [id, persona, kind, status, date, created] of assertionsService.datedClaimRows([BIRTH, ...BAPTISMS, MARRIAGE])) {
      const owner = personOf.get(persona);
      if (owner === undefined) continue;
      if (kind === MARRIAGE) {
        const interval = fromText(date);
        if (interval) married(owner, claim(id), interval);
        continue;
      }
      const row = { id, confirmed: status === 'confirmed', rank: kind === 'christening' ? 1 : 0, created, date };
      const group = kind === BIRTH ? births : baptisms;
      if (better(row, group.get(owner))) group.set(owner, row);
      if (kind !== BIRTH) {
        const found = persons.get(owner);
        if (found && found.birthClaim === id) found.birthIsBaptism = true;
      }
    }
    for (const [id, sortDate, subject, subjectKind] of eventsService.datedParticipantRows(MARRIAGE_TYPES, SPOUSE_ROLES)) {
      const owner = subjectKind === 'person' ? subject : personOf.get(subject);
      const date = fromKey(sortDate);
      if (owner !== undefined && date) married(owner, { id, kind: 'event' }, date);
    }

    const found: Record<DateInconsistencyKind, Tally<Offence>> = {
      died_before_born: new Tally(limit),
      parent_under_12: new Tally(limit),
      mother_over_55: new Tally(limit),
      born_after_mother_death: new Tally(limit),
      baptism_before_birth: new Tally(limit),
      married_under_12: new Tally(limit),
    };

    for (const [id, who] of persons) {
      const earliest = earliestBirth(who);
      if (who.death && who.death.hi < earliest) found.died_before_born.add(id, { subject: person(id), related: [] });
    }
    for (const [id, birth] of births) {
      const baptism = baptisms.get(id);
      const born = fromText(birth.date);
      const baptised = baptism && fromText(baptism.date);
      if (born && baptised && baptised.hi < born.lo) found.baptism_before_birth.add(id, { subject: person(id), related: [claim(birth.id), claim(baptism.id)] });
    }
    for (const [pair, marriage] of marriages) {
      const who = persons.get(marriage.person);
      if (who && marriage.date.hi < addYears(earliestBirth(who), LIMITS.youngestSpouse)) {
        found.married_under_12.add(pair, { subject: person(marriage.person), related: [marriage.ref] });
      }
    }

    // Parent edges: ages at a child's birth, a mother's death, and who has no known parent.
    const parents = new Set<string>();
    const children = new Set<string>();
    for (const [parent, child, pedigree] of familyService.parentEdgeRows()) {
      parents.add(parent);
      children.add(child);
      if (!BIOLOGICAL.has(pedigree)) continue;
      const elder = persons.get(parent);
      const young = persons.get(child);
      if (!elder || !young?.birth) continue;
      const edge = () => ({ subject: person(parent), related: [person(child)] });
      if (young.birth.hi < addYears(earliestBirth(elder), LIMITS.youngestParent)) found.parent_under_12.add(`${parent} ${child}`, edge());
      if (elder.sex !== 'F') continue;
      const childEarliest = earliestBirth(young);
      if (elder.birth && childEarliest > addYears(elder.birth.hi, LIMITS.oldestMother)) found.mother_over_55.add(`${parent} ${child}`, edge());
      if (elder.death && childEarliest > elder.death.hi) found.born_after_mother_death.add(`${child} ${parent}`, { subject: person(child), related: [person(parent)] });
    }
    const endOfLine = new Tally<Offence>(limit);
    for (const id of parents) if (!children.has(id) && persons.has(id)) endOfLine.add(id, { subject: person(id), related: [] });

    const unevidenced = assertionsService.unevidencedConfirmed(limit);
    const personaOwners = unevidenced.first.map((row) => personOf.get(row.persona));
    const unevidencedFirst: Offence[] = unevidenced.first.map((row, at) => ({ subject: claim(row.id), related: personaOwners[at] === undefined ? [] : [person(personaOwners[at] as string)] }));

    const all = [sourceless.first, unevidencedFirst, endOfLine.first, ...Object.values(found).map((tally) => tally.first)].flat();
    const labels = this.labels(all.flatMap((offence) => [offence.subject, ...offence.related]));
    const shown = (offences: Offence[]): SignalExample[] => offences.map(({ subject, related }) => ({ ...labelled(labels, subject), related: related.map((ref) => labelled(labels, ref)) }));
    const signal = (tally: Tally<Offence>) => ({ count: tally.count, examples: shown(tally.first) });
    const kinds = Object.fromEntries(Object.entries(found).map(([kind, tally]) => [kind, signal(tally)])) as Record<DateInconsistencyKind, SignalsDto['date_inconsistencies']['died_before_born']>;
    return {
      example_limit: limit,
      sourceless_people: signal(sourceless),
      conclusions_without_evidence: { count: unevidenced.count, examples: shown(unevidencedFirst) },
      date_inconsistencies: { count: Object.values(found).reduce((sum, tally) => sum + tally.count, 0), ...kinds },
      end_of_line_ancestors: signal(endOfLine),
    };
  }

  /** The labels of the examples: one read per owning plugin. */
  private labels(refs: Ref[]): Map<string, string> {
    const ids = (kind: Ref['kind']) => [...new Set(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id))];
    const read = (list: EntityLabel[]) => list.map((label): [string, string] => [label.id, label.label]);
    const { personsService, assertionsService, eventsService } = this.cradle;
    return new Map([...read(personsService.labels(ids('person'))), ...read(assertionsService.labels(ids('assertion'))), ...read(eventsService.labels(ids('event')))]);
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

/** `signals` with at most `limit` examples each (the first ones: they are in order). */
function cut(signals: SignalsDto, limit: number): SignalsDto {
  const signal = (found: { count: number; examples: SignalExample[] }) => ({ count: found.count, examples: found.examples.slice(0, limit) });
  const { count, ...kinds } = signals.date_inconsistencies;
  return {
    example_limit: limit,
    sourceless_people: signal(signals.sourceless_people),
    conclusions_without_evidence: signal(signals.conclusions_without_evidence),
    date_inconsistencies: { count, ...(Object.fromEntries(Object.entries(kinds).map(([kind, found]) => [kind, signal(found)])) as typeof kinds) },
    end_of_line_ancestors: signal(signals.end_of_line_ancestors),
  };
}

function labelled(labels: Map<string, string>, ref: Ref) {
  return { id: ref.id, kind: ref.kind, label: labels.get(ref.id) ?? '' };
}
