// Assertions bench: capture throughput (1 client, 16 concurrent) and GET /v1/assertions?persona=
// latency for a persona with 10,000 claims in a tree of ROOTLINE_BENCH_CLAIMS (default 1,000,000)
// claims, beside a bare Fastify route serving the same JSON, measured in the same run.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgentCredential, createServer, uuidv7, type RootlineServer, type Tree } from '@rootline/kernel/host';
import { percentile } from './stats.js';

const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-pending'];
const TREE_CLAIMS = Number(process.env.ROOTLINE_BENCH_CLAIMS ?? 1_000_000);
const PERSONA_CLAIMS = Math.min(10_000, TREE_CLAIMS);
const SECONDS = Number(process.env.ROOTLINE_BENCH_SECONDS ?? 5);
const LATENCY_SAMPLES = Number(process.env.ROOTLINE_BENCH_SAMPLES ?? 2000);

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

async function post(url: string, headers: Record<string, string>, body: unknown) {
  const reply = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!reply.ok) throw new Error(`POST ${url}: ${reply.status} ${await reply.text()}`);
  return reply.json() as Promise<{ id: string }>;
}

/** Captures per second with `connections` clients posting as fast as they can (autocannon). */
async function captureRate(url: string, headers: Record<string, string>, body: unknown, connections: number) {
  const result = await autocannon({
    url: `${url}/v1/assertions/capture`,
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration: SECONDS,
  });
  return { claims_per_s: Math.round(result.requests.average), non_2xx: result.non2xx, errors: result.errors };
}

/** Sequential GETs, one at a time: per-request latency in ms (after a warm-up). */
async function latency(url: string, headers: Record<string, string>) {
  for (let i = 0; i < 200; i++) await (await fetch(url, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const started = performance.now();
    const reply = await fetch(url, { headers });
    await reply.arrayBuffer();
    times.push(performance.now() - started);
    if (reply.status !== 200) throw new Error(`GET ${url}: ${reply.status}`);
  }
  times.sort((a, b) => a - b);
  return { p50_ms: round(percentile(times, 50), 3), p99_ms: round(percentile(times, 99), 3) };
}

async function throughput(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: 10, duration: SECONDS });
  return Math.round(result.requests.average);
}

/**
 * Seeds the tree with direct SQL: `total` claims over many personas, `persona` holding
 * PERSONA_CLAIMS of them spread evenly through the table, mixed kinds, statuses and sources.
 */
function seed(tree: Tree, persona: string, sources: string[], total: number) {
  const insert = tree.db.prepare(`INSERT INTO assertions (id, persona, kind, status, value, date, place, source, citation, created_at_ms,
    status_changed_at_ms, actor_kind, credential_id, proposer, superseded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, NULL, ?, NULL)`);
  const kinds = ['birth', 'baptism', 'residence', 'occupation', 'marriage', 'death', 'burial', 'fact'];
  const statuses = ['confirmed', 'confirmed', 'pending', 'confirmed', 'deferred', 'refuted', 'confirmed', 'pending'];
  const others = Array.from({ length: 5000 }, () => uuidv7(Date.now() - 10_000_000));
  const every = Math.max(1, Math.floor(total / PERSONA_CLAIMS));
  const start = Date.now() - total;
  let ours = 0;
  const batch = tree.db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const mine = i % every === 0 && ours < PERSONA_CLAIMS;
      if (mine) ours++;
      const status = statuses[i % statuses.length];
      const agent = status !== 'confirmed';
      const at = start + i;
      insert.run(uuidv7(at), mine ? persona : others[i % others.length], kinds[i % kinds.length], status, `Entry ${i} of the register`, `${1800 + (i % 100)}`,
        'Ledbury, Herefordshire', i % 3 ? sources[i % sources.length] : null, at, at, agent ? 'agent' : 'human', agent ? 'bench-model' : null);
    }
  });
  for (let from = 0; from < total; from += 50_000) batch(from, Math.min(total, from + 50_000));
  tree.db.pragma('optimize');
  tree.db.exec('ANALYZE');
  return ours;
}

