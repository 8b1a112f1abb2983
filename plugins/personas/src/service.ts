import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type IdSource, type Tree } from '@rootline/kernel';
import type { SourcesService } from '@rootline/contracts/sources';
import type { EntityLabel } from '@rootline/kernel';
import type { CreatePersonaBody, NamePiecesBody, PersonaDto } from './schemas.js';
import { NAME_PIECES, displayName } from './names.js';
import { PersonaProblems } from './errors.js';
import type { PersonasService as PersonasServiceContract } from '@rootline/contracts/personas';

interface PersonaRow extends Record<(typeof NAME_PIECES)[number], string | null> {
  id: string;
  as_written: string | null;
  sex: PersonaDto['sex'];
  source: string | null;
  created_at_ms: number;
  updated_at_ms: number;
}

const FIELDS = ['id', 'as_written', ...NAME_PIECES, 'sex', 'source', 'created_at_ms', 'updated_at_ms'];
const COLUMNS = FIELDS.join(', ');
const SEXES: unknown[] = ['M', 'F', 'X', 'U'];
const present = (value: string | undefined) => value !== undefined && value.trim() !== '';

/**
 * Personas of one tree. Other plugins reach it as `personasService` (request scope): the
 * assertions plugin checks persona ids with `exists` and creates personas when transcribing.
 */
export class PersonasService implements PersonasServiceContract {
  constructor(private readonly tree: Tree, private readonly clock: Clock, private readonly ids: IdSource, private readonly sources: SourcesService) {}

  get(id: string): PersonaDto | undefined {
    const row = this.tree.prepare(`SELECT ${COLUMNS} FROM personas WHERE id = ?`).get(id) as PersonaRow | undefined;
    return row && shape(row);
  }

  exists(id: string): boolean {
    return this.tree.prepare('SELECT 1 FROM personas WHERE id = ?').get(id) !== undefined;
  }

  /**
   * Writes a persona and `persona.created.v1`; 400 without any name, 404 for an unknown source.
   * Other plugins may also give the remaining name pieces, and an importer may write a persona
   * its record gives no name (`allowNameless`: a GEDCOM INDI without NAME is still someone).
   */
  create(actor: Actor, input: CreatePersonaBody & NamePiecesBody, options: { allowNameless?: boolean } = {}): PersonaDto {
    return this.createMany(actor, [input], options)[0];
  }

