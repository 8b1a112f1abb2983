// Conflicts bench (issue 11): what conflict detection adds to capturing claims. Two servers, each
// with a tree of ROOTLINE_BENCH_PERSONS persons (default 100,000) seeded by seedPeople
// (ROOTLINE_BENCH_PERSON_CLAIMS, default 4: birth, baptism, death, burial): ours with the
// manifest's plugins and @rootline/plugin-conflicts, the baseline with the same plugins without
// conflicts (the fair baseline: the same server without the plugin). Then, in rounds, on each:
// - single captures, each its own transaction as a request makes it (through the services, so
//   the HTTP layer common to both does not dilute the figure): a birth of a seeded person's
//   persona (a single-valued kind: its group's claims are read and compared; one in four
//   disagrees, so ours opens a conflict), the same with births that all agree (detection alone,
//   nothing opened), and a residence (multi-valued: skipped at once);
// - the same birth captures over HTTP (`POST /v1/assertions/capture`, one client, sequential);
// - an import's batch: captureMany of 6,000 claims over 1,000 fresh personas in one transaction
//   (one captured record per claim, as a GEDCOM import writes them), then concludeMany.
// Figures: medians over the rounds of the per-capture p50 wall time and of the CPU time per
// capture (process.cpuUsage: both servers live in this process, one works at a time). Each
// measurement runs on both servers back to back, which one goes first alternating.
// Run: ROOTLINE_BENCH=conflicts npm run bench, or `node --import tsx tools/bench/src/conflicts.ts`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readManifest } from '@rootline/kernel/host';
import type { Actor } from '@rootline/kernel';
import { openSeededTree, type SeededTree } from './seeded-tree.js';
import { generator } from './people-plan.js';
import { median, percentile, ratio } from './stats.js';
import { pluginNeeds, without } from './without.js';

const root = resolve(import.meta.dirname, '../../..');
const PERSONS = Number(process.env.ROOTLINE_BENCH_PERSONS ?? 100_000);
const CLAIMS = Math.min(10, Number(process.env.ROOTLINE_BENCH_PERSON_CLAIMS ?? 4));
// Five rounds by default (not three): the differences measured are a tenth of the figures, the machine's noise as much.
const ROUNDS = Math.max(3, Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 5));
const CAPTURES = Number(process.env.ROOTLINE_BENCH_CAPTURES ?? 600);
const BATCH_PERSONAS = 1000;
const CONFLICTS = '@rootline/plugin-conflicts';
const PROOFS = '@rootline/plugin-proofs';

/** What the bench calls, typed by shape (the bench does not depend on the plugins' packages). */
interface CaptureServices {
  personasService: { createMany(actor: Actor, inputs: { given?: string; surname?: string }[]): { id: string }[] };
  assertionsService: {
    capture(actor: Actor, claim: Claim): { id: string };
    captureMany(actor: Actor, claims: Claim[]): { id: string }[];
  };
  personsService: {
    get(id: string): { personas: string[]; birth: { date: string | null; place: string | null } | null } | undefined;
    concludeMany(actor: Actor, personas: string[][]): { id: string }[];
  };
}
interface Claim {
  persona: string;
  kind: string;
  value?: string;
  date?: string;
  place?: string;
}

/** The manifests of the two servers: the default build's plugins, with and without conflicts. */
function manifests(dir: string): { ours: string; baseline: string } {
  // The default build's plugins without conflicts and without those that need it, on both sides.
  const names = without(readManifest(join(root, 'rootline.manifest.json')).plugins.map((entry) => entry.name), CONFLICTS, pluginNeeds(join(root, 'plugins')));
  // Conflicts needs proofs; a manifest that does not list it yet gets it in both servers.
  if (!names.includes(PROOFS)) names.push(PROOFS);
  const write = (file: string, plugins: string[]) => {
    writeFileSync(file, JSON.stringify({ plugins: plugins.map((name) => ({ name })) }));
    return file;
  };
  return { ours: write(join(dir, 'ours.json'), [...names, CONFLICTS]), baseline: write(join(dir, 'baseline.json'), names) };
}

/** The same captures for both servers (other persons each round): seeded persons by position, one birth in four disagreeing. */
function plan(count: number, persons: number, seed: number) {
  const random = generator(seed);
  return Array.from({ length: count }, (_, n) => ({ person: random(persons), disagree: n % 4 === 3 }));
}

interface Side {
  name: 'ours' | 'baseline';
  opened: SeededTree;
  services: CaptureServices;
}

/**
 * A persona of the person and a birth that agrees with its summary (the same date and place) or
 * does not (20 years later). The summary may rest on the baptism of a person's other persona.
 */
