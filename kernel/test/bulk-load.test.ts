import t, { type Test } from 'tap';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { definePlugin, type Tree } from '@rootline/kernel';
import type { PluginSource } from '@rootline/kernel/host';
import { buildTestServer, handClock, waitFor } from '@rootline/kernel/testing';
import { DeferredIndexes } from '../src/storage/deferred-indexes.js';

/**
 * A bulk load (a first import) sets aside the indexes that only serve reads and builds them once
 * at its end (Tree.startBulkLoad / finishBulkLoad); a crash in between loses none of them.
 */

const LEDGER_SQL = `
CREATE TABLE ledger (id TEXT NOT NULL UNIQUE, who TEXT NOT NULL, year INTEGER, note TEXT);
CREATE UNIQUE INDEX ledger_one_note ON ledger (note);
CREATE INDEX ledger_by_who ON ledger (who, year);
CREATE INDEX "ledger ""odd"" name" ON ledger (year) WHERE year IS NOT NULL;
CREATE TABLE shelf (id TEXT PRIMARY KEY, place TEXT NOT NULL);
CREATE INDEX shelf_by_place ON shelf (place);
`;

/** A tree plugin with two tables: `ledger` allows a bulk load, `shelf` does not. */
function ledgerPlugin(): PluginSource {
  const plugin = definePlugin({
    name: '@rootline/plugin-ledger',
    scope: 'tree',
    register(app) {
      app.kernel.allowBulkLoad('ledger');
      app.kernel.treeRoutes(async (mount) => {
        // A write that waits for the test's word before it writes (`holdWrites`).
        mount.post('/ledger', { config: { humanOnly: false } }, async (request) => {
          await writeHeld?.();
          write(request.tree, 1, 1_000_000);
          return { ok: true };
        });
        mount.get('/ledger/count', { config: { humanOnly: false } }, async (request) => request.tree.db.prepare('SELECT count(*) AS n FROM ledger').get());
      });
    },
  });
  return { name: '@rootline/plugin-ledger', version: '1.0.0', plugin, migrations: [{ version: 1, name: 'ledger', sql: LEDGER_SQL }], peerDependencies: { '@rootline/kernel': '^0.2.0' } };
}

/** What `POST /v1/ledger` awaits before it writes; none: it writes at once. */
let writeHeld: (() => Promise<void>) | undefined;

/** Holds the writes of `POST /v1/ledger` until `let go` is called; `entered` when one is waiting. */
function holdWrites(t: Test) {
  let letGo!: () => void;
  let entered!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const waiting = new Promise<void>((resolve) => (entered = resolve));
  writeHeld = () => {
    entered();
    return held;
  };
  t.teardown(() => {
    writeHeld = undefined;
    letGo();
  });
  return { waiting, letGo };
}

async function ledgerServer(t: Test, dataDir?: string) {
  return buildTestServer(t, { builtIn: [ledgerPlugin()], plugins: ['@rootline/plugin-ledger'], dataDir });
}

/** Every index SQLite lists for the tree's tables, by name, with the SQL that made it. */
function indexes(tree: Tree): Record<string, string | null> {
  const rows = tree.db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('ledger', 'shelf', 'records') ORDER BY name").all() as { name: string; sql: string | null }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.sql]));
}

const setAside = (tree: Tree) => (tree.db.prepare('SELECT name FROM deferred_indexes ORDER BY name').all() as { name: string }[]).map((row) => row.name);

function write(tree: Tree, rows: number, from = 0): void {
  tree.transact(() => {
    for (let n = from; n < from + rows; n++) {
      tree.prepare('INSERT INTO ledger (id, who, year, note) VALUES (?, ?, ?, ?)').run(`id-${n}`, `who-${n % 7}`, 1800 + (n % 50), `note-${n}`);
      tree.record({ kind: 'ledger.written.v1', entity_type: 'ledger', entity_id: `id-${n}`, actor: { kind: 'system', credentialId: null } });
    }
  });
}

