import { yieldToLoop, type Actor, type Clock, type IdSource, type PageEnvelope, type PageWindow, type Tree } from '@rootline/kernel';
import type { PersonDto, PersonsService } from '@rootline/contracts/persons';
import type { PersonasService } from '@rootline/contracts/personas';
import type { GedcomDate } from '@rootline/gedcom-date';
import { DuplicateProblems } from './errors.js';
import { DuplicateIndex, namesOfRow, type IndexRow } from './index-store.js';
import { CodeCache, givenKeys, nameOf, surnameKeys, type Name } from './names.js';
import { MIN_SCORE, preScore, scoreCandidate, type Query, type Reason } from './score.js';
import { queryDate, yearBounds } from './dates.js';
import { ProposalStore } from './proposals.js';
import type { ApproveBody, CreateProposalBody, ProposalDto } from './schemas.js';
import type { DuplicatesService as DuplicatesServiceContract } from '@rootline/contracts/duplicates';

/** What the service uses of the cradle (kept whole: the persons and personas services are made only when used). */
interface DuplicatesCradle {
  tree: Tree;
  clock: Clock;
  ids: IdSource;
  personsService: PersonsService;
  personasService: PersonasService;
}

export interface CandidateSearch {
  given?: string;
  surname?: string;
  birth?: string;
  death?: string;
  person?: string;
  limit?: number;
}

export interface CandidateItem {
  person: PersonDto;
  score: number;
  reasons: Reason[];
}

/** duplicate-candidates `limit`: default 8, clamped to 1..50 (the spec's cap). */
const LIMITS = { default: 8, max: 50 } as const;
/** How many candidates the quick score keeps for the full score: this many times `limit`, at least PRESELECT_MIN. */
const PRESELECT_FACTOR = 4;
const PRESELECT_MIN = 32;

const clampLimit = (limit: number | undefined) => (limit === undefined ? LIMITS.default : Math.min(LIMITS.max, Math.max(1, Math.trunc(limit))));

/**
 * Duplicate candidates, merge proposals and the memory of pairs that are not a match, for one
 * tree. Registered as the scoped `duplicatesService`. Every change is one transaction with its
 * `proposal.*.v1` record; refusals are thrown before anything is written.
 */
export class DuplicatesService implements DuplicatesServiceContract {
  private readonly tree: Tree;
  private readonly index: DuplicateIndex;
  private readonly proposals: ProposalStore;

  constructor(private readonly cradle: DuplicatesCradle) {
    this.tree = cradle.tree;
    this.index = new DuplicateIndex(cradle.tree);
    this.proposals = new ProposalStore(cradle.tree);
  }

  /** Whether two persons are remembered as not one person (a denied proposal, or inherited through a merge); either order. */
  isKnownNotAMatch(a: string, b: string): boolean {
    return this.proposals.notAMatch(a, b) !== undefined;
  }

  /** Brings the blocking index up to date (what changed since the last search); how many entries it took. */
  catchUp(): number {
    return this.index.hasStale() ? this.index.catchUpAll(this.cradle) : 0;
  }

  /**
   * `GET /persons/duplicate-candidates`: persons under the query's surname keys (given-name keys
   * when the query has no surname), scored quickly from the index, the best few read from the
   * persons plugin and scored in full, best first (score, then id), at most `limit`.
   */
  candidates(search: CandidateSearch): CandidateItem[] {
    this.refuseAtOnce(search);
    const birth = this.dateOf('birth', search.birth);
    const death = this.dateOf('death', search.death);
    this.catchUp();
    const { query, exclude } = this.prepare(search, birth, death);
    const limit = clampLimit(search.limit);
    const codes = new CodeCache();
    const keys = query.names.flatMap((name) => (name.surnameForms.length > 0 ? surnameKeys(name, codes) : givenKeys(name, codes)));
    const bounds = { birth: yearBounds(query.birth), death: yearBounds(query.death) };
    const quick = this.index
      .block(keys)
      .filter((row) => !exclude.has(row.person))
      .map((row) => {
        const candidate = indexed(row);
        return { person: row.person, names: candidate.names, score: preScore(query, bounds, candidate) };
      })
      .sort((a, b) => b.score - a.score || (a.person < b.person ? -1 : 1))
      .slice(0, Math.max(PRESELECT_MIN, PRESELECT_FACTOR * limit));
    const names = new Map(quick.map((candidate) => [candidate.person, candidate.names]));
    return this.cradle.personsService
      .many([...names.keys()])
      .map((person) => ({ person, ...scoreCandidate(query, { names: names.get(person.id)!, birth: person.birth?.date ?? null, death: person.death?.date ?? null, sex: person.sex }, codes) }))
      .filter((item) => item.score >= MIN_SCORE)
      .sort((a, b) => b.score - a.score || (a.person.id < b.person.id ? -1 : 1))
      .slice(0, limit);
  }

