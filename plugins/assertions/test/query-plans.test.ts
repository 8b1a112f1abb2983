import t from 'tap';
import { randomUUID } from 'node:crypto';
import { pageSql, type ClaimFilter } from '../src/queries.js';
import { CLAIM_COLUMNS } from '../src/store.js';
import { db, evidenceServer, newPersona, newSource } from './fixtures/helpers.js';

/**
 * Every filter GET /assertions and the pending lane can combine, in both orders, from the
 * start and after a cursor: the plan must be one index range (SEARCH), never a SCAN of the
 * claims table, and never a temporary B-tree to sort (the order must come from the index).
 * A plan like that costs the same at 1,000 claims as at 1,000,000 (docs/benchmarks.md).
 */

const KINDS = ['birth', 'baptism', 'residence', 'death'];
const STATES = ['pending', 'confirmed', 'deferred', 'refuted'] as const;

/** Every subset of the persona list's three filters. */
function personaFilters(persona: string, source: string): ClaimFilter[] {
  const filters: ClaimFilter[] = [];
  for (let mask = 0; mask < 8; mask++) {
    filters.push({
      persona,
      ...(mask & 1 ? { kind: 'birth' } : {}),
      ...(mask & 2 ? { status: 'confirmed' as const } : {}),
      ...(mask & 4 ? { source } : {}),
    });
  }
  return filters;
}

const laneFilters = (source: string): ClaimFilter[] => [
  { status: 'pending' },
  { status: 'pending', source },
  { status: 'pending', source: null },
  { status: 'pending', proposer: 'claude-test' },
  { status: 'pending', proposer: null },
];

/** The whole tree's claims of one status, newest first (GET {P}/settled): migration 004's partial indexes. */
const settledFilters: ClaimFilter[] = [{ status: 'confirmed' }, { status: 'refuted' }];

function planOf(s: Parameters<typeof db>[0], filter: ClaimFilter, order: 'asc' | 'desc', after: boolean): string[] {
  const { sql, params } = pageSql(CLAIM_COLUMNS, filter, order, after ? [Date.now(), randomUUID()] : null);
  return (db(s).prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params, 100) as { detail: string }[]).map((row) => row.detail);
}

t.test('every filtered claim list is one index range in the order asked, with and without statistics', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  // Enough claims, spread over personas, kinds, states and sources, for ANALYZE to have something to weigh.
  const insert = db(s).prepare(`INSERT INTO assertions (id, persona, kind, status, source, created_at_ms, status_changed_at_ms, actor_kind, proposer)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'agent', 'claude-test')`);
  const others = Array.from({ length: 20 }, () => randomUUID());
  db(s).transaction(() => {
    for (let i = 0; i < 4000; i++) {
      const at = 1_700_000_000_000 + i;
      insert.run(randomUUID(), i % 4 === 0 ? persona : others[i % others.length], KINDS[i % KINDS.length], STATES[(i >> 2) % STATES.length], i % 3 ? source : null, at, at);
    }
  })();

  for (const statistics of ['without', 'with']) {
    if (statistics === 'with') db(s).exec('ANALYZE');
    for (const filter of [...personaFilters(persona, source), ...laneFilters(source), ...settledFilters]) {
      for (const order of ['asc', 'desc'] as const) {
        for (const after of [false, true]) {
          const plan = planOf(s, filter, order, after);
          const name = `${JSON.stringify({ ...filter, persona: filter.persona ? 'P' : undefined, source: filter.source ? 'S' : filter.source })} ${order}${after ? ' after a cursor' : ''}, ${statistics} ANALYZE`;
          const shown = `(${plan.join('; ')})`;
          t.notOk(plan.some((step) => /TEMP B-TREE/.test(step)), `${name}: no sort ${shown}`);
          if (filter.persona) {
            // One range over every filter: each filtered column is a constraint of the SEARCH, not a test of each row.
            const search = plan.find((step) => step.startsWith('SEARCH assertions USING'));
            const columns = ['persona', 'status', 'kind', 'source'].filter((column) => filter[column as keyof ClaimFilter] !== undefined);
            t.ok(search && columns.every((column) => search.includes(`${column}=?`)), `${name}: one range over ${columns.join(', ')} ${shown}`);
            t.notOk(plan.some((step) => step.startsWith('SCAN')), `${name}: no scan ${shown}`);
          } else if (filter.status !== 'pending') {
            // Settled claims: the status's own partial index, already in the order asked (before it, every claim's index entry and a sort).
            t.ok(plan.some((step) => step.includes(`USING INDEX assertions_${filter.status}`)), `${name}: the status's index ${shown}`);
          } else {
            // The lane reads its own partial index (only pending claims), never the table.
            t.ok(plan.some((step) => /USING (COVERING )?INDEX assertions_pending/.test(step)), `${name}: the lane's index ${shown}`);
            t.notOk(plan.some((step) => /^SCAN assertions$/.test(step)), `${name}: no scan of the table ${shown}`);
          }
        }
      }
    }
  }
});

t.test('the indexes answer the same rows as reading the table would', async (t) => {
  const s = await evidenceServer(t);
  const persona = await newPersona(s);
  const source = await newSource(s);
  const insert = db(s).prepare(`INSERT INTO assertions (id, persona, kind, status, source, created_at_ms, status_changed_at_ms, actor_kind)
    VALUES (?, ?, ?, ?, ?, ?, ?, 'human')`);
  db(s).transaction(() => {
    for (let i = 0; i < 200; i++) {
      const at = 1_700_000_000_000 + (i * 7919) % 200; // created out of id order: the keyset must still hold
      insert.run(`0193${String(i).padStart(4, '0')}-0000-7000-8000-${randomUUID().slice(-12)}`, persona, KINDS[i % KINDS.length], STATES[(i >> 2) % STATES.length], i % 3 ? source : null, at, at);
    }
  })();
  for (const filter of personaFilters(persona, source)) {
    for (const order of ['asc', 'desc'] as const) {
      const { sql, params } = pageSql('id', filter, order, null);
      const viaIndex = (db(s).prepare(sql).pluck().all(...params, 1000) as string[]);
      const viaTable = (db(s).prepare(sql.replace(/FROM assertions( INDEXED BY \w+)?/, 'FROM assertions NOT INDEXED')).pluck().all(...params, 1000) as string[]);
      t.same(viaIndex, viaTable, `${Object.keys(filter).join('+')} ${order}`);
      t.ok(viaIndex.length > 0, 'the filter matches something');
    }
  }
});