const planFor = (tree: Tree, sql: string) => (tree.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join('; ');

t.test('a bulk load sets aside the read-only indexes of the tables that allow it, and builds the same ones at its end', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const before = indexes(tree);
  t.ok(before.ledger_by_who && before.shelf_by_place && before.records_entity, 'the indexes are there to begin with');

  const deferred = tree.startBulkLoad();
  t.same(deferred.sort(), ['ledger "odd" name', 'ledger_by_who', 'records_entity', 'records_import', 'records_kind'], 'the non-unique indexes of ledger and of the record log');
  t.same(setAside(tree), [...deferred].sort(), 'each listed in the tree, in the same transaction');
  const during = indexes(tree);
  t.notOk('ledger_by_who' in during, 'ledger_by_who is gone while the load runs');
  t.ok(during.ledger_one_note, 'a unique index stays: it keeps a rule');
  t.ok(Object.keys(during).some((name) => name.startsWith('sqlite_autoindex_ledger')), 'the UNIQUE constraint\'s own index stays');
  t.ok(during.shelf_by_place, 'a table that did not allow it keeps its indexes');
  t.notOk(planFor(tree, "SELECT id FROM ledger WHERE who = 'who-1'").includes('ledger_by_who'), 'a read scans the table meanwhile');

  write(tree, 40);
  t.throws(() => write(tree, 1, 0), { code: 'SQLITE_CONSTRAINT_UNIQUE' }, 'uniqueness is still enforced during the load');
  await tree.finishBulkLoad();

  t.same(indexes(tree), before, 'every index is back, made by the same SQL');
  t.same(setAside(tree), [], 'and the list is empty');
  t.match(planFor(tree, "SELECT id FROM ledger WHERE who = 'who-1'"), /ledger_by_who/, 'reads use it again');
  const found = tree.db.prepare("SELECT count(*) AS n FROM ledger INDEXED BY ledger_by_who WHERE who = 'who-1'").get() as { n: number };
  t.equal(found.n, 6, 'and it holds the rows written during the load (ids 1, 8, ..., 36)');
  const logged = tree.db.prepare("SELECT count(*) AS n FROM records INDEXED BY records_kind WHERE kind = 'ledger.written.v1'").get() as { n: number };
  t.equal(logged.n, 40, 'the record log\'s indexes hold the records written meanwhile');
});

t.test('a table with as many rows as the limit keeps its indexes; one below it does not', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  write(tree, 3);
  t.same(new DeferredIndexes(tree.db).defer(['ledger'], 3), [], '3 rows, limit 3: kept');
  t.same(new DeferredIndexes(tree.db).defer(['ledger'], 4).sort(), ['ledger "odd" name', 'ledger_by_who'], '3 rows, limit 4: set aside');
  t.equal(new DeferredIndexes(tree.db).buildAll(), 2, 'buildAll builds both');
  t.equal(new DeferredIndexes(tree.db).buildAll(), 0, 'and then there is none');
});

t.test('finishBulkLoad calls `between` after each index; when it throws (a cancel) the rest are built and the error comes last', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const before = indexes(tree);
  const deferred = tree.startBulkLoad();
  let calls = 0;
  await t.rejects(tree.finishBulkLoad(async () => {
    calls++;
    throw new Error('cancelled');
  }), { message: 'cancelled' });
  t.equal(calls, 1, 'not called again once it threw');
  t.same(indexes(tree), before, 'all built all the same');
  t.same(setAside(tree), []);

  tree.startBulkLoad();
  let between = 0;
  await tree.finishBulkLoad(async () => {
    between++;
  });
  t.equal(between, deferred.length, 'once per index');
});

t.test('the bulk load\'s thread builds the indexes set aside: finishBulkLoad gives the event loop back before the first is built', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const before = indexes(tree);
  const deferred = tree.startBulkLoad();
  t.ok(deferred.length > 1);
  write(tree, 50);
  const finishing = tree.finishBulkLoad();
  t.same(setAside(tree), [...deferred].sort(), 'none built on the event loop\'s thread before it returned');
  let turned = false;
  setImmediate(() => (turned = true));
  await finishing;
  t.same(indexes(tree), before, 'all built');
  t.same(setAside(tree), []);
  t.ok(turned, 'the event loop turned meanwhile');
  const count = tree.db.prepare("SELECT count(*) AS n FROM ledger INDEXED BY ledger_by_who WHERE who = 'who-3'").get() as { n: number };
  t.equal(count.n, 7, 'the built index holds the rows written during the load');
});