  /**
   * `candidates` for a request: the query's own refusals at once, then the index brought up to
   * date a batch at a time with `pause` between (`catchUpPaced`), then the search. After an
   * import of 102,000 persons the whole catch-up is ~14 s of work: in one piece, as `candidates`
   * alone does it, every other request waited that long.
   */
  async candidatesWhenCaughtUp(search: CandidateSearch, pause: () => Promise<void> = yieldToLoop): Promise<CandidateItem[]> {
    this.refuseAtOnce(search);
    await this.catchUpPaced(pause);
    return this.candidates(search);
  }

  /** Brings the blocking index up to date a small batch (one transaction) at a time, `pause` between; how many entries it took. */
  async catchUpPaced(pause: () => Promise<void> = yieldToLoop): Promise<number> {
    let total = 0;
    for (let taken = this.index.catchUp(this.cradle); taken > 0; taken = this.index.catchUp(this.cradle)) {
      total += taken;
      await pause();
    }
    return total;
  }

  /** The refusals that need no index: nothing asked (or no letter in it), a date that is not one, an unknown person. */
  private refuseAtOnce(search: CandidateSearch): void {
    if (search.person === undefined) {
      const asked = nameOf(search.given ?? '', search.surname ?? '');
      if (asked.givenWords.length === 0 && asked.surnameForms.length === 0) throw DuplicateProblems.nameRequired();
    }
    this.dateOf('birth', search.birth);
    this.dateOf('death', search.death);
    if (search.person !== undefined && !this.cradle.personsService.exists(search.person)) throw DuplicateProblems.personNotFound(search.person);
  }

  /** A query date, or 400 `invalid-date` naming the parameter. */
  private dateOf(parameter: 'birth' | 'death', text: string | undefined): GedcomDate | null {
    if (text === undefined) return null;
    const date = queryDate(text);
    if (!date) throw DuplicateProblems.invalidDate(parameter, text);
    return date;
  }

