/**
 * The assertions plugin's contract (`@rootline/plugin-assertions` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses assertions imports these types from `@rootline/contracts/assertions` and
 * never imports `@rootline/plugin-assertions` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel, PageEnvelope, PageWindow } from '@rootline/kernel';

/**
 * Claims of one tree: capture, review, evidence, supersede and the lists. Registered as
 * the scoped `assertionsService`; the pending plugin drives the lane through it.
 * Every check that can fail runs before the transaction, so a refused request writes nothing.
 */
export interface AssertionsService {
  /** One claim with its evidence. */
  get(id: string): AssertionDto | undefined;
  /**
   * The citations attached as evidence to any of `ids` (one read for a batch of claims), by
   * claim, oldest first: what an exporter writes beside the claim's own source citation.
   */
  evidenceCitations(ids: readonly string[]): Map<string, string[]>;
  /**
   * The claims with a citation attached as evidence, `take` at a time after `after` ('' to
   * begin), in id order: a walk of the whole tree reads them all, a page between its pauses, and
   * asks `evidenceCitations` only for these.
   */
  citedAsEvidence(after: string, take: number): string[];
  requirePersona(id: string): void;
  requireSource(id: string): void;
  capture(actor: Actor, input: NewClaim): AssertionDto;
  /**
   * `capture` for many claims in one transaction (an import's batch), with the same checks,
   * each persona, source and citation checked once however many claims name it: any refusal
   * refuses them all and writes nothing. One record per claim; the answers in the order given.
   */
  captureMany(actor: Actor, inputs: readonly NewClaim[]): AssertionDto[];
  /** A transcribed record: its personas and the claims it supports, citing its source (transcription.ts). */
  transcribe(actor: Actor, body: TranscriptionBody): TranscriptionClaimed;
  /** confirm, refute, mark-fabricated, defer, undefer. Returns whether the status changed. */
  review(actor: Actor, id: string, review: Exclude<Review, 'supersede'>): boolean;
  /** Replaces a standing claim by a corrected one; superseding it again returns the same replacement. */
  supersede(actor: Actor, id: string, replacement: Partial<Omit<NewClaim, 'persona'>>): string;
  attachEvidence(actor: Actor, id: string, body: AttachEvidenceBody): void;
  /** Followable evidence confirms a pending or deferred claim; open to agents (CONTRACT §3). */
  attachEvidenceAndConfirm(actor: Actor, id: string, body: AttachEvidenceBody): AssertionDto;
  /** Confirms each claim it can, in one transaction, and says what happened to every id. */
  bulkConfirm(actor: Actor, ids: string[]): BulkOutcome[];
  /**
   * Deletes a claim and its evidence and records `assertion.removed.v1` (an import undone): the
   * claim leaves every list, count and summary; false when there is none.
   */
  remove(actor: Actor, id: string, reason: string): boolean;
  /** One page of a claim list and the count of all matches; the window fetches one row past its limit. */
  page(filter: ClaimFilter, order: SortOrder, window: PageWindow<ClaimKey>): PageEnvelope<AssertionDto>;
  /**
   * The same page as the finished JSON envelope: SQLite builds each item, so a page of
   * 100 claims is 100 strings rather than 1,500 column values (the routes send it as is).
   */
  pageJson(filter: ClaimFilter, order: SortOrder, window: PageWindow<ClaimKey>): string;
  count(filter: ClaimFilter): number;
  /** The first `n` claims a filter keeps, in `order`. */
  first(filter: ClaimFilter, order: SortOrder, n: number): AssertionDto[];
  /** The `sort`/`order` rules every claim list shares (400 invalid-sort / invalid-order). */
  order(query: {
    sort?: string;
    order?: string;
  }): SortOrder;
  buckets(field: BucketField, filter: ClaimFilter, limit: number): BucketCount[];
  tally(): {
    sourced: number;
    needs_source: number;
    total: number;
  };
  /** `GET /labels` (views plugin): "Birth of William Smyth: 12 MAR 1851, Ledbury"; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[];
  /**
   * The standing claims (pending, deferred, confirmed) of these personas, oldest first, at most
   * `limit`, and how many there are (a person's card). Reads at most `limit` rows per persona and
   * status, each one index range, so it costs the same however many claims a persona has.
   */
  forPersonas(personas: string[], limit: number): {
    items: AssertionDto[];
    total: number;
  };
  /**
   * Every claim of `personas` in `statuses` (without their evidence), grouped by persona in the
   * order given, each persona's oldest first: one read for a whole batch (the GEDCOM export).
   */
  ofPersonas(personas: readonly string[], statuses: readonly AssertionStatus[]): AssertionDto[];
  /** How many claims of these personas wait in the pending lane (from the per-persona counts). */
  pendingCount(personas: string[]): number;
  /** The distinct sources the standing claims of these personas cite, by id. */
  citedSources(personas: string[]): string[];
  /**
   * The standing (pending, deferred, confirmed) claims of `kinds` about `personas`, confirmed
   * first, then oldest first: what the persons plugin builds birth and death summaries from.
   */
  vitalClaims(personas: readonly string[], kinds: readonly string[]): VitalClaim[];
  /** Personas (of `personas` when given) with at least one standing claim citing a source or a citation, streamed in one read (the research signals). */
  sourcedPersonas(personas?: readonly string[]): IterableIterator<string>;
  /** Confirmed claims (of `claims` when given) with no source, no citation and no evidence, streamed in one read: see UnevidencedClaimRow. */
  unevidencedClaimRows(claims?: readonly string[]): IterableIterator<UnevidencedClaimRow>;
  /** Standing claims of `kinds` (about `personas` when given) that have a date, streamed in one read: see DatedClaimRow. */
  datedClaimRows(kinds: readonly string[], personas?: readonly string[]): IterableIterator<DatedClaimRow>;
}