t.test('a write asked while the thread builds an index is admitted once that build is over; outside a load it is not held', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  t.equal(tree.admitWrite(), undefined, 'no load: nothing to wait for');
  const deferred = tree.startBulkLoad();
  t.ok(deferred.length > 2);
  // Enough rows that each build takes a while: the thread's answers cannot all come in before the loop's next turn.
  write(tree, 20_000);
  let asked: Promise<void> | undefined;
  let seen: string[] | undefined;
  await tree.finishBulkLoad(async () => {
    if (asked) return;
    // Asked on the loop's next turn: the second index is being built then.
    setImmediate(() => {
      asked = tree.admitWrite()!.then((release) => {
        seen = setAside(tree);
        release();
      });
    });
  });
  await asked;
  t.equal(seen?.length, deferred.length - 2, 'admitted once the second index was built, not before');
  t.equal(tree.admitWrite(), undefined, 'the load is over');
  t.equal(tree.inBulkWork, true, 'still quiet for a moment after the last index');
});

t.test('a request that writes during a load holds the next index build back until it has answered; reads are answered meanwhile', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const deferred = tree.startBulkLoad();
  write(tree, 50);
  const hold = holdWrites(t);
  let posting: Promise<{ statusCode: number }> | undefined;
  const finishing = tree.finishBulkLoad(async () => {
    if (posting) return;
    posting = s.request('POST', '/v1/ledger');
    await hold.waiting;
  });
  await hold.waiting;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const read = await s.request('GET', '/v1/ledger/count');
  const during = { listed: setAside(tree).length, count: read.json(), status: read.statusCode };
  hold.letGo();
  t.equal((await posting!).statusCode, 200);
  const answered = Date.now();
  await finishing;
  // Its turn given back with its answer: the builds left do not wait out the bound (1 s) for it.
  t.ok(Date.now() - answered < 800, `built ${Date.now() - answered} ms after the answer`);
  t.same(during, { listed: deferred.length - 1, count: { n: 50 }, status: 200 }, 'while the write was in flight: no further index built, a read answered');
  t.same(setAside(tree), [], 'its answer sent, the rest were built');
  t.equal((tree.db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n, 51, 'and it wrote');
});

t.test('an index set aside that cannot be built fails the end of the load with SQLite\'s reason, after the others are built', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  tree.startBulkLoad();
  tree.db.prepare('INSERT INTO deferred_indexes (name, table_name, sql) VALUES (?, ?, ?)').run('zz_broken', 'ledger', 'CREATE INDEX zz_broken ON ledger (no_such_column)');
  await t.rejects(tree.finishBulkLoad(), { message: /no such column/ });
  t.same(setAside(tree), ['zz_broken'], 'still listed; the others are built');
  t.equal(tree.db.pragma('wal_autocheckpoint', { simple: true }), 1000, 'the load is over all the same');
});

/** As a full disk does: the tree's database may not grow past the pages it has (`lift` gives the room back). */
function fillDisk(tree: Tree): { lift: () => void } {
  tree.db.pragma(`max_page_count = ${tree.db.pragma('page_count', { simple: true }) as number}`);
  return { lift: () => tree.db.pragma('max_page_count = 4294967294') };
}

/** Sets aside ledger's indexes and writes past the pages they freed: building them again needs new pages. */
function setAsideWithoutRoom(tree: Tree): { lift: () => void } {
  write(tree, 3000);
  new DeferredIndexes(tree.db).defer(['ledger']);
  write(tree, 3000, 3000);
  return fillDisk(tree);
}

t.test('an index the disk had no room for at the end of a load is built once there is room, after the next commit, without a restart; reads that name it scan meanwhile', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const before = indexes(tree);
  const disk = setAsideWithoutRoom(tree);
  await t.rejects(tree.finishBulkLoad(), { code: 'SQLITE_FULL' });
  t.same(setAside(tree), ['ledger "odd" name', 'ledger_by_who'], 'still set aside');
  const named = () => tree.db.prepare(`SELECT count(*) AS n FROM ledger ${tree.indexedBy('ledger_by_who')} WHERE who = 'who-1'`).get();
  t.same(named(), { n: 857 }, 'a read that names a missing index scans instead of failing');
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.same(setAside(tree), ['ledger "odd" name', 'ledger_by_who'], 'no room yet: still set aside');

  disk.lift();
  write(tree, 1, 10_000);
  t.ok(await waitFor(() => setAside(tree).length === 0, 5000), 'built after the first commit that went through');
  t.same(indexes(tree), before, 'every index is back');
  t.equal(tree.indexedBy('ledger_by_who'), 'INDEXED BY "ledger_by_who"', 'and reads name it again');
  t.same(named(), { n: 857 }, 'the same answer through the index');
});

