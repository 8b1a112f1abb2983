/**
 * The views plugin's redactions contract (`@rootline/plugin-views` implements it): what another
 * plugin may ask of a tree's redactions, and the shape of one. Type-only, like every contract:
 * a plugin that writes what redactions hide (the GEDCOM export) imports these types from
 * `@rootline/contracts/redactions` and lists `@rootline/plugin-views` in its manifest
 * `dependencies` and `peerDependencies`.
 */
import type { Actor } from '@rootline/kernel';

/** What is hidden of one target: the whole entity (every field but `id`), or some of its fields. */
export interface Redacted {
  whole: boolean;
  fields: ReadonlySet<string>;
  /**
   * Of `fields`, those hidden only because the claim they summarise is redacted (a person's
   * `birth` or `death` resting on a claim redacted in its date, place or kind): what of the claim
   * itself is hidden is that claim's own redaction (a writer of claims follows that one).
   */
  fromClaims?: ReadonlySet<string>;
}

/** Redactions of one tree: reading what is hidden, and hiding a field or an entity. */
export interface RedactionsService {
  /**
   * What is hidden of each target, by id, in one read (kept by the provider until a redaction
   * changes): its own redactions, plus what other entities take from a redacted one (a person's
   * `display_name` when it is a redacted persona's name). A walk of the whole tree reads this once
   * a batch instead of asking `redactedFields` for every entity.
   */
  targets(): ReadonlyMap<string, Redacted>;
  /** The redacted fields of a target, `'*'` standing for the whole entity; null when nothing of it is redacted. */
  redactedFields(target: string): string[] | null;
  /**
   * Redacts a field of an entity (or, without `field`, all of it) and records `redaction.created.v1`;
   * the same target and field again returns the redaction there is (`created: false`).
   */
  create(actor: Actor, input: { target: string; field?: string; reason: string }): { redaction: RedactionDto; created: boolean };
}

export type RedactionDto = {
  id: string;
  target: string;
  /** Null: the whole entity. */
  field: string | null;
  reason: string;
  created_at_ms: number;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The redactions of the request's tree. */
    redactionsService: RedactionsService;
  }
}