/** [id, persona, created_at_ms]. */
export type UnevidencedClaimRow = [id: string, persona: string, createdAtMs: number];

/** [id, persona, kind, status, date as written, created_at_ms]. */
export type DatedClaimRow = [id: string, persona: string, kind: string, status: AssertionStatus, date: string, createdAtMs: number];

/** What bulk-confirm did to one claim. */
export type BulkOutcome = {
    id: string;
    outcome: 'confirmed' | 'already_confirmed' | 'not_found' | 'refused';
    detail?: string;
};

export type BucketField = 'source' | 'proposer';

/** What a list keeps; `null` for source/proposer means "has none". */
export interface ClaimFilter {
  persona?: string;
  kind?: string;
  status?: AssertionStatus;
  /** Only pending, deferred and confirmed claims. */
  activeOnly?: boolean;
  source?: string | null;
  proposer?: string | null;
}

/** Keyset position: (created_at_ms, id) of the last row of the previous page. */
export type ClaimKey = [number, string];

export type SortOrder = 'asc' | 'desc';

/** A standing claim about a life event of a persona: what a person's birth or death summary rests on. */
export interface VitalClaim {
  id: string;
  persona: string;
  kind: string;
  status: AssertionStatus;
  date: string | null;
  place: string | null;
  created_at_ms: number;
}

export type AssertionDto = {
  proposer?: string | undefined;
  evidence?: {
    id: string;
    kind: 'citation' | 'blob' | 'url' | 'offline_record';
    citation: string | null;
    blob: string | null;
    url: string | null;
    description: string | null;
    attached_at_ms: number;
  }[] | undefined;
  id: string;
  persona: string;
  kind: string;
  status: 'pending' | 'deferred' | 'confirmed' | 'refuted' | 'fabricated' | 'superseded';
  value: string | null;
  date: string | null;
  place: string | null;
  source: string | null;
  citation: string | null;
  captured_by: 'human' | 'agent' | 'system';
  superseded_by: string | null;
  /** On an agent's replacement of a confirmed claim: the claim it would replace once the human confirms it. */
  replaces?: string;
  created_at_ms: number;
  status_changed_at_ms: number;
};

export interface NewClaim {
  persona: string;
  kind: string;
  value?: string | null;
  date?: string | null;
  place?: string | null;
  source?: string | null;
  citation?: string | null;
}

export type TranscriptionBody = {
  citation?: string | undefined;
  source: string;
  transcription: string;
  personas: {
    name?: string | undefined;
    given?: string | undefined;
    surname?: string | undefined;
    sex?: 'M' | 'F' | 'X' | 'U' | undefined;
    role?: string | undefined;
    claims: {
      value?: string | undefined;
      date?: string | undefined;
      place?: string | undefined;
      kind: string;
    }[];
  }[];
};

export interface TranscriptionClaimed extends Omit<AssertionDto, 'evidence'> {
  personas: string[];
  claims: AssertionDto[];
}

export type Review = 'confirm' | 'refute' | 'mark-fabricated' | 'supersede' | 'defer' | 'undefer';

export type AttachEvidenceBody = {
  citation?: string | undefined;
  blob?: string | undefined;
  url?: string | undefined;
  description?: string | undefined;
  kind: 'citation' | 'blob' | 'url' | 'offline_record';
};

export interface BucketCount {
  key: string | null;
  count: number;
}

export type AssertionStatus = 'pending' | 'deferred' | 'confirmed' | 'refuted' | 'fabricated' | 'superseded';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The claims of the request's tree: capture, review, evidence and the lists. */
    assertionsService: AssertionsService;
  }
}