t.test('an index the disk had no room for is built again on a timer when nothing else writes', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const disk = setAsideWithoutRoom(tree);
  await t.rejects(tree.finishBulkLoad(), { code: 'SQLITE_FULL' });
  disk.lift();
  t.ok(await waitFor(() => setAside(tree).length === 0, 5000), 'built within a few seconds of the room coming back');
});

t.test('an index set aside that is no longer listed (the thread built it, its answer lost) is not built again here', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const deferred = new DeferredIndexes(tree.db);
  tree.startBulkLoad();
  const next = deferred.next()!;
  deferred.build(next);
  t.doesNotThrow(() => deferred.build(next), 'a second build of the same index does nothing');
  t.notOk(setAside(tree).includes(next.name));
  await tree.finishBulkLoad();
});

t.test('during a bulk load a second thread checkpoints the write-ahead log, not the commits of the event loop\'s thread; after it, the commits do again', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const file = join(s.dataDir, 'trees', tree.id, 'tree.db');
  const checkpointPages = () => tree.db.pragma('wal_autocheckpoint', { simple: true });
  const note = 'x'.repeat(2000);
  t.equal(checkpointPages(), 1000, 'before: a commit past 4 MiB of log checkpoints it');
  tree.startBulkLoad();
  t.equal(checkpointPages(), 0, 'during: no commit does');
  const sizeBefore = statSync(file).size;
  // About 6 MiB of rows in batches, as an import writes them.
  for (let batch = 0; batch < 30; batch++) {
    tree.bulkTransact(() => {
      for (let n = 0; n < 100; n++) {
        const id = batch * 100 + n;
        tree.prepare('INSERT INTO ledger (id, who, year, note) VALUES (?, ?, ?, ?)').run(`id-${id}`, `who-${id % 7}`, 1800, `${note}${id}`);
      }
    });
  }
  t.ok(await waitFor(() => statSync(file).size > sizeBefore + 6 * 1024 ** 2, 30_000), 'yet the rows reach the database file: the other thread copied them');
  await tree.finishBulkLoad();
  t.equal(checkpointPages(), 1000, 'after: commits checkpoint again');
  t.equal((tree.db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n, 3000);

  tree.startBulkLoad();
  await t.rejects(tree.finishBulkLoad(async () => {
    throw new Error('cancelled');
  }));
  t.equal(checkpointPages(), 1000, 'after a cancelled load too');
  tree.close();
  t.notOk(existsSync(`${file}-wal`), 'the last connection to close removed the log: the thread\'s connection is closed');
});

t.test('a tree closing mid-load (the server stopping) does not wait for the checkpointing thread', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const file = join(s.dataDir, 'trees', tree.id, 'tree.db');
  const sizeBefore = statSync(file).size;
  tree.startBulkLoad();
  tree.bulkTransact(() => {
    for (let n = 0; n < 100; n++) tree.prepare('INSERT INTO ledger (id, who, year, note) VALUES (?, ?, ?, ?)').run(`id-${n}`, 'who', 1800, `${'x'.repeat(2000)}${n}`);
  });
  t.ok(await waitFor(() => statSync(file).size > sizeBefore, 30_000), 'the thread has its connection open: it checkpointed the rows');
  const closing = tree.close();
  t.equal(tree.db.open, false, 'closed at once');
  t.equal(tree.close(), closing, 'closing again waits for the same end');
  await closing;
  t.notOk(existsSync(`${file}-wal`), 'once it settles, the thread\'s connection, the last, is closed: it removed the log');
});

t.test('the tree is in bulk work while the indexes are built, so background work that waits for a load waits for them too', async (t) => {
  const clock = handClock();
  const s = await buildTestServer(t, { builtIn: [ledgerPlugin()], plugins: ['@rootline/plugin-ledger'], clock });
  const tree = s.server.kernel.trees.active();
  tree.startBulkLoad();
  clock.advance(60_000); // the last batch was long ago
  t.equal(tree.inBulkWork, false);
  const seen: boolean[] = [];
  await tree.finishBulkLoad(async () => {
    seen.push(tree.inBulkWork);
    clock.advance(900);
  });
  t.same(seen, [true, true, true, true, true], 'after each of the five indexes');
});