function birthOf(services: CaptureServices, personId: string, disagree: boolean): Claim {
  const person = services.personsService.get(personId)!;
  const date = person.birth?.date ?? '1850';
  const year = Number(/(\d{4})\s*$/.exec(date)?.[1] ?? 1850);
  return { persona: person.personas[0], kind: 'birth', date: disagree ? `${year + 20}` : date, ...(person.birth?.place ? { place: person.birth.place } : {}) };
}

/** Runs `work` once per item, each timed; the CPU time of all of it (this process). */
function measure<T>(items: T[], work: (item: T) => unknown): { p50_ms: number; p99_ms: number; cpu_us_per: number } {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (const item of items) {
    const started = performance.now();
    work(item);
    times.push(performance.now() - started);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return { p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)), cpu_us_per: Math.round((used.user + used.system) / items.length) };
}

async function measureHttp(side: Side, claims: Claim[]): Promise<{ p50_ms: number; p99_ms: number; cpu_us_per: number }> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  const url = `${side.opened.url}/v1/assertions/capture`;
  for (const claim of claims) {
    const started = performance.now();
    const reply = await fetch(url, { method: 'POST', headers: { ...side.opened.headers, 'content-type': 'application/json' }, body: JSON.stringify(claim) });
    const text = await reply.text();
    times.push(performance.now() - started);
    if (reply.status !== 200) throw new Error(`capture: ${reply.status} ${text.slice(0, 300)}`);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return { p50_ms: round(percentile(times, 50)), p99_ms: round(percentile(times, 99)), cpu_us_per: Math.round((used.user + used.system) / claims.length) };
}

