// Claims filter bench (issue 17 item 14): GET /v1/assertions?persona=&state=&kind=&order=desc
// for one persona holding 1,000 / 10,000 / 100,000 / 1,000,000 claims (ROOTLINE_BENCH_FILTER_SIZES),
// generated directly in SQL. At each size, interleaved for ROOTLINE_BENCH_ROUNDS rounds (default 3):
//   - the page's SQL as the plugin runs it now (INDEXED BY the index of the filters, migration 002);
//   - the same SQL as before (no index named: the planner, without statistics, reads the table's
//     key (persona, created_at_ms, id) and tests each claim's state and kind);
//   - the whole HTTP request, for scale.
// Two filters: one matching 1 claim in 24 all through, one matching only the 20 oldest claims.
// Medians of the per-round medians; the ratio is before / now (how many times faster).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RootlineServer } from '@rootline/kernel/host';
import { median } from './stats.js';

const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions'];
const SIZES = (process.env.ROOTLINE_BENCH_FILTER_SIZES ?? '1000,10000,100000,1000000').split(',').map(Number);
const ROUNDS = Math.max(3, Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3));
const SAMPLES = 200;
const round = (value: number, places = 3) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Grows the persona's claims to `size` in SQL, ids in creation order: 8 kinds and 6 states spread
 * evenly (a `birth` + `confirmed` filter matches 1 claim in 24), and 20 `will` claims, the oldest,
 * which a newest-first filter on `will` must reach past every other claim.
 */
function grow(server: RootlineServer, persona: string, from: number, size: number) {
  const db = server.kernel.trees.active().db;
  db.prepare(`WITH RECURSIVE n(i) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
    INSERT INTO assertions (id, persona, kind, status, value, date, place, source, citation, created_at_ms, status_changed_at_ms, actor_kind, credential_id, proposer, superseded_by)
    SELECT printf('01930000-%04x-7%03x-8000-%012x', i / 65536, i % 4096, i), ?,
      CASE WHEN i < 20 THEN 'will' ELSE json_extract('["birth","baptism","residence","occupation","marriage","death","burial","fact"]', '$[' || (i % 8) || ']') END,
      CASE WHEN i < 20 THEN 'confirmed' ELSE json_extract('["confirmed","pending","confirmed","deferred","refuted","superseded"]', '$[' || ((i / 8) % 6) || ']') END,
      'Entry ' || i || ' of the register', 1800 + i % 100, 'Ledbury, Herefordshire', NULL, NULL, 1700000000000 + i, 1700000000000 + i, 'human', NULL, NULL, NULL
    FROM n`).run(from, size, persona);
}

/** Median of SAMPLES runs, or of as many as fit in 2 s (at least 5): the old plan at 1M claims takes ~100 ms a run. */
function timeSql(run: () => unknown): number {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < SAMPLES && (i < 5 || performance.now() - started < 2000); i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function timeHttp(url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    // A long synchronous measurement can outlast the server's keep-alive: retry once on a closed socket.
    const reply = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
    await reply.arrayBuffer();
    if (reply.status !== 200) throw new Error(`GET ${url}: ${reply.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchClaimsFilter(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-claims-filter-'));
  let server: RootlineServer | undefined;
  try {
    server = await createServer({ dataDir, manifest: { plugins: PLUGINS.map((name) => ({ name })) }, env: { ...process.env, ROOTLINE_LOG_LEVEL: 'warn' } });
    const url = await server.listen(0);
    const headers = { authorization: `Bearer ${readFileSync(server.layout.humanTokenFile, 'utf8').trim()}` };
    const created = await fetch(`${url}/v1/personas`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ given: 'Ann', surname: 'Smyth' }) });
    const persona = ((await created.json()) as { id: string }).id;
    const db = server.kernel.trees.active().db;
    const columns = 'id, persona, kind, status, value, date, place, source, citation, created_at_ms, status_changed_at_ms, actor_kind, credential_id, proposer, superseded_by';
    const where = "WHERE persona = ? AND status = 'confirmed' AND kind = ? ORDER BY created_at_ms DESC, id DESC LIMIT 51";
    const now = db.prepare(`SELECT ${columns} FROM assertions INDEXED BY assertions_by_persona_status_kind ${where}`);
    const before = db.prepare(`SELECT ${columns} FROM assertions ${where}`);
    const plans = {
      now: (db.prepare(`EXPLAIN QUERY PLAN SELECT ${columns} FROM assertions INDEXED BY assertions_by_persona_status_kind ${where}`).all(persona, 'birth') as { detail: string }[]).map((row) => row.detail).join('; '),
      before: (db.prepare(`EXPLAIN QUERY PLAN SELECT ${columns} FROM assertions ${where}`).all(persona, 'birth') as { detail: string }[]).map((row) => row.detail).join('; '),
    };
    const listUrl = `${url}/v1/assertions?persona=${persona}&state=confirmed&order=desc&kind=`;
    const sizes: Record<string, unknown>[] = [];
    let have = 0;
    for (const size of SIZES) {
      const seedStarted = performance.now();
      grow(server, persona, have, size);
      have = size;
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const entry: Record<string, unknown> = { persona_claims: size, seed_s: round(seedSeconds, 1) };
      for (const kind of ['birth', 'will']) {
        const rounds = { now: [] as number[], before: [] as number[], http: [] as number[] };
        for (let r = 0; r < ROUNDS; r++) {
          rounds.now.push(timeSql(() => now.all(persona, kind)));
          rounds.before.push(timeSql(() => before.all(persona, kind)));
          rounds.http.push(await timeHttp(`${listUrl}${kind}`, headers));
        }
        const page = (await (await fetch(`${listUrl}${kind}`, { headers })).json()) as { items: unknown[]; total: number };
        const nowMs = median(rounds.now);
        const beforeMs = median(rounds.before);
        entry[`confirmed_${kind}`] = {
          matches: page.total,
          page_items: page.items.length,
          sql_now_ms: round(nowMs),
          sql_before_ms: round(beforeMs),
          speedup: round(beforeMs / nowMs, 1),
          http_now_p50_ms: round(median(rounds.http)),
          rounds: { sql_now_ms: rounds.now.map((v) => round(v)), sql_before_ms: rounds.before.map((v) => round(v)), http_ms: rounds.http.map((v) => round(v)) },
        };
      }
      sizes.push(entry);
      process.stdout.write(`  ${JSON.stringify(sizes.at(-1))}\n`);
    }
    const growth = (kind: string, key: 'sql_now_ms' | 'sql_before_ms') =>
      round((sizes.at(-1)![`confirmed_${kind}`] as Record<string, number>)[key] / (sizes[0][`confirmed_${kind}`] as Record<string, number>)[key], 2);
    return {
      rounds: ROUNDS,
      samples_per_round: SAMPLES,
      plans,
      sizes,
      growth_smallest_to_largest: { birth_now: growth('birth', 'sql_now_ms'), birth_before: growth('birth', 'sql_before_ms'), will_now: growth('will', 'sql_now_ms'), will_before: growth('will', 'sql_before_ms') },
    };
  } finally {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
