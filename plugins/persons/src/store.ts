import { actorValues, type Actor, type Tree } from '@rootline/kernel';
import { lifeYears, parseGedcomDate } from '@rootline/gedcom-date';
import type { PersonDto, VitalSummary } from './schemas.js';
import type { PersonNames } from './names.js';
import { derivedLiving, type Vital } from './vitals.js';

/** A person row with its active personas (a JSON array, in order). */
export interface PersonRow {
  seq: number;
  id: string;
  display_name: string;
  sex: PersonDto['sex'];
  birth_assertion: string | null;
  birth_date: string | null;
  birth_sort: string | null;
  birth_place: string | null;
  birth_status: string | null;
  birth_year: number | null;
  death_assertion: string | null;
  death_date: string | null;
  death_sort: string | null;
  death_place: string | null;
  death_status: string | null;
  living_override: 0 | 1 | null;
  created_at_ms: number;
  updated_at_ms: number;
  personas: string;
}

/** The derived columns of a person: what refreshing it may change. */
export interface Derived {
  names: PersonNames;
  birth: Vital | null;
  death: Vital | null;
}

/** The stored columns of PersonRow (all but `personas`). */
const PERSON_FIELDS = [
  'seq', 'id', 'display_name', 'sex',
  'birth_assertion', 'birth_date', 'birth_sort', 'birth_place', 'birth_status', 'birth_year',
  'death_assertion', 'death_date', 'death_sort', 'death_place', 'death_status',
  'living_override', 'created_at_ms', 'updated_at_ms',
];
/** A person's active personas in their order, as a JSON array. */
const PERSONAS_OF_P = '(SELECT json_group_array(persona) FROM (SELECT persona FROM person_personas WHERE person = p.id AND active = 1 ORDER BY position))';

/** Columns of PersonRow, for `SELECT ${PERSON_COLUMNS} FROM persons p`. */
export const PERSON_COLUMNS = `${PERSON_FIELDS.map((field) => `p.${field}`).join(', ')}, ${PERSONAS_OF_P} AS personas`;

/**
 * A PersonRow as its JSON, built by SQLite (`personas` stays the JSON text of its array, as in
 * PersonRow: `|| ''` makes it plain text, which json_object quotes, where the subquery's JSON would
 * be nested as an array): for reads of many persons, one string a row crosses into JavaScript, not nineteen values.
 */
const PERSON_JSON = `json_object(${PERSON_FIELDS.map((field) => `'${field}', p.${field}`).join(', ')}, 'personas', ${PERSONAS_OF_P} || '')`;

const DERIVED_COLUMNS = ['display_name', 'name_key', 'surname_key', 'sex', 'search_text', 'birth_assertion', 'birth_date', 'birth_sort', 'birth_place', 'birth_status', 'birth_year', 'death_assertion', 'death_date', 'death_sort', 'death_place', 'death_status'];

function derivedValues({ names, birth, death }: Derived): (string | number | null)[] {
  return [
    names.display_name, names.name_key, names.surname_key, names.sex, names.search_text,
    birth?.assertion ?? null, birth?.date ?? null, birth?.sort ?? null, birth?.place ?? null, birth?.status ?? null, birth?.latestYear ?? null,
    death?.assertion ?? null, death?.date ?? null, death?.sort ?? null, death?.place ?? null, death?.status ?? null,
  ];
}

/** A new person's row as a read would give it. */
function rowOf(seq: number, id: string, personas: readonly string[], { names, birth, death }: Derived, atMs: number): PersonRow {
  // As person_personas keeps them: a persona given twice is there once, at its last place.
  const at = new Map(personas.map((persona, position) => [persona, position]));
  return {
    seq, id, display_name: names.display_name, sex: names.sex,
    birth_assertion: birth?.assertion ?? null, birth_date: birth?.date ?? null, birth_sort: birth?.sort ?? null, birth_place: birth?.place ?? null, birth_status: birth?.status ?? null, birth_year: birth?.latestYear ?? null,
    death_assertion: death?.assertion ?? null, death_date: death?.date ?? null, death_sort: death?.sort ?? null, death_place: death?.place ?? null, death_status: death?.status ?? null,
    living_override: null, created_at_ms: atMs, updated_at_ms: atMs, personas: JSON.stringify([...at.keys()].sort((a, b) => at.get(a)! - at.get(b)!)),
  };
}

