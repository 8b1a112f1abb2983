import t, { type Test } from 'tap';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BulkLoadThread } from '../src/storage/bulk-load-thread.js';

/** The bulk load's second thread on its own: it builds an index set aside, or says why it could not. */

function database(t: Test) {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-bulk-thread-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'tree.db');
  const db = new Database(file);
  t.teardown(() => db.close());
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE deferred_indexes (name TEXT PRIMARY KEY, table_name TEXT NOT NULL, sql TEXT NOT NULL);
           CREATE TABLE ledger (who TEXT, year INTEGER);
           INSERT INTO ledger VALUES ('a', 1850), ('b', 1851);`);
  const list = (name: string, sql: string) => db.prepare('INSERT INTO deferred_indexes (name, table_name, sql) VALUES (?, ?, ?)').run(name, 'ledger', sql);
  const listed = () => db.prepare('SELECT name FROM deferred_indexes ORDER BY name').pluck().all();
  const exists = (name: string) => db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = ?").pluck().get(name) === 1;
  return { file, db, list, listed, exists };
}

t.test('builds an index and takes it off the list, in one transaction', async (t) => {
  const { file, list, listed, exists } = database(t);
  list('ledger_by_who', 'CREATE INDEX ledger_by_who ON ledger (who)');
  list('ledger_by_year', 'CREATE INDEX ledger_by_year ON ledger (year)');
  const thread = new BulkLoadThread(file, () => t.fail('the thread runs'));
  await thread.buildIndex({ name: 'ledger_by_who', sql: 'CREATE INDEX ledger_by_who ON ledger (who)' });
  t.ok(exists('ledger_by_who'));
  t.same(listed(), ['ledger_by_year'], 'only the built one is off the list');
  await thread.stop();
  await t.rejects(thread.buildIndex({ name: 'ledger_by_year', sql: 'CREATE INDEX ledger_by_year ON ledger (year)' }), { message: 'the bulk load thread has stopped' }, 'refused once stopped');
  t.notOk(exists('ledger_by_year'));
});

t.test('an index it cannot build: rejected with SQLite\'s reason, nothing changed; the next one still builds', async (t) => {
  const { file, list, listed, exists } = database(t);
  list('broken', 'CREATE INDEX broken ON ledger (no_such_column)');
  list('ledger_by_year', 'CREATE INDEX ledger_by_year ON ledger (year)');
  const thread = new BulkLoadThread(file, () => t.fail('the thread runs'));
  t.teardown(() => thread.stop());
  await t.rejects(thread.buildIndex({ name: 'broken', sql: 'CREATE INDEX broken ON ledger (no_such_column)' }), { message: /no such column/ });
  t.notOk(exists('broken'));
  t.same(listed(), ['broken', 'ledger_by_year'], 'still listed');
  await thread.buildIndex({ name: 'ledger_by_year', sql: 'CREATE INDEX ledger_by_year ON ledger (year)' });
  t.ok(exists('ledger_by_year'));
});

t.test('an index no longer listed (built already) is left alone, not built a second time', async (t) => {
  const { file, exists } = database(t);
  const thread = new BulkLoadThread(file, () => t.fail('the thread runs'));
  t.teardown(() => thread.stop());
  await thread.buildIndex({ name: 'gone', sql: 'CREATE INDEX gone ON ledger (who)' });
  t.notOk(exists('gone'));
});

t.test('one index at a time: a second asked for while the first builds is refused', async (t) => {
  const { file } = database(t);
  const thread = new BulkLoadThread(file, () => t.fail('the thread runs'));
  t.teardown(() => thread.stop());
  const first = thread.buildIndex({ name: 'a', sql: 'CREATE INDEX a ON ledger (who)' });
  await t.rejects(thread.buildIndex({ name: 'b', sql: 'CREATE INDEX b ON ledger (year)' }), { message: /index a is still being built/ });
  await first;
});

t.test('a thread that cannot open the database says so, and every build asked of it is refused', async (t) => {
  const { file } = database(t);
  let failed = 0;
  const thread = new BulkLoadThread(`${file}.missing`, () => failed++);
  await t.rejects(thread.buildIndex({ name: 'a', sql: 'CREATE INDEX a ON ledger (who)' }));
  await thread.stop();
  t.equal(failed, 1, 'its failure was reported once');
  await t.rejects(thread.buildIndex({ name: 'a', sql: 'CREATE INDEX a ON ledger (who)' }), 'refused once it has stopped');
});

t.test('a checkpoint asked for: made at once, the whole log copied while nothing writes; each ask answered in turn; at once once stopped', async (t) => {
  const { file, db, list, exists } = database(t);
  db.pragma('wal_autocheckpoint = 0');
  const insert = db.prepare('INSERT INTO ledger (who, year) VALUES (?, ?)');
  db.transaction(() => {
    for (let n = 0; n < 500; n++) insert.run(`${n}-${'x'.repeat(1000)}`, 1850);
  })();
  const before = statSync(file).size;
  const thread = new BulkLoadThread(file, () => t.fail('the thread runs'));
  const order: number[] = [];
  await Promise.all([1, 2, 3].map((n) => thread.checkpointNow().then(() => order.push(n))));
  t.same(order, [1, 2, 3], 'answered in the order asked');
  t.ok(statSync(file).size > before + 500 * 1000, 'the rows are in the database file, not only in the log');
  list('ledger_by_year', 'CREATE INDEX ledger_by_year ON ledger (year)');
  await thread.buildIndex({ name: 'ledger_by_year', sql: 'CREATE INDEX ledger_by_year ON ledger (year)' });
  t.ok(exists('ledger_by_year'), 'the thread goes on after a checkpoint (the ask is not taken for a stop)');
  const stopping = thread.stop();
  const late = [thread.checkpointNow(), thread.checkpointNow()];
  await stopping;
  await Promise.all(late);
  t.pass('asks that came after the stop are let go when the thread ends, every one');
  await thread.checkpointNow();
  t.pass('a stopped thread does not keep anyone waiting');
});