  /**
   * `create` for many personas in one transaction (an import's batch), with the same rules: any
   * refusal refuses them all and writes nothing. One record each; the answers are built from
   * what was written, in the order given, without reading the rows back.
   */
  createMany(actor: Actor, inputs: readonly (CreatePersonaBody & NamePiecesBody)[], options: { allowNameless?: boolean } = {}): PersonaDto[] {
    for (const input of inputs) {
      if (!options.allowNameless && ![input.name, input.given, input.surname].some(present)) throw PersonaProblems.nameless();
      // Other plugins call this without our route's schema (e.g. transcription by assertions).
      if (input.sex !== undefined && !SEXES.includes(input.sex)) throw PersonaProblems.unknownSex(String(input.sex));
    }
    const now = this.clock.now();
    return this.tree.transact(() => {
      // Sources are another plugin's table: checked through its service, not a foreign key (once per source).
      for (const source of new Set(inputs.flatMap((input) => (input.source !== undefined ? [input.source] : [])))) {
        if (!this.sources.exists(source)) throw PersonaProblems.sourceNotFound(source);
      }
      const insert = this.tree.prepare(`INSERT INTO personas (${COLUMNS}, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      return inputs.map((input) => {
        const row: PersonaRow = {
          id: this.ids.next(),
          as_written: input.name ?? null,
          ...(Object.fromEntries(NAME_PIECES.map((piece) => [piece, input[piece] ?? null])) as Record<(typeof NAME_PIECES)[number], string | null>),
          sex: input.sex ?? null,
          source: input.source ?? null,
          created_at_ms: now,
          updated_at_ms: now,
        };
        insert.run(row.id, row.as_written, ...NAME_PIECES.map((piece) => row[piece]), row.sex, row.source, now, now, ...actorValues(actor));
        this.tree.record({ kind: 'persona.created.v1', entity_type: 'persona', entity_id: row.id, actor, payload: { source: row.source } });
        return shape(row);
      });
    });
  }

  /** Replaces the GEDCOM name pieces (a piece left out is cleared) and records `persona.name_pieces_set.v1`. */
  setNamePieces(actor: Actor, id: string, pieces: NamePiecesBody): PersonaDto {
    return this.tree.transact(() => {
      const persona = this.get(id);
      if (!persona) throw PersonaProblems.personaNotFound(id);
      if (!persona.name.as_written && !NAME_PIECES.some((piece) => present(pieces[piece]))) throw PersonaProblems.piecesWouldEraseName();
      const values = NAME_PIECES.map((piece) => pieces[piece] ?? null);
      this.tree
        .prepare(`UPDATE personas SET ${NAME_PIECES.map((piece) => `${piece} = ?`).join(', ')}, updated_at_ms = ? WHERE id = ?`)
        .run(...values, this.clock.now(), id);
      this.tree.record({ kind: 'persona.name_pieces_set.v1', entity_type: 'persona', entity_id: id, actor, payload: { pieces } });
      return this.get(id)!;
    });
  }

  /**
   * Deletes a persona and records `persona.removed.v1` (an import undone); false when there is
   * none. The caller takes away first what rests on it (claims, the person concluded over it).
   */
  remove(actor: Actor, id: string, reason: string): boolean {
    return this.tree.transact(() => {
      if (this.tree.prepare('DELETE FROM personas WHERE id = ?').run(id).changes === 0) return false;
      this.tree.record({ kind: 'persona.removed.v1', entity_type: 'persona', entity_id: id, actor, payload: { reason } });
      return true;
    });
  }

  /** `GET /labels` (views plugin): each persona's display name; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[] {
    return this.rowsOf(ids).map((row) => ({ id: row.id, kind: 'persona', label: shape(row).name.display }));
  }

  /**
   * Every name of every persona: as written and each GEDCOM piece, one string at a time (what
   * diagnostics redacts from its bundle). Streams the table, so memory stays flat on any tree;
   * read it to the end before writing to this tree.
   */
  *names(): IterableIterator<string> {
    const rows = this.tree.prepare(`SELECT as_written, ${NAME_PIECES.join(', ')} FROM personas`).raw().iterate() as IterableIterator<(string | null)[]>;
    for (const row of rows) {
      for (const name of row) if (name !== null && name.trim() !== '') yield name;
    }
  }

  /** The personas among `ids` that exist, in the order of `ids`, in one read (the persons plugin's names). */
  many(ids: readonly string[]): PersonaDto[] {
    if (ids.length === 0) return [];
    const byId = new Map(this.rowsOf(ids).map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []).map(shape);
  }

  /**
   * The rows of the personas among `ids`, any order, each read as an array of its values
   * (better-sqlite3's raw mode) and made a row here: for reads of a thousand at a time (the
   * export), about half the time of each row's JSON built by SQLite and parsed, and a third of
   * the driver's row objects.
   */
  private rowsOf(ids: readonly string[]): PersonaRow[] {
    const values = this.tree.prepare(`SELECT ${COLUMNS} FROM personas WHERE id IN (SELECT value FROM json_each(?))`).raw().all(JSON.stringify(ids)) as PersonaValues[];
    return values.map(rowOfValues);
  }
}

/** A persona row as raw mode reads it: the values of FIELDS, in FIELDS' order. */
type PersonaValues = [string, string | null, string | null, string | null, string | null, string | null, string | null, string | null, PersonaDto['sex'], string | null, number, number];

/** A row from its values; the names follow FIELDS' order (reads.test.ts reads every field both ways). */
function rowOfValues([id, as_written, prefix, given, nickname, surname_prefix, surname, suffix, sex, source, created_at_ms, updated_at_ms]: PersonaValues): PersonaRow {
  return { id, as_written, prefix, given, nickname, surname_prefix, surname, suffix, sex, source, created_at_ms, updated_at_ms };
}

/**
 * A row as its wire shape. The pieces are named one by one (NAME_PIECES' order), not gathered
 * with Object.fromEntries and spread: a read of a thousand personas (the export) made that a
 * kilobyte of short-lived objects per persona.
 */
function shape(row: PersonaRow): PersonaDto {
  const { prefix, given, nickname, surname_prefix, surname, suffix } = row;
  return {
    id: row.id,
    name: { display: displayName(row, row.as_written), as_written: row.as_written, prefix, given, nickname, surname_prefix, surname, suffix },
    sex: row.sex,
    source: row.source,
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
  };
}