/** An import's batch: 1,000 fresh personas (not timed), their 6,000 claims in one captureMany, then one concludeMany. */
function importBatch(side: Side, batch: number): { capture_ms: number; capture_cpu_us_per_claim: number; conclude_ms: number } {
  const { human, tree } = side.opened;
  const personas = tree.transact(() =>
    side.services.personasService.createMany(human, Array.from({ length: BATCH_PERSONAS }, (_, i) => ({ given: `Batch${i}`, surname: `Round${batch}` }))).map((p) => p.id),
  );
  const claims = personas.flatMap((persona, i): Claim[] => [
    { persona, kind: 'birth', date: `${1800 + (i % 90)}`, place: 'Ledbury, Herefordshire' },
    { persona, kind: 'baptism', date: `${1800 + (i % 90)}`, place: 'Ledbury' },
    // One INDI in ten has a second birth ten years off: a conflict of its own.
    ...(i % 10 === 0 ? [{ persona, kind: 'birth', date: `${1810 + (i % 90)}` }] : [{ persona, kind: 'death', date: `${1870 + (i % 20)}` }]),
    { persona, kind: 'residence', date: `${1830 + (i % 90)}`, place: 'Hereford' },
    { persona, kind: 'occupation', value: 'Glover' },
    { persona, kind: 'name', value: `Batch${i} Round${batch}` },
  ]);
  const cpu = process.cpuUsage();
  let started = performance.now();
  tree.transact(() => side.services.assertionsService.captureMany(human, claims));
  const captureMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  started = performance.now();
  tree.transact(() => side.services.personsService.concludeMany(human, personas.map((persona) => [persona])));
  return { capture_ms: Math.round(captureMs), capture_cpu_us_per_claim: Math.round((used.user + used.system) / claims.length), conclude_ms: Math.round(performance.now() - started) };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export async function benchConflicts(): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-bench-conflicts-'));
  const sides: Side[] = [];
  try {
    const files = manifests(dir);
    const seedCpu: Record<string, number> = {};
    for (const name of ['baseline', 'ours'] as const) {
      const cpu = process.cpuUsage();
      const opened = await openSeededTree({ persons: PERSONS, claims: CLAIMS, manifest: files[name], name: `conflicts-${name}` });
      const used = process.cpuUsage(cpu);
      seedCpu[name] = Math.round((used.user + used.system) / 1e6);
      sides.push({ name, opened, services: opened.services as unknown as CaptureServices });
    }
    const [baseline, ours] = sides;
    const opensBefore = ours.opened.tree.records.count(['conflict.opened']);

    type Round = Record<'birth' | 'birth_agree' | 'residence' | 'birth_http', ReturnType<typeof measure>> & { batch: ReturnType<typeof importBatch> };
    const rounds: Record<'ours' | 'baseline', Round[]> = { ours: [], baseline: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const captures = plan(CAPTURES, PERSONS, 7 + r);
      const work = new Map<Side, { births: Claim[]; agreeing: Claim[]; residences: Claim[]; round: Partial<Round> }>();
      for (const side of sides) {
        const persons = side.opened.seeded.persons;
        const births = captures.map(({ person, disagree }) => birthOf(side.services, persons[person], disagree));
        const agreeing = captures.map(({ person }, n) => birthOf(side.services, persons[(person + 1 + n) % persons.length], false));
        const residences = births.map((birth, n): Claim => ({ persona: birth.persona, kind: 'residence', date: `${1880 + (n % 30)}`, place: 'Ledbury' }));
        work.set(side, { births, agreeing, residences, round: {} });
      }
      const capture = (side: Side) => (claim: Claim) => side.opened.tree.transact(() => side.services.assertionsService.capture(side.opened.human, claim));
      // Each measurement on both servers, one after the other, the first alternating.
      const steps: [keyof Round, (side: Side) => Promise<unknown> | unknown][] = [
        ['birth', (side) => measure(work.get(side)!.births, capture(side))],
        ['birth_agree', (side) => measure(work.get(side)!.agreeing, capture(side))],
        ['residence', (side) => measure(work.get(side)!.residences, capture(side))],
        ['birth_http', (side) => measureHttp(side, work.get(side)!.births.map((birth) => ({ ...birth, value: 'over HTTP' })))],
        ['batch', (side) => importBatch(side, r)],
      ];
      for (const [at, [name, step]] of steps.entries()) {
        for (const side of (r + at) % 2 ? [ours, baseline] : [baseline, ours]) (work.get(side)!.round as Record<string, unknown>)[name] = await step(side);
      }
      for (const side of sides) rounds[side.name].push(work.get(side)!.round as Round);
    }

    const med = (name: 'ours' | 'baseline', pick: (round: Round) => number) => median(rounds[name].map(pick));
    // `ratio` of the medians, and `paired`: the median of each round's ratio (the two sides of a
    // round ran back to back, so a busy moment of the machine moves both).
    const figure = (pick: (round: Round) => number) => ({
      ours: med('ours', pick),
      baseline: med('baseline', pick),
      ratio: ratio(med('ours', pick), med('baseline', pick)),
      paired: median(rounds.ours.map((x, at) => ratio(pick(x), pick(rounds.baseline[at])))),
    });
    const figures = {
      birth_capture_p50_ms: figure((x) => x.birth.p50_ms),
      birth_capture_cpu_us: figure((x) => x.birth.cpu_us_per),
      birth_capture_p99_ms: figure((x) => x.birth.p99_ms),
      agreeing_birth_capture_p50_ms: figure((x) => x.birth_agree.p50_ms),
      agreeing_birth_capture_cpu_us: figure((x) => x.birth_agree.cpu_us_per),
      residence_capture_p50_ms: figure((x) => x.residence.p50_ms),
      residence_capture_cpu_us: figure((x) => x.residence.cpu_us_per),
      birth_capture_http_p50_ms: figure((x) => x.birth_http.p50_ms),
      birth_capture_http_cpu_us: figure((x) => x.birth_http.cpu_us_per),
      import_batch_capture_ms: figure((x) => x.batch.capture_ms),
      import_batch_capture_cpu_us_per_claim: figure((x) => x.batch.capture_cpu_us_per_claim),
      import_batch_conclude_ms: figure((x) => x.batch.conclude_ms),
    };
    return {
      tree: { persons: PERSONS, claims_per_person: CLAIMS, seed_seconds: { baseline: baseline.opened.seedSeconds, ours: ours.opened.seedSeconds }, seed_cpu_seconds: seedCpu },
      rounds: ROUNDS,
      captures_per_round: CAPTURES,
      conflicts_opened: { while_seeding: opensBefore, in_all: ours.opened.tree.records.count(['conflict.opened']) },
      figures,
      per_round: Object.fromEntries(sides.map((side) => [side.name, rounds[side.name].map((x) => ({ birth_cpu_us: x.birth.cpu_us_per, birth_p50_ms: x.birth.p50_ms, batch_ms: x.batch.capture_ms, batch_cpu_us: x.batch.capture_cpu_us_per_claim }))])),
      target: Object.fromEntries(
        (['birth_capture_http_p50_ms', 'birth_capture_cpu_us', 'birth_capture_p50_ms', 'agreeing_birth_capture_cpu_us', 'residence_capture_cpu_us', 'import_batch_capture_cpu_us_per_claim', 'import_batch_capture_ms'] as const).map((name) => [
          `${name}: detection adds <= 20%`,
          figures[name].paired <= 1.2 ? 'met' : 'not met',
        ]),
      ),
    };
  } finally {
    for (const side of sides) await side.opened.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.stdout.write(`${JSON.stringify(await benchConflicts(), null, 2)}\n`);
}