function summary(assertion: string | null, date: string | null, sort: string | null, place: string | null, status: string | null): VitalSummary | null {
  if (assertion === null) return null;
  return { date, sort_date: sort, place, assertion, status: status as string, flagged: status !== 'confirmed' };
}

/** The wire shape of a person row; `thisYear` drives the derived living rule. */
export function personDto(row: PersonRow, thisYear: number): PersonDto {
  return {
    id: row.id,
    display_name: row.display_name,
    personas: JSON.parse(row.personas) as string[],
    sex: row.sex,
    birth: summary(row.birth_assertion, row.birth_date, row.birth_sort, row.birth_place, row.birth_status),
    death: summary(row.death_assertion, row.death_date, row.death_sort, row.death_place, row.death_status),
    living: row.living_override === null ? derivedLiving(row.death_assertion !== null, row.birth_year, thisYear) : row.living_override === 1,
    living_source: row.living_override === null ? 'derived' : 'override',
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
  };
}

/** "William Smyth (1851–1920)", or the name alone when no year is known. */
export function labelOf(row: PersonRow): string {
  const years = lifeYears(row.birth_date === null ? undefined : parseGedcomDate(row.birth_date), row.death_date === null ? undefined : parseGedcomDate(row.death_date));
  return years ? `${row.display_name} (${years})` : row.display_name;
}

/**
 * Single-person SQL over the persons tables and the two name-search tables (lists live in
 * list.ts and search.ts). Callers run writes inside `tree.transact`.
 */
export class PersonStore {
  constructor(private readonly tree: Tree) {}

  /** The person rows `from` (a FROM clause of `persons p`, with its conditions and order) selects. */
  private rows(from: string, ...params: unknown[]): PersonRow[] {
    return this.tree.jsonRows<PersonRow>(`SELECT ${PERSON_JSON} ${from}`, ...params);
  }

  /** Active persons among `ids` (any order). */
  active(ids: readonly string[]): PersonRow[] {
    if (ids.length === 0) return [];
    return this.rows(`FROM persons p WHERE p.id IN (SELECT value FROM json_each(?)) AND p.status = 'active'`, JSON.stringify(ids));
  }

  /** Whether `id` is an active person: one index lookup (others check persons they link, an import thousands). */
  isActive(id: string): boolean {
    return this.tree.prepare("SELECT 1 FROM persons WHERE id = ? AND status = 'active'").get(id) !== undefined;
  }

  /** Up to `take` active persons after row `after`, by row number. */
  after(after: number, take: number): PersonRow[] {
    return this.rows(`FROM persons p WHERE p.seq > ? AND p.status = 'active' ORDER BY p.seq LIMIT ?`, after, take);
  }

  /** Active persons by row number (search hits), in the order given. */
  bySeq(seqs: readonly number[]): PersonRow[] {
    if (seqs.length === 0) return [];
    const rows = this.rows(`FROM persons p WHERE p.seq IN (SELECT value FROM json_each(?)) AND p.status = 'active'`, JSON.stringify(seqs));
    const bySeq = new Map(rows.map((row) => [row.seq, row]));
    return seqs.flatMap((seq) => bySeq.get(seq) ?? []);
  }

  /** The folded name text of persons by row number (search.ts checks short words in it). */
  searchTexts(seqs: readonly number[]): Map<number, string> {
    const rows = this.tree.prepare('SELECT seq, search_text FROM persons WHERE seq IN (SELECT value FROM json_each(?))').all(JSON.stringify(seqs)) as { seq: number; search_text: string }[];
    return new Map(rows.map((row) => [row.seq, row.search_text]));
  }

  /** The active person a persona is concluded into. */
  personOfPersona(persona: string): string | null {
    return (this.tree.prepare('SELECT person FROM person_personas WHERE persona = ? AND active = 1').pluck().get(persona) as string | undefined) ?? null;
  }

  /** Which of `personas` are in an active person: persona -> person. */
  concluded(personas: readonly string[]): Map<string, string> {
    const rows = this.tree
      .prepare('SELECT persona, person FROM person_personas WHERE persona IN (SELECT value FROM json_each(?)) AND active = 1')
      .all(JSON.stringify(personas)) as { persona: string; person: string }[];
    return new Map(rows.map((row) => [row.persona, row.person]));
  }

