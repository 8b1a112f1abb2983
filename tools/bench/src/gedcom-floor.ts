/**
 * The floor under a GEDCOM import: how long SQLite alone takes to write the rows an import wrote,
 * with nothing parsed, mapped or checked. `node --import tsx tools/bench/src/gedcom-floor.ts
 * <tree.db> [rows per transaction, default 1000]` reads a tree an import left (keep one with
 * `ROOTLINE_BENCH_KEEP=<folder> gedcom-import-only.ts <tiles>`: `<folder>/trees/<id>/tree.db`),
 * makes an empty copy of its schema, and inserts every row again from JavaScript, one prepared
 * `INSERT` per row, as an import's batches do: each transaction takes its share of every table
 * (so the pages of all of them are in play at once), the persons' two search tables get one row
 * per person, the non-unique indexes of the tables a first import sets aside (`records`,
 * `assertions`, `persons`) are built after, WAL and `synchronous = NORMAL` as during an import.
 * The rows of a batch are read before its transaction and the reading is not counted. Prints one
 * JSON line: the rows, the writes' ms, the index builds' ms, and their sum (the floor).
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [source, batchArg] = process.argv.slice(2);
if (!source) throw new Error('usage: gedcom-floor.ts <tree.db> [rows per transaction]');
const BATCH = Number(batchArg ?? 1000);
/** The tables a first import sets aside the non-unique indexes of (kernel: `records`; persons and assertions by `allowBulkLoad`). */
const BULK = new Set(['records', 'assertions', 'persons']);
const SHADOW = /_(data|idx|docsize|config|content)$/;

interface SchemaRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string;
}

const old = new Database(source, { readonly: true });
const target = join(tmpdir(), `rootline-floor-${process.pid}.db`);
const db = new Database(target);
try {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = OFF');
  const schema = old
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 ELSE 2 END")
    .all() as SchemaRow[];
  const fullText = schema.filter((row) => /VIRTUAL TABLE/i.test(row.sql)).map((row) => row.name);
  const isShadow = (name: string) => fullText.some((table) => name.startsWith(`${table}_`) && SHADOW.test(name));
  const setAside = (row: SchemaRow) => row.type === 'index' && /^CREATE INDEX/i.test(row.sql) && BULK.has(row.tbl_name);
  for (const row of schema) if (!(row.type === 'table' && isShadow(row.name)) && !setAside(row)) db.exec(row.sql);

  const tables = schema
    .filter((row) => row.type === 'table' && !fullText.includes(row.name) && !isShadow(row.name) && row.name !== 'schema_migrations' && row.name !== 'deferred_indexes')
    .map((row) => row.name);
  const streams = tables.flatMap((table) => {
    const rows = old.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
    if (rows === 0) return [];
    // One connection per table: a connection reads one statement at a time.
    const reader = new Database(source, { readonly: true });
    const columns = reader.prepare(`SELECT * FROM "${table}" LIMIT 1`).columns().map((column) => `"${column.name}"`);
    const read = reader.prepare(`SELECT * FROM "${table}"`).raw().iterate() as IterableIterator<unknown[]>;
    // OR IGNORE: the counter tables (assertion_counts, person_counts, ...) are filled by the triggers as the rows go in.
    const insert = db.prepare(`INSERT OR IGNORE INTO "${table}" (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
    return [{ rows, done: 0, read, insert, reader }];
  });
  const personReader = new Database(source, { readonly: true });
  const persons = personReader.prepare('SELECT count(*) FROM persons').pluck().get() as number;
  const names = personReader.prepare("SELECT seq, coalesce(display_name, '') FROM persons").raw().iterate() as IterableIterator<[number, string]>;
  const words = db.prepare('INSERT INTO person_names (rowid, names) VALUES (?, ?)');
  const trigrams = db.prepare('INSERT INTO person_names_trigram (rowid, names) VALUES (?, ?)');
  const total = streams.reduce((sum, stream) => sum + stream.rows, 0);

  let writeMs = 0;
  let namesDone = 0;
  for (let left = total + persons; left > 0; ) {
    const batch: [Database.Statement, unknown[]][] = [];
    for (const stream of streams) {
      const share = Math.ceil((stream.rows * BATCH) / total);
      for (let i = 0; i < share && stream.done < stream.rows; i++, stream.done++, left--) batch.push([stream.insert, stream.read.next().value as unknown[]]);
    }
    const people: [number, string][] = [];
    for (let i = 0; i < Math.ceil((persons * BATCH) / total) && namesDone < persons; i++, namesDone++, left--) people.push(names.next().value as [number, string]);
    const started = performance.now();
    db.transaction(() => {
      for (const [insert, row] of batch) insert.run(row);
      for (const [seq, text] of people) {
        words.run(seq, text);
        trigrams.run(seq, text);
      }
    })();
    writeMs += performance.now() - started;
  }
  const built = performance.now();
  for (const row of schema) if (setAside(row)) db.exec(row.sql);
  const indexMs = performance.now() - built;
  for (const stream of streams) {
    stream.read.return?.();
    stream.reader.close();
  }
  names.return?.();
  personReader.close();
  process.stdout.write(`${JSON.stringify({ rows_per_transaction: BATCH, rows: total + 2 * persons, write_ms: Math.round(writeMs), index_builds_ms: Math.round(indexMs), floor_ms: Math.round(writeMs + indexMs) })}\n`);
} finally {
  db.close();
  old.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
}
