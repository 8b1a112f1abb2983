// Research signals bench (issue 12 point 9): GET /v1/research/signals on a tree of
// ROOTLINE_BENCH_PERSONS persons (default 100,000; the quick run's 1,000), seeded through the
// plugins' services by seedPeople (people-seed.ts: ten-generation pedigree blocks with parent and
// spouse edges, birth, baptism, death and burial claims, baptism, marriage and census events).
// A server of just the plugins the signals need, so seeding skips the observers of the others.
// Interleaved for ROOTLINE_BENCH_ROUNDS rounds (default 3, at least 3), each round:
//   - the signals over HTTP (p50 of SIGNAL_SAMPLES requests);
//   - the baseline on the same server: GET /v1/persons?limit=1 (p50 of BASELINE_SAMPLES);
//   - the same signals computed in-process by the service, without HTTP (p50);
//   - the whole-tree reads alone, each streamed to its end without any work (p50 of each).
// Medians of the per-round p50s.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoped } from '@rootline/kernel';
import { openSeededTree } from './seeded-tree.js';
import { median } from './stats.js';

const PERSONS = Number(process.env.ROOTLINE_BENCH_PERSONS ?? 100_000);
const ROUNDS = Math.max(3, Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3));
const SIGNAL_SAMPLES = 7;
const BASELINE_SAMPLES = 30;
/** Of seedPeople's ten claims a person: birth, baptism, death (or a residence), burial (or an occupation). */
const CLAIMS = 4;
const TARGET_MS = 500;
const PLUGINS = ['sources', 'personas', 'assertions', 'persons', 'family', 'events', 'signals'].map((name) => ({ name: `@rootline/plugin-${name}` }));
const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** The reads the signals make, typed here by shape (the bench does not depend on the plugins' packages). */
interface SignalReads {
  personsService: { vitalRows(): Iterable<unknown>; personaRows(): Iterable<unknown> };
  assertionsService: { sourcedPersonas(): Iterable<unknown>; datedClaimRows(kinds: readonly string[]): Iterable<unknown>; unevidencedConfirmed(limit: number): unknown };
  familyService: { parentEdgeRows(): Iterable<unknown> };
  eventsService: { datedParticipantRows(types: readonly string[], roles: readonly string[]): Iterable<unknown> };
  signalsService: { signals(limit: number): Record<string, { count: number }> };
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

async function p50Http(samples: number, url: string, headers: Record<string, string>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
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
      unevidenced_confirmed: () => services.assertionsService.unevidencedConfirmed(10),
    };
    const rowCounts = Object.fromEntries(Object.entries(reads).filter(([name]) => name !== 'unevidenced_confirmed').map(([name, read]) => [name, read()]));
    const signalsUrl = `${url}/v1/research/signals`;
    const answer = (await (await fetch(signalsUrl, { headers })).json()) as Record<string, { count: number }>;
    const rounds = { http: [] as number[], baseline: [] as number[], service: [] as number[], reads: [] as Record<string, number>[] };
    for (let r = 0; r < ROUNDS; r++) {
      rounds.http.push(await p50Http(SIGNAL_SAMPLES, signalsUrl, headers));
      rounds.baseline.push(await p50Http(BASELINE_SAMPLES, `${url}/v1/persons?limit=1`, headers));
      rounds.service.push(p50(SIGNAL_SAMPLES, () => services.signalsService.signals(10)));
      rounds.reads.push(Object.fromEntries(Object.entries(reads).map(([name, read]) => [name, p50(3, read)])));
      process.stderr.write(`signals: round ${r + 1}: http ${round(rounds.http[r])} ms, baseline ${round(rounds.baseline[r], 2)} ms, service ${round(rounds.service[r])} ms\n`);
    }
    const readsMs = Object.fromEntries(Object.keys(reads).map((name) => [name, round(median(rounds.reads.map((read) => read[name])))]));
    const readsTotal = Object.values(readsMs).reduce((sum, value) => sum + value, 0);
    const http = median(rounds.http);
    const service = median(rounds.service);
    return {
      persons: seeded.seeded.persons.length,
      claims: seeded.seeded.claims,
      edges: seeded.seeded.edges,
      events: seeded.seeded.events,
      seed_s: seeded.seedSeconds,
      rows_read: rowCounts,
      counts: Object.fromEntries(Object.entries(answer).filter(([name]) => name !== 'example_limit').map(([name, signal]) => [name, signal.count])),
      signals_http_p50_ms: round(http),
      baseline_persons_limit_1_p50_ms: round(median(rounds.baseline), 2),
      signals_service_p50_ms: round(service),
      reads_alone_ms: { ...readsMs, total: round(readsTotal) },
      joins_in_memory_ms: round(service - readsTotal),
      http_and_labels_over_service_ms: round(http - service),
      target_ms: TARGET_MS,
      meets_target: http <= TARGET_MS,
      load_average: (await import('node:os')).loadavg().map((value) => round(value, 2)),
      rounds: { http_ms: rounds.http.map((v) => round(v)), baseline_ms: rounds.baseline.map((v) => round(v, 2)), service_ms: rounds.service.map((v) => round(v)) },
    };
  } finally {
    await seeded.close();
    rmSync(manifestDir, { recursive: true, force: true });
  }
}
