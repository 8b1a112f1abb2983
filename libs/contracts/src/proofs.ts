/**
 * The proofs plugin's contract (`@rootline/plugin-proofs` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses proofs imports these types from `@rootline/contracts/proofs` and
 * never imports `@rootline/plugin-proofs` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel, PageEnvelope, PageWindow } from '@rootline/kernel';

/**
 * Proof arguments of one tree (`proofArgumentsService`, request scope). Other plugins (conflicts)
 * check an argument with `exists` and read it with `get`; `labels` serves `GET /labels`.
 * Every write runs in `tree.transact` with its record; every check runs first, so a refused
 * request writes nothing.
 */
export interface ProofArgumentsService {
  exists(id: string): boolean;
  /** The argument with each claim it weighs, as the claim stands now; undefined for an unknown id. */
  get(id: string): ProofArgumentDetail | undefined;
  /** `GET /labels` (views plugin): each argument's title; unknown ids are left out. */
  labels(ids: readonly string[]): EntityLabel[];
  /**
   * Writes an argument and `proof_argument.created.v1`. Every claim must exist (404 `not-found`
   * naming the first unknown one, nothing written); a repeated claim is kept once, where it first
   * appears. `question` is stored as given (see the schema).
   */
  create(actor: Actor, input: CreateProofArgumentBody): ProofArgumentDto;
  /** One page of the list, oldest first (ids are UUIDv7: creation order), optionally of one question; `total` counts the matches. */
  list(filter: {
    question?: string;
  }, window: PageWindow<string>): PageEnvelope<ProofArgumentDto>;
  /** What the export draws (before the reader's filters): the argument, its claims and their citations' notes. */
  document(id: string): ProofDocument | undefined;
}

export type ProofArgumentDto = {
  proposer?: string | undefined;
  id: string;
  title: string;
  text: string;
  question: string | null;
  assertions: string[];
  conclusion: string | null;
  created_at_ms: number;
  updated_at_ms: number;
};

export type ProofArgumentDetail = {
  proposer?: string | undefined;
  id: string;
  title: string;
  text: string;
  question: string | null;
  assertions: string[];
  conclusion: string | null;
  created_at_ms: number;
  updated_at_ms: number;
  claims: ClaimWeighed[];
};

export type ClaimWeighed = {
  redacted?: string[] | undefined;
  assertion: string;
  persona: string | null;
  kind: string | null;
  value: string | null;
  date: string | null;
  place: string | null;
  status: string;
  /** "[redacted]" when an agent reads a claim whose source (or the whole claim) is redacted. */
  source: {
    id: string;
    title: string;
  } | '[redacted]' | null;
  /** "[redacted]" when an agent reads a claim whose citation (or the whole claim) is redacted. */
  citation: {
    id: string;
    first_reference: string | null;
  } | '[redacted]' | null;
};

export type CreateProofArgumentBody = {
  question?: string | undefined;
  assertions?: string[] | undefined;
  conclusion?: string | undefined;
  title: string;
  text: string;
};

/** What the export draws: the argument, its claims and the notes of every citation they cite. */
export interface ProofDocument extends ProofArgumentDetail {
  citations: CitationNotes[];
}

/** A citation the export cites: its notes in Markdown (the sources plugin's renderings), null without a template. */
export interface CitationNotes {
  id: string;
  /** The source the citation cites, if any. */
  source: string | null;
  first_reference: string | null;
  subsequent: string | null;
  source_list: string | null;
  /** The element values of a citation without a template, joined (its only text); null with a template or without values. */
  elements: string | null;
}

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The proof arguments of the request's tree: `exists(id)`, `get(id)`, `labels(ids)`, `create`, `list`. */
    proofArgumentsService: ProofArgumentsService;
  }
}
