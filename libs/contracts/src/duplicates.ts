/**
 * The duplicates plugin's contract (`@rootline/plugin-duplicates` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses duplicates imports these types from `@rootline/contracts/duplicates` and
 * never imports `@rootline/plugin-duplicates` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, PageEnvelope, PageWindow } from '@rootline/kernel';
import type { PersonDto } from './persons.js';

/**
 * Duplicate candidates, merge proposals and the memory of pairs that are not a match, for one
 * tree. Registered as the scoped `duplicatesService`. Every change is one transaction with its
 * `proposal.*.v1` record; refusals are thrown before anything is written.
 */
export interface DuplicatesService {
  /** Whether two persons are remembered as not one person (a denied proposal, or inherited through a merge); either order. */
  isKnownNotAMatch(a: string, b: string): boolean;
  /** Brings the blocking index up to date (what changed since the last search); how many entries it took. */
  catchUp(): number;
  /**
   * `GET /persons/duplicate-candidates`: persons under the query's surname keys (given-name keys
   * when the query has no surname), scored quickly from the index, the best few read from the
   * persons plugin and scored in full, best first (score, then id), at most `limit`.
   */
  candidates(search: CandidateSearch): CandidateItem[];
  /**
   * `candidates` for a request: the query's own refusals at once, then the index brought up to
   * date a batch at a time with `pause` (default: the event loop's turn) between, then the search,
   * so a catch-up after a large import never holds the other requests.
   */
  candidatesWhenCaughtUp(search: CandidateSearch, pause?: () => Promise<void>): Promise<CandidateItem[]>;
  get(id: string): ProposalDto | undefined;
  require(id: string): ProposalDto;
  page(status: ProposalDto['status'], window: PageWindow<string>): PageEnvelope<ProposalDto>;
  /**
   * Proposes that two persons are one (anyone, an agent too). Refused: the same person twice 422
   * `same-person`; an unknown or inactive person 404; a pair known not to be a match 409
   * `known-not-a-match`; a pair with a pending proposal 409 `proposal-exists`.
   */
  propose(actor: Actor, body: CreateProposalBody): ProposalDto;
  /**
   * Approves a pending proposal (the human): merges the other person into the survivor (the
   * first of the pair unless `survivor` names the other) through the persons plugin, in the same
   * transaction. Not pending 409 `proposal-not-pending`; a survivor not of the pair 422; a merge
   * the persons plugin refuses (a person gone, a cycle in the family) is its Problem, and the
   * proposal stays pending with nothing written.
   */
  approve(actor: Actor, id: string, body: ApproveBody): ProposalDto;
  /** Denies a pending proposal (the human): the pair is remembered as not a match, for good. */
  deny(actor: Actor, id: string, reason: string): ProposalDto;
}

export interface CandidateItem {
  person: PersonDto;
  score: number;
  reasons: Reason[];
}

export interface CandidateSearch {
  given?: string;
  surname?: string;
  birth?: string;
  death?: string;
  person?: string;
  limit?: number;
}

export type ProposalDto = {
  proposer?: string | undefined;
  id: string;
  persons: string[];
  rationale: string;
  status: 'pending' | 'approved' | 'denied' | 'withdrawn';
  created_at_ms: number;
  decided_at_ms: number | null;
  note: string | null;
  reason: string | null;
  merged_into: string | null;
};

export type CreateProposalBody = {
  persons: string[];
  rationale: string;
};

export type ApproveBody = {
  note?: string | undefined;
  survivor?: string | undefined;
};

export interface Reason {
  field: 'surname' | 'given' | 'birth' | 'death' | 'sex';
  how: How;
  detail: string;
}

/** How a name part or a date agrees with the query. */
export type How = 'exact' | 'nickname' | 'double_metaphone' | 'daitch_mokotoff' | 'jaro_winkler' | 'initial' | 'different' | 'compatible' | 'close' | 'conflicting' | 'unknown';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /**
     * Duplicate candidates and merge proposals of the request's tree. `isKnownNotAMatch(a, b)`
     * says whether two persons are remembered as not one person (a denied proposal, either
     * order), for plugins that suggest merges of their own.
     */
    duplicatesService: DuplicatesService;
  }
}