  /** Writes a new person; answers its row as a read would give it. */
  insert(actor: Actor, id: string, personas: readonly string[], derived: Derived, atMs: number): PersonRow {
    return this.insertMany(actor, [{ id, personas, derived }], atMs)[0];
  }

  /**
   * Writes new persons (an import concludes thousands; no read back), then their names into
   * both search tables, all rows first. FTS5 flushes the terms it holds to a new segment of
   * its index whenever a later statement of the transaction opens a savepoint, and a person
   * INSERT opens one (its counter trigger): indexed row by row, every person became a segment
   * of its own, to be merged again, and a batch took twice the time.
   */
  insertMany(actor: Actor, persons: readonly { id: string; personas: readonly string[]; derived: Derived }[], atMs: number): PersonRow[] {
    const insert = this.tree.prepare(`INSERT INTO persons (id, status, ${DERIVED_COLUMNS.join(', ')}, living_override, created_at_ms, updated_at_ms, actor_kind, credential_id, proposer)
                VALUES (?, 'active', ${DERIVED_COLUMNS.map(() => '?').join(', ')}, NULL, ?, ?, ?, ?, ?)`);
    const rows = persons.map(({ id, personas, derived }) => {
      const { lastInsertRowid } = insert.run(id, ...derivedValues(derived), atMs, atMs, ...actorValues(actor));
      personas.forEach((persona, position) => this.addPersona(id, persona, position));
      return rowOf(Number(lastInsertRowid), id, personas, derived, atMs);
    });
    // New row numbers: nothing of them is in the search tables yet, so nothing to delete first.
    persons.forEach(({ derived }, at) => this.addToIndex(rows[at].seq, derived.names.search_text));
    return rows;
  }

  /**
   * Writes the derived columns when they differ (`updated_at_ms` moves only then) and
   * re-indexes the names when their text changed.
   */
  update(id: string, derived: Derived, atMs: number): void {
    const before = this.tree.prepare("SELECT seq, search_text FROM persons WHERE id = ? AND status = 'active'").get(id) as { seq: number; search_text: string } | undefined;
    if (!before) return;
    const values = derivedValues(derived);
    this.tree
      .prepare(`UPDATE persons SET ${DERIVED_COLUMNS.map((column) => `${column} = ?`).join(', ')}, updated_at_ms = ?
                WHERE id = ? AND NOT (${DERIVED_COLUMNS.map((column) => `${column} IS ?`).join(' AND ')})`)
      .run(...values, atMs, id, ...values);
    if (before.search_text !== derived.names.search_text) this.index(before.seq, derived.names.search_text);
  }

  setLiving(id: string, living: boolean | null, atMs: number): void {
    this.tree.prepare('UPDATE persons SET living_override = ?, updated_at_ms = ? WHERE id = ?').run(living === null ? null : Number(living), atMs, id);
  }

  touch(id: string, atMs: number): void {
    this.tree.prepare('UPDATE persons SET updated_at_ms = ? WHERE id = ?').run(atMs, id);
  }

  /** Gone from every view: not active, its personas free, out of both search tables. */
  retract(id: string, atMs: number): void {
    const seq = this.tree.prepare('SELECT seq FROM persons WHERE id = ?').pluck().get(id) as number;
    this.tree.prepare("UPDATE persons SET status = 'retracted', updated_at_ms = ? WHERE id = ?").run(atMs, id);
    this.tree.prepare('UPDATE person_personas SET active = 0 WHERE person = ?').run(id);
    this.unindex(seq);
  }

  /** Moves personas to another person (split): they leave `from` and join `to` in the order given. */
  movePersonas(from: string, to: string, personas: readonly string[]): void {
    const release = this.tree.prepare('UPDATE person_personas SET active = 0 WHERE person = ? AND persona = ?');
    personas.forEach((persona, position) => {
      release.run(from, persona);
      this.addPersona(to, persona, position);
    });
  }

