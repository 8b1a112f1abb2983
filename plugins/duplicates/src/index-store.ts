import type { Tree } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import type { PersonasService } from '@rootline/contracts/personas';
import { parseGedcomDate } from '@rootline/gedcom-date';
import { yearBounds } from './dates.js';
import { CodeCache, keysOf, namesOfPersonas, type Name } from './names.js';

/** A person as the index keeps it (one row of `duplicate_persons`). */
export interface IndexRow {
  seq: number;
  person: string;
  names: string;
  sex: string | null;
  birth_lo: number | null;
  birth_hi: number | null;
  death_lo: number | null;
  death_hi: number | null;
  /** Whether a phonetic key (Double Metaphone, Daitch–Mokotoff) is among those it shares with the query. */
  phonetic: boolean;
}

const splitKeys = (keys: string) => (keys === '' ? [] : keys.split(' '));

/**
 * `names` of a row: per name, [given, surname] as written and their folded words and surname
 * forms, space-separated (kept folded so a search does not fold every candidate again).
 */
export function namesOfRow(json: string): Name[] {
  return (JSON.parse(json) as [string, string, string, string][]).map(([given, surname, words, forms]) => ({ given, surname, givenWords: splitKeys(words), surnameForms: splitKeys(forms) }));
}

const rowNames = (names: Name[]) => JSON.stringify(names.map((name) => [name.given, name.surname, name.givenWords.join(' '), name.surnameForms.join(' ')]));

/**
 * How many stale entries one batch of the catch-up takes (one transaction): in the background and
 * in a request's paced catch-up a small batch, so the event loop is never held long (250 a batch
 * gave other requests a p99 of 79-88 ms while a search caught up an import of 102,000 persons, 100
 * gives 41-44 ms); in `catchUpAll`, what is left when a search runs, a large one.
 */
const BATCH = 100;
const BATCH_BEFORE_SEARCH = 5000;

export interface IndexServices {
  personsService: PersonsService;
  personasService: PersonasService;
}

/**
 * The blocking index of one tree (migrations/001_duplicates.sql): persons under their name keys,
 * brought up to date from `duplicate_stale`, which the record observers fill.
 */
export class DuplicateIndex {
  constructor(private readonly tree: Tree) {}

  /** Notes that a person or persona changed (record observers; inside the writing transaction). */
  mark(kind: 'person' | 'persona', id: string): void {
    this.tree.prepare('INSERT OR IGNORE INTO duplicate_stale (kind, id) VALUES (?, ?)').run(kind, id);
  }

  hasStale(): boolean {
    return this.tree.prepare('SELECT 1 FROM duplicate_stale LIMIT 1').get() !== undefined;
  }

  /** Whether every person of the tree was marked once (the plugin added to a tree that has persons). */
  seeded(): boolean {
    return (this.tree.prepare('SELECT seeded FROM duplicate_meta WHERE id = 1').pluck().get() as number) === 1;
  }

  /** Marks every active person stale, a page at a time through the persons service; then remembers it did. */
  seed(persons: PersonsService): number {
    return this.tree.transact(() => {
      let marked = 0;
      let after = 0;
      for (;;) {
        const page = persons.walk(after, 1000);
        for (const person of page.items) this.mark('person', person.id);
        marked += page.items.length;
        if (page.next === null) break;
        after = page.next;
      }
      this.tree.prepare('UPDATE duplicate_meta SET seeded = 1 WHERE id = 1').run();
      return marked;
    });
  }

  /**
   * Brings up to `max` stale entries up to date in one transaction: each changed persona's
   * active person, each changed person, keyed again from its personas' names (or taken out when
   * no longer active: retracted, merged). Returns how many entries it took (0: up to date).
   */
  catchUp(services: IndexServices, max = BATCH): number {
    // Not flushed by itself: a crash that takes the batch back takes its entries' stale marks back with it.
    return this.tree.transactUnflushed(() => {
      const stale = this.tree.prepare('SELECT kind, id FROM duplicate_stale LIMIT ?').all(max) as { kind: 'person' | 'persona'; id: string }[];
      if (stale.length === 0) return 0;
      const persons = new Set<string>();
      for (const { kind, id } of stale) {
        const person = kind === 'person' ? id : services.personsService.personOfPersona(id);
        if (person) persons.add(person);
      }
      const active = services.personsService.many([...persons]);
      const personas = new Map(services.personasService.many(active.flatMap((person) => person.personas)).map((persona) => [persona.id, persona]));
      const codes = new CodeCache();
      for (const person of active) {
        const names = namesOfPersonas(person.personas.flatMap((id) => personas.get(id) ?? []));
        this.put(person.id, names, person.sex, person.birth?.date ?? null, person.death?.date ?? null, keysOf(names, codes));
        persons.delete(person.id);
      }
      for (const gone of persons) this.remove(gone);
      const forget = this.tree.prepare('DELETE FROM duplicate_stale WHERE kind = ? AND id = ?');
      for (const { kind, id } of stale) forget.run(kind, id);
      return stale.length;
    });
  }