async function bareServer(body: string) {
  const bare = Fastify();
  bare.get('/v1/assertions', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
  const url = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { bare, url };
}

export async function benchAssertions(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-assertions-'));
  let server: RootlineServer | undefined;
  try {
    server = await createServer({ dataDir, manifest: { plugins: PLUGINS.map((name) => ({ name })) }, env: { ...process.env, ROOTLINE_LOG_LEVEL: 'warn' } });
    const url = await server.listen(0);
    const human = { authorization: `Bearer ${readFileSync(server.layout.humanTokenFile, 'utf8').trim()}` };
    const agent = { authorization: `Bearer ${createAgentCredential(server.kernel.registry, 'bench').token}`, 'x-proposer-model': 'bench-model' };
    const persona = (await post(`${url}/v1/personas`, human, { given: 'William', surname: 'Smyth' })).id;
    const source = (await post(`${url}/v1/sources`, human, { title: '1851 census, Ledbury' })).id;
    const claim = { persona, kind: 'residence', value: 'Lodger in the household of John Smyth', date: '30 MAR 1851', place: 'Ledbury', source };

    const capture = {
      one_client: await captureRate(url, agent, claim, 1),
      sixteen_concurrent: await captureRate(url, agent, claim, 16),
    };

    // A fresh persona for the list, so its 10,000 claims are the seeded ones.
    const listed = (await post(`${url}/v1/personas`, human, { given: 'Ann', surname: 'Smyth' })).id;
    const sources = [source, ...(await Promise.all(Array.from({ length: 9 }, (_, i) => post(`${url}/v1/sources`, human, { title: `Register ${i}` })))).map((s) => s.id)];
    const tree = server.kernel.trees.active();
    const seedStarted = performance.now();
    const personaClaims = seed(tree, listed, sources, TREE_CLAIMS);
    const seedSeconds = round((performance.now() - seedStarted) / 1000, 1);
    const treeClaims = (tree.db.prepare('SELECT count(*) AS n FROM assertions').get() as { n: number }).n;

    // Seeding held the event loop for a while: let the server drop the keep-alive sockets
    // that timed out meanwhile, and retry once if the client reused one anyway.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const listUrl = `${url}/v1/assertions?persona=${listed}`;
    const body = await fetch(listUrl, { headers: human })
      .catch(() => fetch(listUrl, { headers: human }))
      .then((reply) => reply.text());
    const page = JSON.parse(body) as { total: number; items: unknown[] };
    const { bare, url: bareUrl } = await bareServer(body);
    try {
      const bareLatency = await latency(`${bareUrl}/v1/assertions?persona=${listed}`, {});
      const rootlineLatency = await latency(listUrl, human);
      const filtered = await latency(`${listUrl}&state=confirmed&kind=birth&order=desc`, human);
      const bareRps = await throughput(`${bareUrl}/v1/assertions?persona=${listed}`, {});
      const rootlineRps = await throughput(listUrl, human);
      return {
        capture,
        tree_claims: treeClaims,
        persona_claims: personaClaims,
        seed_seconds: seedSeconds,
        list: {
          page_items: page.items.length,
          total: page.total,
          body_bytes: body.length,
          rootline: rootlineLatency,
          bare_fastify: bareLatency,
          p50_ratio: round(rootlineLatency.p50_ms / bareLatency.p50_ms),
          p99_ratio: round(rootlineLatency.p99_ms / bareLatency.p99_ms),
          filtered_state_kind_desc: filtered,
          rootline_rps: rootlineRps,
          bare_fastify_rps: bareRps,
          rps_ratio: round(rootlineRps / bareRps),
          target_p50_ms: 5,
          meets_target: rootlineLatency.p50_ms <= 5,
        },
      };
    } finally {
      await bare.close();
    }
  } finally {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
