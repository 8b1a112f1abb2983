/**
 * The personas plugin's contract (`@rootline/plugin-personas` implements it): the services it
 * registers in the container, the shapes they exchange and the payloads of its records.
 * Type-only: a plugin that uses personas imports these types from `@rootline/contracts/personas` and
 * never imports `@rootline/plugin-personas` itself; it lists the plugin in its manifest `dependencies`
 * and `peerDependencies` so the server checks at boot that a compatible provider is loaded.
 */
import type { Actor, EntityLabel } from '@rootline/kernel';

/**
 * Personas of one tree. Other plugins reach it as `personasService` (request scope): the
 * assertions plugin checks persona ids with `exists` and creates personas when transcribing.
 */
export interface PersonasService {
  get(id: string): PersonaDto | undefined;
  exists(id: string): boolean;
  /**
   * Writes a persona and `persona.created.v1`; 400 without any name, 404 for an unknown source.
   * Other plugins may also give the remaining name pieces, and an importer may write a persona
   * its record gives no name (`allowNameless`: a GEDCOM INDI without NAME is still someone).
   */
  create(actor: Actor, input: CreatePersonaBody & NamePiecesBody, options?: {
    allowNameless?: boolean;
  }): PersonaDto;
  /**
   * `create` for many personas in one transaction (an import's batch), with the same rules: any
   * refusal refuses them all and writes nothing. One record each; the answers are built from
   * what was written, in the order given, without reading the rows back.
   */
  createMany(actor: Actor, inputs: readonly (CreatePersonaBody & NamePiecesBody)[], options?: {
    allowNameless?: boolean;
  }): PersonaDto[];
  /** Replaces the GEDCOM name pieces (a piece left out is cleared) and records `persona.name_pieces_set.v1`. */
  setNamePieces(actor: Actor, id: string, pieces: NamePiecesBody): PersonaDto;
  /**
   * Deletes a persona and records `persona.removed.v1` (an import undone); false when there is
   * none. The caller takes away first what rests on it (claims, the person concluded over it).
   */
  remove(actor: Actor, id: string, reason: string): boolean;
  /** `GET /labels` (views plugin): each persona's display name; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[];
  /**
   * Every name of every persona: as written and each GEDCOM piece, one string at a time (what
   * diagnostics redacts from its bundle). Streams the table, so memory stays flat on any tree;
   * read it to the end before writing to this tree.
   */
  names(): IterableIterator<string>;
  /** The personas among `ids` that exist, in the order of `ids`, in one read (the persons plugin's names). */
  many(ids: readonly string[]): PersonaDto[];
}

export type PersonaDto = {
  id: string;
  name: {
    display: string;
    as_written: string | null;
    prefix: string | null;
    given: string | null;
    nickname: string | null;
    surname_prefix: string | null;
    surname: string | null;
    suffix: string | null;
  };
  sex: 'M' | 'F' | 'X' | 'U' | null;
  source: string | null;
  created_at_ms: number;
  updated_at_ms: number;
};

export type CreatePersonaBody = {
  name?: string | undefined;
  sex?: 'M' | 'F' | 'X' | 'U' | undefined;
  source?: string | undefined;
  given?: string | undefined;
  surname?: string | undefined;
};

export type NamePiecesBody = {
  prefix?: string | undefined;
  given?: string | undefined;
  nickname?: string | undefined;
  surname_prefix?: string | undefined;
  surname?: string | undefined;
  suffix?: string | undefined;
};

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The personas of the request's tree: `exists`, `get`, and `create` (synchronous, for transcriptions). */
    personasService: PersonasService;
  }
}