  /**
   * The query: its names (from `given`/`surname`, else the person's names, piece by piece), its
   * dates (else the person's), and who is left out (the person and those known not to be it).
   */
  private prepare(search: CandidateSearch, birth: GedcomDate | null, death: GedcomDate | null): { query: Query; exclude: Set<string> } {
    const asked = search.given !== undefined || search.surname !== undefined ? nameOf(search.given ?? '', search.surname ?? '') : null;
    const letters = (name: Name) => name.givenWords.length > 0 || name.surnameForms.length > 0;
    // Asked with a letter in it, or a person that exists: refuseAtOnce saw to both.
    if (search.person === undefined) return { query: { names: [asked!], birth, death, sex: null }, exclude: new Set() };
    const person = this.cradle.personsService.get(search.person);
    if (!person) throw DuplicateProblems.personNotFound(search.person);
    // Indexed: the search caught up first.
    const own = this.index.namesOf(person.id) ?? [];
    const names = (own.length > 0 ? own : [nameOf('', '')])
      .map((name) => nameOf(search.given ?? name.given, search.surname ?? name.surname))
      .filter(letters);
    if (names.length === 0) throw DuplicateProblems.nameRequired();
    const personDate = (summary: PersonDto['birth']) => (summary?.date ? queryDate(summary.date) : null);
    return {
      query: { names, birth: birth ?? personDate(person.birth), death: death ?? personDate(person.death), sex: person.sex },
      exclude: new Set([person.id, ...this.proposals.notAMatchWith(person.id)]),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Proposals

  get(id: string): ProposalDto | undefined {
    return this.proposals.get(id);
  }

  require(id: string): ProposalDto {
    const proposal = this.proposals.get(id);
    if (!proposal) throw DuplicateProblems.proposalNotFound(id);
    return proposal;
  }

  page(status: ProposalDto['status'], window: PageWindow<string>): PageEnvelope<ProposalDto> {
    return window.read((after, take) => this.proposals.page(status, after, take), () => this.proposals.count(status), (row) => row.id);
  }

  /**
   * Proposes that two persons are one (anyone, an agent too). Refused: the same person twice 422
   * `same-person`; an unknown or inactive person 404; a pair known not to be a match 409
   * `known-not-a-match`; a pair with a pending proposal 409 `proposal-exists`.
   */
  propose(actor: Actor, body: CreateProposalBody): ProposalDto {
    const [a, b] = body.persons;
    if (a === b) throw DuplicateProblems.samePerson(a);
    return this.tree.transact(() => {
      for (const person of [a, b]) if (!this.cradle.personsService.exists(person)) throw DuplicateProblems.personNotFound(person);
      this.refuseKnownNotAMatch(a, b);
      const pending = this.proposals.pendingFor(a, b);
      if (pending) throw DuplicateProblems.proposalExists(pending);
      const id = this.cradle.ids.next();
      this.proposals.insert(actor, { id, persons: [a, b], rationale: body.rationale, created_at_ms: this.cradle.clock.now() });
      this.tree.record({ kind: 'proposal.created.v1', entity_type: 'proposal', entity_id: id, actor, payload: { persons: [a, b], rationale: body.rationale } });
      return this.proposals.get(id)!;
    });
  }

  /**
   * Approves a pending proposal (the human): merges the other person into the survivor (the
   * first of the pair unless `survivor` names the other) through the persons plugin, in the same
   * transaction. Not pending 409 `proposal-not-pending`; a survivor not of the pair 422; a merge
   * the persons plugin refuses (a person gone, a cycle in the family) is its Problem, and the
   * proposal stays pending with nothing written.
   */
  approve(actor: Actor, id: string, body: ApproveBody): ProposalDto {
    return this.tree.transact(() => {
      const proposal = this.requirePending(id);
      const [a, b] = proposal.persons as [string, string];
      if (body.survivor !== undefined && body.survivor !== a && body.survivor !== b) throw DuplicateProblems.survivorNotInProposal(body.survivor, [a, b]);
      // A person merged since the proposal was made stands for the person it went into.
      const [nowA, nowB] = [this.standing(a), this.standing(b)];
      const survivor = body.survivor === b ? nowB : nowA;
      const merged = survivor === nowA ? nowB : nowA;
      const at = this.cradle.clock.now();
      if (survivor === merged) {
        // Merged already (by the human directly, or another proposal): approving says so, and merges nothing.
        this.proposals.decide(id, { status: 'approved', at, note: body.note, merged_into: survivor });
        this.tree.record({ kind: 'proposal.approved.v1', entity_type: 'proposal', entity_id: id, actor, payload: { persons: [a, b], survivor, merged: null, note: body.note ?? null, merged_already: true } });
        return this.proposals.get(id)!;
      }
      this.refuseKnownNotAMatch(nowA, nowB);
      this.cradle.personsService.merge(actor, survivor, merged);
      this.proposals.decide(id, { status: 'approved', at, note: body.note, merged_into: survivor });
      this.tree.record({ kind: 'proposal.approved.v1', entity_type: 'proposal', entity_id: id, actor, payload: { persons: [a, b], survivor, merged, note: body.note ?? null } });
      return this.proposals.get(id)!;
    });
  }

  /** Denies a pending proposal (the human): the pair is remembered as not a match, for good (as the persons stand now, after any merge). */
  deny(actor: Actor, id: string, reason: string): ProposalDto {
    return this.tree.transact(() => {
      const proposal = this.requirePending(id);
      const [a, b] = proposal.persons as [string, string];
      const now = this.cradle.clock.now();
      this.proposals.decide(id, { status: 'denied', at: now, reason });
      const [nowA, nowB] = [this.standing(a), this.standing(b)];
      this.proposals.rememberNotAMatch(nowA === nowB ? a : nowA, nowA === nowB ? b : nowB, id, now);
      this.tree.record({ kind: 'proposal.denied.v1', entity_type: 'proposal', entity_id: id, actor, payload: { persons: [a, b], reason } });
      return this.proposals.get(id)!;
    });
  }

  /** The person a proposal's person is now: itself, or the survivor it was merged into (a retracted or unknown one stays as named, and is refused as before). */
  private standing(person: string): string {
    return this.cradle.personsService.survivorOf(person) ?? person;
  }

  private requirePending(id: string): ProposalDto {
    const proposal = this.require(id);
    if (proposal.status !== 'pending') throw DuplicateProblems.proposalNotPending(id, proposal.status);
    return proposal;
  }

  private refuseKnownNotAMatch(a: string, b: string): void {
    const known = this.proposals.notAMatch(a, b);
    if (known) throw DuplicateProblems.knownNotAMatch(a, b, known.proposal);
  }
}

/** An index row as the quick score reads it. */
function indexed(row: IndexRow) {
  const bounds = (lo: number | null, hi: number | null): [number, number] | null => (lo === null || hi === null ? null : [lo, hi]);
  return {
    names: namesOfRow(row.names),
    birth: bounds(row.birth_lo, row.birth_hi),
    death: bounds(row.death_lo, row.death_hi),
    sex: row.sex,
    phoneticSurname: row.phonetic,
  };
}