t.test('a load cut off by a crash: the tree builds what it set aside when it next opens, before anything reads it', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bulk-load-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await ledgerServer(t, dataDir);
  const tree = first.server.kernel.trees.active();
  const before = indexes(tree);
  tree.startBulkLoad();
  write(tree, 10);
  tree.close(); // the process dies here: finishBulkLoad never runs
  await first.server.close(); // and waits for the load's thread, still running, to end

  const second = await ledgerServer(t, dataDir);
  const reopened = second.server.kernel.trees.active();
  t.same(indexes(reopened), before, 'every index is back');
  t.same(setAside(reopened), [], 'the list is empty');
  const count = reopened.db.prepare("SELECT count(*) AS n FROM ledger INDEXED BY ledger_by_who WHERE who = 'who-3'").get() as { n: number };
  t.equal(count.n, 1, 'holding the rows written before the crash');
});

t.test("during a bulk load a commit is not flushed on the event loop's thread: the thread pool flushes it, and flushed() says when", async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  const synchronous = () => tree.db.pragma('synchronous', { simple: true });
  const during = (work: () => void) => {
    let seen: unknown;
    tree.transact(() => {
      seen = synchronous();
      work();
    });
    return seen;
  };
  t.equal(during(() => write(tree, 1)), 2, 'before a load: FULL, SQLite flushes the commit itself');
  t.equal(tree.flushed(), undefined, 'and nothing waits');

  tree.startBulkLoad();
  t.equal(tree.flushed(), undefined, 'a load that has committed nothing yet: nothing waits');
  t.equal(during(() => write(tree, 1, 1)), 1, 'during the load: NORMAL, no fsync here');
  t.equal(synchronous(), 2, 'FULL again after the commit');
  const flushing = tree.flushed();
  t.ok(flushing, 'the commit waits for its flush');
  await flushing;
  t.equal(tree.flushed(), undefined, 'once flushed, nothing waits');
  t.equal(during(() => tree.transact(() => write(tree, 1, 2))), 1, 'a transaction inside another is that one');
  tree.bulkTransact(() => write(tree, 1, 3));
  await tree.flushed();
  tree.bulkTransact(() => write(tree, 1, 4));
  t.equal(tree.flushed(), undefined, "a bulk batch is left to the load's own end, as before");

  await tree.finishBulkLoad();
  t.equal(tree.flushed(), undefined);
  t.equal(during(() => write(tree, 1, 5)), 2, 'after the load: FULL again');
  t.equal((tree.db.prepare('SELECT count(*) AS n FROM ledger').get() as { n: number }).n, 6, 'every row written');
});

t.test('a write request during a bulk load is answered once its commit is flushed, and is in the tree', async (t) => {
  const s = await ledgerServer(t);
  const tree = s.server.kernel.trees.active();
  tree.startBulkLoad();
  t.teardown(() => tree.finishBulkLoad());
  const reply = await s.request('POST', '/v1/ledger');
  t.equal(reply.statusCode, 200);
  t.equal(tree.flushed(), undefined, 'its flush is over when the answer leaves');
  t.equal((tree.db.prepare("SELECT count(*) AS n FROM ledger WHERE id = 'id-1000000'").get() as { n: number }).n, 1);
});

t.test("between a bulk load's batches the log is checkpointed whole, at most every second, so it starts over instead of growing", async (t) => {
  const clock = handClock();
  const s = await buildTestServer(t, { builtIn: [ledgerPlugin()], plugins: ['@rootline/plugin-ledger'], clock });
  const tree = s.server.kernel.trees.active();
  const log = join(s.dataDir, 'trees', tree.id, 'tree.db-wal');
  t.equal(tree.betweenBatches(), undefined, 'no bulk load: nothing to wait for');
  tree.startBulkLoad();
  const batch = (from: number) =>
    tree.bulkTransact(() => {
      for (let n = from; n < from + 200; n++) tree.prepare('INSERT INTO ledger (id, who, year, note) VALUES (?, ?, ?, ?)').run(`big-${n}`, 'who', 1850, `${n}${'x'.repeat(2000)}`);
    });
  for (let at = 0; at < 20; at++) {
    batch(at * 200);
    clock.advance(1000);
    const waiting = tree.betweenBatches();
    t.ok(waiting, `pause ${at}: a second has passed, it waits`);
    await waiting;
    t.equal(tree.betweenBatches(), undefined, 'and not again within the second');
  }
  t.ok(statSync(log).size < 3 * 1024 * 1024, `the log holds about one batch (${statSync(log).size} bytes), not twenty (over 8 MB)`);
  await tree.finishBulkLoad();
  t.equal(tree.betweenBatches(), undefined, 'the load over: nothing to wait for');
  t.equal((tree.db.prepare("SELECT count(*) AS n FROM ledger WHERE id LIKE 'big-%'").get() as { n: number }).n, 4000, 'every row written');
});
