// Research signals bench (issue 12 point 9): GET /v1/research/signals on a tree of
// ROOTLINE_BENCH_PERSONS persons (default 100,000; the quick run's 1,000), seeded through the
// plugins' services by seedPeople (people-seed.ts: ten-generation pedigree blocks with parent and
// spouse edges, birth, baptism, death and burial claims, baptism, marriage and census events).
// A server of just the plugins the signals need, so seeding skips the observers of the others.
// The plugin reads the whole tree once (the first read), keeps its picture, and afterwards
// follows the records written since: both are measured. Interleaved for ROOTLINE_BENCH_ROUNDS
// rounds (default 3, at least 3), each round:
//   - cold: a birth claim captured over HTTP for a person in the middle of the tree (the tree
//     changed), then the signals over HTTP (p50);
//   - warm: the signals again, nothing changed (p50);
//   - the baseline on the same server: GET /v1/persons?limit=1 (p50);
//   - a whole reading alone (the first read after a start, or after a change too large to
//     follow), in-process, without HTTP or the cache;
//   - the whole-tree reads alone, each streamed to its end without any work.
// Medians of the per-round figures.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoped } from '@rootline/kernel';
import { openSeededTree } from './seeded-tree.js';
import { median } from './stats.js';

const PERSONS = Number(process.env.ROOTLINE_BENCH_PERSONS ?? 100_000);
const ROUNDS = Math.max(3, Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3));
const COLD_SAMPLES = 3;
const WARM_SAMPLES = 30;
const BASELINE_SAMPLES = 30;
/** Of seedPeople's ten claims a person: birth, baptism, death (or a residence), burial (or an occupation). */
const CLAIMS = 4;
const TARGET_MS = 500;
const PLUGINS = ['sources', 'personas', 'assertions', 'persons', 'family', 'events', 'signals'].map((name) => ({ name: `@rootline/plugin-${name}` }));
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** The reads the signals make, typed here by shape (the bench does not depend on the plugins' packages). */
interface SignalReads {
  personsService: { vitalRows(): Iterable<unknown>; personaRows(): Iterable<unknown> };
  assertionsService: { sourcedPersonas(): Iterable<unknown>; datedClaimRows(kinds: readonly string[]): Iterable<unknown>; unevidencedClaimRows(): Iterable<unknown> };
  familyService: { parentEdgeRows(): Iterable<unknown> };
  eventsService: { datedParticipantRows(types: readonly string[], roles: readonly string[]): Iterable<unknown> };
  signalsService: { compute(limit: number): Record<string, { count: number }> };
}

function p50(samples: number, run: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function p50Http(samples: number, url: string, headers: Record<string, string>, before?: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    await before?.();
    const started = performance.now();
    const reply = await fetch(url, { headers }).catch(() => fetch(url, { headers }));
    await reply.arrayBuffer();
    if (reply.status !== 200) throw new Error(`GET ${url}: ${reply.status}`);
    times.push(performance.now() - started);
  }
  return median(times);
}

const drain = (rows: Iterable<unknown>) => {
  let n = 0;
  for (const _ of rows) n++;
  return n;
};

export async function benchSignals(): Promise<Record<string, unknown>> {
  const manifestDir = mkdtempSync(join(tmpdir(), 'rootline-bench-signals-manifest-'));
  const manifest = join(manifestDir, 'rootline.manifest.json');
  writeFileSync(manifest, JSON.stringify({ plugins: PLUGINS }));
  const seeded = await openSeededTree({ persons: PERSONS, claims: CLAIMS, manifest, name: 'signals' });
  try {
    const { server, url, headers, tree, human } = seeded;
    const scope = server.kernel.container.createScope();
    scope.register({ tree: scoped(() => tree), actor: scoped(() => human) });
    const services = scope.cradle as unknown as SignalReads;
    const reads: Record<string, () => unknown> = {
      persons_vital_rows: () => drain(services.personsService.vitalRows()),
      persona_rows: () => drain(services.personsService.personaRows()),
      sourced_personas: () => drain(services.assertionsService.sourcedPersonas()),
      dated_claim_rows: () => drain(services.assertionsService.datedClaimRows(['birth', 'baptism', 'christening', 'marriage'])),
      marriage_participants: () => drain(services.eventsService.datedParticipantRows(['MARR'], ['husband', 'wife', 'spouse', 'bride', 'groom', 'partner', 'principal'])),
      parent_edge_rows: () => drain(services.familyService.parentEdgeRows()),
      unevidenced_claim_rows: () => drain(services.assertionsService.unevidencedClaimRows()),
    };
    const rowCounts = Object.fromEntries(Object.entries(reads).map(([name, read]) => [name, read()]));
    const signalsUrl = `${url}/v1/research/signals`;
    // The picture the first read keeps: the heap it adds (the server runs in this process).
    const heapBefore = process.memoryUsage().heapUsed;
    const firstStarted = performance.now();
    const answer = (await (await fetch(signalsUrl, { headers })).json()) as Record<string, { count: number }>;
    const firstReadMs = performance.now() - firstStarted;
    const pictureHeapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    const post = (path: string, body: unknown) =>
      fetch(`${url}/v1${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (reply) => {
        if (reply.status >= 300) throw new Error(`POST ${path}: ${reply.status} ${await reply.text()}`);
        return reply.json() as Promise<{ id: string }>;
      });
    // The change: a birth claim captured for a person in the middle of the tree (parents,
    // children, a spouse), which moves its birth summary and every check of its edges.
    const middle = seeded.seeded.persons[Math.floor(seeded.seeded.persons.length / 2)];
    const persona = ((await (await fetch(`${url}/v1/persons/${middle}`, { headers })).json()) as { personas: string[] }).personas[0];
    let change = 0;
    const changeTree = () => post('/assertions/capture', { persona, kind: 'birth', date: `${1700 + (++change % 200)}` });
    const rounds = { cold: [] as number[], warm: [] as number[], baseline: [] as number[], compute: [] as number[], reads: [] as Record<string, number>[] };
    for (let r = 0; r < ROUNDS; r++) {
      rounds.cold.push(await p50Http(COLD_SAMPLES, signalsUrl, headers, changeTree));
      rounds.warm.push(await p50Http(WARM_SAMPLES, signalsUrl, headers));
      rounds.baseline.push(await p50Http(BASELINE_SAMPLES, `${url}/v1/persons?limit=1`, headers));
      rounds.compute.push(p50(1, () => services.signalsService.compute(10)));
      rounds.reads.push(Object.fromEntries(Object.entries(reads).map(([name, read]) => [name, p50(1, read)])));
      process.stderr.write(`signals: round ${r + 1}: cold ${round(rounds.cold[r])} ms, warm ${round(rounds.warm[r], 2)} ms, baseline ${round(rounds.baseline[r], 2)} ms, compute ${round(rounds.compute[r])} ms\n`);
    }
    const readsMs = Object.fromEntries(Object.keys(reads).map((name) => [name, round(median(rounds.reads.map((read) => read[name])))]));
    const readsTotal = Object.values(readsMs).reduce((sum, value) => sum + value, 0);
    const cold = median(rounds.cold);
    const warm = median(rounds.warm);
    const compute = median(rounds.compute);
    return {
      persons: seeded.seeded.persons.length,
      claims: seeded.seeded.claims,
      edges: seeded.seeded.edges,
      events: seeded.seeded.events,
      seed_s: seeded.seedSeconds,
      rows_read: rowCounts,
      counts: Object.fromEntries(Object.entries(answer).filter(([name]) => name !== 'example_limit').map(([name, signal]) => [name, signal.count])),
      first_read_http_ms: round(firstReadMs),
      picture_heap_mb: round(pictureHeapMb),
      cold_http_p50_ms: round(cold),
      warm_http_p50_ms: round(warm, 2),
      baseline_persons_limit_1_p50_ms: round(median(rounds.baseline), 2),
      compute_alone_ms: round(compute),
      reads_alone_ms: { ...readsMs, total: round(readsTotal) },
      joins_in_memory_ms: round(compute - readsTotal),
      target_ms: TARGET_MS,
      cold_meets_target: cold <= TARGET_MS,
      warm_meets_target: warm <= TARGET_MS,
      load_average: (await import('node:os')).loadavg().map((value) => round(value, 2)),
      rounds: { cold_ms: rounds.cold.map((v) => round(v)), warm_ms: rounds.warm.map((v) => round(v, 2)), baseline_ms: rounds.baseline.map((v) => round(v, 2)), compute_ms: rounds.compute.map((v) => round(v)) },
    };
  } finally {
    await seeded.close();
    rmSync(manifestDir, { recursive: true, force: true });
  }
}
