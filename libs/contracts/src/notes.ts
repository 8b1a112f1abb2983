/**
 * The notes plugin's contract (`@rootline/plugin-notes` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses notes imports these types from `@rootline/contracts/notes` and
 * never imports `@rootline/plugin-notes` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel } from '@rootline/kernel';

/** Notes of one tree: plain SQL over the tree database; every write records `note.created.v1`. */
export interface NotesService {
  /**
   * A target's notes, oldest first, as a JSON array built by SQLite itself: one string crosses into
   * JavaScript instead of a row object per note, which makes the read about five times
   * cheaper. The route sends it as it is.
   */
  forTargetJson(target: string): string;
  /** Up to `take` notes of a target after the note `after` (null: from the first), oldest first, each as JSON with its id as the keyset position. */
  forTargetPage(target: string, after: string | null, take: number): { item: string; key: string }[];
  /** The notes of all these targets, by target then oldest first: one read for a batch (the GEDCOM export). */
  forTargets(targets: readonly string[]): NoteDto[];
  /**
   * The entities that have a note (their ids), `take` at a time after `after` ('' to begin), in
   * id order: a walk of the whole tree (the export) reads them all, a page between its pauses,
   * and asks `forTargets` only for these.
   */
  targets(after: string, take: number): string[];
  get(id: string): NoteDto | undefined;
  /**
   * Labels of the notes among `ids` (kind `note`, the text's first line, cut at 80 characters):
   * what the views plugin shows for a note's id, and how it knows a note exists to be redacted.
   * Unknown ids are left out.
   */
  labels(ids: readonly string[]): EntityLabel[];
  create(actor: Actor, input: {
    target: string;
    text: string;
  }): NoteDto;
  /** Deletes a note and records `note.removed.v1` (an import undone); false when there is none. */
  remove(actor: Actor, id: string, reason: string): boolean;
}

export type NoteDto = {
  id: string;
  target: string;
  text: string;
  created_at_ms: number;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The notes of the request's tree. */
    notesService: NotesService;
  }
}
