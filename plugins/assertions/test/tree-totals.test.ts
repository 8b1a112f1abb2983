import t, { type Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestServer } from '@rootline/kernel/testing';
import { ClaimQueries, type ClaimFilter } from '../src/queries.js';
import { capture, claimIn, db, evidenceServer, newCitation, newPersona, newSource, REACHABLE, STATUSES } from './fixtures/helpers.js';

/**
 * assertion_totals (migration 004): the tree's claims per status, citing a source or not, kept by
 * triggers; the tally, the unsourced lane's total and the whole tree's counts by status read it.
 * After every kind of change it must say what counting the claims says.
 */

type Row = { status: string; sourced: number; n: number };
const counted = (s: TestServer) =>
  db(s).prepare('SELECT status, source IS NOT NULL AS sourced, count(*) AS n FROM assertions GROUP BY 1, 2 ORDER BY 1, 2').all() as Row[];
const kept = (s: TestServer) => db(s).prepare('SELECT status, sourced, n FROM assertion_totals WHERE n <> 0 ORDER BY 1, 2').all() as Row[];

/** Every whole-tree filter the totals answer, counted both ways. */
function filters(): ClaimFilter[] {
  const all: ClaimFilter[] = [{}, { activeOnly: true }, { source: null }, { activeOnly: true, source: null }];
  for (const status of STATUSES) all.push({ status }, { status, source: null }, { status, activeOnly: true }, { status, activeOnly: true, source: null });
  return all;
}

function check(t: Test, s: TestServer, step: string) {
  t.same(kept(s), counted(s), `${step}: the totals are the claims counted`);
  const queries = new ClaimQueries(s.server.kernel.trees.active());
  for (const filter of filters()) {
    const where = [
      filter.status ? `status = '${filter.status}'` : '1',
      filter.activeOnly ? "status IN ('pending', 'deferred', 'confirmed')" : '1',
      filter.source === null ? 'source IS NULL' : '1',
    ].join(' AND ');
    t.equal(queries.count(filter), db(s).prepare(`SELECT count(*) FROM assertions WHERE ${where}`).pluck().get(), `${step}: count ${JSON.stringify(filter)}`);
  }
}

t.test('the totals follow captures, reviews, a source given by evidence, and any change of a row', async (t) => {
  const s = await evidenceServer(t);
  check(t, s, 'empty');
  const persona = await newPersona(s);
  const source = await newSource(s);
  for (const status of REACHABLE) {
    for (const sourced of [true, false]) {
      await claimIn(s, persona, status, sourced ? source : undefined);
      check(t, s, `a ${sourced ? 'sourced' : 'unsourced'} ${status} claim`);
    }
  }
  const unsourced = await capture(s, { persona, kind: 'death' }, 'agent');
  const citation = await newCitation(s, source);
  t.equal((await s.request('POST', `/v1/assertions/${unsourced.id}/attach-evidence`, { body: { kind: 'citation', citation } })).statusCode, 200);
  t.equal(db(s).prepare('SELECT source FROM assertions WHERE id = ?').pluck().get(unsourced.id), source, 'the citation gave the claim its source');
  check(t, s, 'a citation attached as evidence');
  // What no route does (yet), written straight into the table: each trigger on its own.
  const some = (where: string) => db(s).prepare(`SELECT id FROM assertions WHERE ${where} LIMIT 1`).pluck().get() as string;
  db(s).prepare("UPDATE assertions SET status = 'deferred' WHERE id = ?").run(some("status = 'pending'"));
  check(t, s, 'a status changed');
  db(s).prepare('UPDATE assertions SET source = NULL WHERE id = ?').run(some('source IS NOT NULL'));
  check(t, s, 'a source taken away');
  db(s).prepare("UPDATE assertions SET kind = 'burial', value = 'x' WHERE id = ?").run(some('1'));
  check(t, s, 'neither status nor source changed');
  db(s).prepare("UPDATE assertions SET status = 'refuted', source = ? WHERE id = ?").run(source, some("status = 'confirmed' AND source IS NULL"));
  check(t, s, 'status and source changed at once');
  db(s).prepare('DELETE FROM assertions WHERE id = ?').run(some("status = 'superseded'"));
  check(t, s, 'a claim deleted');
  t.same((await s.request('GET', '/v1/assertions/unsourced/tally')).json(), {
    sourced: db(s).prepare("SELECT count(*) FROM assertions WHERE source IS NOT NULL AND status IN ('pending', 'deferred', 'confirmed')").pluck().get(),
    needs_source: db(s).prepare("SELECT count(*) FROM assertions WHERE source IS NULL AND status IN ('pending', 'deferred', 'confirmed')").pluck().get(),
    total: db(s).prepare("SELECT count(*) FROM assertions WHERE status IN ('pending', 'deferred', 'confirmed')").pluck().get(),
  }, 'the tally reads them');
});

t.test('migration 004 counts the claims a tree already holds when it opens', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-totals-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  let before: Row[] = [];
  await t.test('a tree written before migration 004', async (t) => {
    const s = await evidenceServer(t, [], dataDir);
    const persona = await newPersona(s);
    const source = await newSource(s);
    for (const status of REACHABLE) {
      await claimIn(s, persona, status, source);
      await claimIn(s, persona, status);
    }
    // As the tree was before 004: no totals, no triggers, the old index, the migration not applied.
    db(s).exec(`DROP TRIGGER assertion_totals_insert; DROP TRIGGER assertion_totals_delete; DROP TRIGGER assertion_totals_update;
      DROP TABLE assertion_totals; DROP INDEX assertions_confirmed; DROP INDEX assertions_refuted;
      CREATE INDEX assertions_active_sourced ON assertions (status) WHERE source IS NOT NULL AND status IN ('pending', 'deferred', 'confirmed');
      DELETE FROM schema_migrations WHERE plugin = '@rootline/plugin-assertions' AND version = 4;`);
    before = counted(s);
  });
  const s = await evidenceServer(t, [], dataDir);
  t.ok(before.length >= 6, 'claims in several statuses, with and without a source');
  t.same(kept(s), before, 'counted as the tree opened');
  const indexes = db(s).prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name IN ('assertions_confirmed', 'assertions_refuted', 'assertions_active_sourced') ORDER BY name").pluck().all();
  t.same(indexes, ['assertions_confirmed', 'assertions_refuted'], 'the settled lists\' indexes built, the tally\'s old index gone');
  await claimIn(s, await newPersona(s), 'confirmed');
  check(t, s, 'and kept from then on');
});