  /** Catch-up until nothing is stale, in large batches; how many entries it took. */
  catchUpAll(services: IndexServices): number {
    let total = 0;
    for (let taken = this.catchUp(services, BATCH_BEFORE_SEARCH); taken > 0; taken = this.catchUp(services, BATCH_BEFORE_SEARCH)) total += taken;
    return total;
  }

  /** The row of a person, made or replaced; only the keys that changed are written. */
  private put(person: string, names: Name[], sex: string | null, birth: string | null, death: string | null, keys: string[]): void {
    const b = yearBounds(birth === null ? null : parseGedcomDate(birth));
    const d = yearBounds(death === null ? null : parseGedcomDate(death));
    const values = [rowNames(names), keys.join(' '), sex, b?.[0] ?? null, b?.[1] ?? null, d?.[0] ?? null, d?.[1] ?? null];
    const old = this.row(person);
    let seq: number;
    let before = new Set<string>();
    if (old) {
      seq = old.seq;
      this.tree.prepare('UPDATE duplicate_persons SET names = ?, keys = ?, sex = ?, birth_lo = ?, birth_hi = ?, death_lo = ?, death_hi = ? WHERE seq = ?').run(...values, seq);
      before = new Set(splitKeys(old.keys));
      const now = new Set(keys);
      const forget = this.tree.prepare('DELETE FROM duplicate_keys WHERE key = ? AND seq = ?');
      for (const key of before) if (!now.has(key)) forget.run(key, seq);
    } else {
      seq = this.tree.prepare('INSERT INTO duplicate_persons (person, names, keys, sex, birth_lo, birth_hi, death_lo, death_hi) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq').pluck().get(person, ...values) as number;
    }
    const insert = this.tree.prepare('INSERT INTO duplicate_keys (key, seq) VALUES (?, ?)');
    for (const key of keys) if (!before.has(key)) insert.run(key, seq);
  }

  private remove(person: string): void {
    const old = this.row(person);
    if (!old) return;
    const forget = this.tree.prepare('DELETE FROM duplicate_keys WHERE key = ? AND seq = ?');
    for (const key of splitKeys(old.keys)) forget.run(key, old.seq);
    this.tree.prepare('DELETE FROM duplicate_persons WHERE seq = ?').run(old.seq);
  }

  private row(person: string): { seq: number; keys: string } | undefined {
    return this.tree.prepare('SELECT seq, keys FROM duplicate_persons WHERE person = ?').get(person) as { seq: number; keys: string } | undefined;
  }

  /**
   * The indexed persons under any of `keys`, each once, and whether one of its keys in common
   * is phonetic (`s:m:`, `s:d:`): one primary-key range per key, then the rows by `seq`.
   */
  block(keys: readonly string[]): IndexRow[] {
    const phonetic = new Map<number, boolean>();
    const seqs = this.tree.prepare('SELECT seq FROM duplicate_keys WHERE key = ?').pluck();
    for (const key of new Set(keys)) {
      const isPhonetic = key.startsWith('s:m:') || key.startsWith('s:d:');
      for (const seq of seqs.all(key) as number[]) phonetic.set(seq, isPhonetic || phonetic.get(seq) === true);
    }
    if (phonetic.size === 0) return [];
    const rows = this.tree
      .prepare('SELECT seq, person, names, sex, birth_lo, birth_hi, death_lo, death_hi FROM duplicate_persons WHERE seq IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify([...phonetic.keys()])) as Omit<IndexRow, 'phonetic'>[];
    return rows.map((row) => ({ ...row, phonetic: phonetic.get(row.seq)! }));
  }

  /** The names the index keeps for a person (null when it is not indexed). */
  namesOf(person: string): Name[] | null {
    const json = this.tree.prepare('SELECT names FROM duplicate_persons WHERE person = ?').pluck().get(person) as string | undefined;
    return json === undefined ? null : namesOfRow(json);
  }
}
