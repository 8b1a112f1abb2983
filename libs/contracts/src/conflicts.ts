/**
 * The conflicts plugin's contract (`@rootline/plugin-conflicts` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses conflicts imports these types from `@rootline/contracts/conflicts` and
 * never imports `@rootline/plugin-conflicts` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, PageEnvelope, PageWindow } from '@rootline/kernel';

/**
 * Conflicts of one tree (`conflictsService`, request scope): the lists, resolution by a proof
 * argument and withdrawal (both the human's), and `openFor` for plugins that show where the
 * open questions are. Conflicts are opened and withdrawn by the detection (detector.ts), never
 * through this service. Every refusal is thrown before anything is written.
 */
export interface ConflictsService {
  /** One conflict with its claims' sources, or undefined. */
  get(id: string): ConflictDto | undefined;
  /**
   * One page of conflicts, oldest first. `persona`: 404 for an unknown persona; `person`: 404
   * unless it is an active person. Both at once are refused by the route.
   */
  page(query: ConflictsListQuery, window: PageWindow<string>): PageEnvelope<ConflictDto>;
  /**
   * Resolves an open conflict by a proof argument: 404 for an unknown conflict or argument
   * (in that order), then 409 `already-settled` when it is resolved or withdrawn already.
   * Records `conflict.resolved.v1`.
   */
  resolve(actor: Actor, id: string, input: {
    proof_argument: string;
    outcome?: string;
  }): ConflictDto;
  /**
   * Withdraws an open conflict that was never a dispute (a reburial, two baptisms): 404 for an
   * unknown conflict, 409 `already-settled` when it is not open. The pair is remembered: these
   * two claims never open a conflict again. Records `conflict.withdrawn.v1` (`automatic: false`).
   */
  withdraw(actor: Actor, id: string, reason: string): ConflictDto;
  /** How many open conflicts have a claim about any of `personas` (one read): a person's open questions. */
  openFor(personas: readonly string[]): number;
  /**
   * `conflicts` as the request's actor may see them: their claims through `reader` (the
   * kernel's `filterForReader` for the request) and, for an agent not shown a claim as it is,
   * the disagreement's `detail` (it quotes the claims) hidden. Every plugin that shows
   * conflicts shows them through this.
   */
  seenBy(conflicts: readonly ConflictDto[], reader: <T>(value: T) => T): ConflictDto[];
}

export type ConflictDto = {
  persona?: string | undefined;
  person?: string | undefined;
  resolution?: {
    proof_argument: string;
    outcome: string | null;
    resolved_at_ms: number;
  } | undefined;
  withdrawal?: {
    reason: string;
    automatic: boolean;
    withdrawn_at_ms: number;
  } | undefined;
  id: string;
  kind: string;
  status: 'open' | 'resolved' | 'withdrawn';
  claims: {
    persona: string;
    assertion: string;
    value: string | null;
    date: string | null;
    place: string | null;
    source: {
      id: string;
      title: string;
    } | null;
  }[];
  disagreement: {
    on: ('value' | 'date' | 'place')[];
    detail: string;
  };
  opened_at_ms: number;
};

/** The list query, as the route takes it. */
export interface ConflictsListQuery {
  persona?: string;
  person?: string;
  open_only?: boolean;
}

declare module '@fastify/awilix' {
  interface RequestCradle {
    /**
     * The conflicts of the request's tree: `openFor(personas)` (how many open conflicts concern
     * them), `get(id)`, the list, resolution and withdrawal. Conflicts are opened and withdrawn
     * by the plugin itself, never through this service.
     */
    conflictsService: ConflictsService;
  }
}