  /**
   * `merged` joins `survivor`: its personas move over (after the survivor's own, in its order),
   * it leaves both search tables and points to the survivor, and the personas it brought are
   * remembered for `unmerge`.
   */
  merge(survivor: string, merged: string, personas: readonly string[], atMs: number): void {
    const next = this.tree.prepare('SELECT coalesce(max(position) + 1, 0) FROM person_personas WHERE person = ? AND active = 1').pluck().get(survivor) as number;
    const release = this.tree.prepare('UPDATE person_personas SET active = 0 WHERE person = ? AND persona = ?');
    personas.forEach((persona, at) => {
      release.run(merged, persona);
      this.addPersona(survivor, persona, next + at);
    });
    const seq = this.tree.prepare('SELECT seq FROM persons WHERE id = ?').pluck().get(merged) as number;
    this.tree.prepare("UPDATE persons SET status = 'merged', merged_into = ?, updated_at_ms = ? WHERE id = ?").run(survivor, atMs, merged);
    this.unindex(seq);
    this.tree.prepare('INSERT INTO person_merges (merged, survivor, personas, at_ms) VALUES (?, ?, ?, ?)').run(merged, survivor, JSON.stringify(personas), atMs);
  }

  /** The person merged into `survivor` that brought exactly `personas` (any order), if one did. */
  mergeBringing(survivor: string, personas: readonly string[]): string | undefined {
    const wanted = [...personas].sort().join(' ');
    const rows = this.tree.prepare('SELECT merged, personas FROM person_merges WHERE survivor = ?').all(survivor) as { merged: string; personas: string }[];
    return rows.find((row) => (JSON.parse(row.personas) as string[]).sort().join(' ') === wanted)?.merged;
  }

  /** Reverses `merge`: the merged person is active again with the personas it brought, at their old places. */
  unmerge(survivor: string, merged: string, atMs: number): void {
    const personas = JSON.parse(this.tree.prepare('SELECT personas FROM person_merges WHERE merged = ?').pluck().get(merged) as string) as string[];
    const release = this.tree.prepare('UPDATE person_personas SET active = 0 WHERE person = ? AND persona = ?');
    const rejoin = this.tree.prepare('UPDATE person_personas SET active = 1 WHERE person = ? AND persona = ?');
    for (const persona of personas) release.run(survivor, persona);
    for (const persona of personas) rejoin.run(merged, persona);
    const row = this.tree.prepare('SELECT seq, search_text FROM persons WHERE id = ?').get(merged) as { seq: number; search_text: string };
    this.tree.prepare("UPDATE persons SET status = 'active', merged_into = NULL, updated_at_ms = ? WHERE id = ?").run(atMs, merged);
    this.addToIndex(row.seq, row.search_text);
    this.tree.prepare('DELETE FROM person_merges WHERE merged = ?').run(merged);
  }

  /** Where a merged person went: the active person at the end of its chain of merges, or null (not merged, or the chain ends in a retraction). */
  survivorOf(id: string): string | null {
    const step = this.tree.prepare('SELECT status, merged_into FROM persons WHERE id = ?');
    let row = step.get(id) as { status: string; merged_into: string | null } | undefined;
    let at = id;
    // A chain never loops (only an active person merges, into another active one); the bound is a guard.
    for (let hops = 0; row?.status === 'merged' && hops < 10_000; hops++) {
      at = row.merged_into!;
      row = step.get(at) as { status: string; merged_into: string | null } | undefined;
    }
    return at !== id && row?.status === 'active' ? at : null;
  }


  private addPersona(person: string, persona: string, position: number): void {
    this.tree
      .prepare('INSERT INTO person_personas (person, persona, position, active) VALUES (?, ?, ?, 1) ON CONFLICT (person, persona) DO UPDATE SET position = excluded.position, active = 1')
      .run(person, persona, position);
  }

  /** (Re)writes the person's text in both search tables: the tables are contentless, so a row is deleted and inserted. */
  private index(seq: number, text: string): void {
    this.unindex(seq);
    this.addToIndex(seq, text);
  }

  private addToIndex(seq: number, text: string): void {
    this.tree.prepare('INSERT INTO person_names (rowid, names) VALUES (?, ?)').run(seq, text);
    this.tree.prepare('INSERT INTO person_names_trigram (rowid, names) VALUES (?, ?)').run(seq, text);
  }

  private unindex(seq: number): void {
    this.tree.prepare('DELETE FROM person_names WHERE rowid = ?').run(seq);
    this.tree.prepare('DELETE FROM person_names_trigram WHERE rowid = ?').run(seq);
  }
}
