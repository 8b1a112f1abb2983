// Duplicates bench (issue 11): a tree of ROOTLINE_BENCH_DUP_TILES tiles of the corpus's
// real/pres2020.ged (default 44: 102,168 persons; duplicates-set.ts), seeded through the
// plugins' services; the time the first search takes to bring the blocking index up to date
// over the whole tree; p50/p99 over the loopback socket of duplicate-candidates for a set of
// realistic queries against the persons name search (`GET /v1/persons?q=<surname>`) on the same
// server, in interleaved rounds from a client process of its own (duplicates-client.ts); then
// precision and recall of `person=` searches for every perturbed copy against its original.
// With ROOTLINE_BENCH_DUP_OVERHEAD_PERSONS (default 20,000; 0 skips), what the plugin's record
// observers add to seeding: the same persons seeded with and without the plugin.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer, readManifest, type RootlineServer } from '@rootline/kernel/host';
import { scoped, type Actor } from '@rootline/kernel';
import { evaluate, planTree, readPersons, type PlannedPerson } from './duplicates-set.js';
import { generator, summarise, type Round } from './people-plan.js';
import { startProcess, stopProcess } from './process.js';
import { pluginNeeds, without } from './without.js';

const root = resolve(import.meta.dirname, '../../..');
const corpus = resolve(process.env.ROOTLINE_CORPUS ?? join(root, '..', 'shared', 'corpus'));
const TILES = Math.max(2, Number(process.env.ROOTLINE_BENCH_DUP_TILES ?? 44));
const ROUNDS = Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3);
const QUERIES = Number(process.env.ROOTLINE_BENCH_DUP_QUERIES ?? 200);
const OVERHEAD_PERSONS = Number(process.env.ROOTLINE_BENCH_DUP_OVERHEAD_PERSONS ?? 20_000);
const PLUGIN = '@rootline/plugin-duplicates';
const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];

/** What the seeding calls, typed here by shape (the bench does not depend on the plugins' packages). */
interface SeedServices {
  personasService: { createMany(actor: Actor, inputs: { given?: string; surname?: string; sex?: 'M' | 'F' }[]): { id: string }[] };
  assertionsService: { captureMany(actor: Actor, claims: { persona: string; kind: string; date?: string }[]): { id: string }[] };
  personsService: { concludeMany(actor: Actor, personas: string[][]): { id: string }[] };
}

const human: Actor = { kind: 'human', credentialId: null };

/** A server from the repository's manifest, with the duplicates plugin (its background catch-up as asked) or without it. */
async function boot(dataDir: string, duplicates: 'off' | { background: boolean }): Promise<RootlineServer> {
  const manifest = readManifest(join(root, 'rootline.manifest.json'));
  // The same plugins on both sides: the default build's, without those that need this one.
  const kept = new Set(without(manifest.plugins.map((entry) => entry.name), PLUGIN, pluginNeeds(join(root, 'plugins'))));
  const plugins = manifest.plugins.filter((entry) => kept.has(entry.name));
  if (duplicates !== 'off') plugins.push({ name: PLUGIN, options: { background_catch_up: duplicates.background } });
  return createServer({ dataDir, manifest: { ...manifest, plugins }, env: { ...process.env, ROOTLINE_LOG_LEVEL: 'warn' } });
}

/** Seeds `persons` through the services in transactions of 2,000; their ids in order. */
function seed(server: RootlineServer, persons: PlannedPerson[]): string[] {
  const tree = server.kernel.trees.active();
  const scope = server.kernel.container.createScope();
  scope.register({ tree: scoped(() => tree), actor: scoped(() => human) });
  const services = scope.cradle as unknown as SeedServices;
  const ids: string[] = [];
  for (let from = 0; from < persons.length; from += 2000) {
    const batch = persons.slice(from, from + 2000);
    tree.transact(() => {
      const personas = services.personasService.createMany(human, batch.map(({ given, surname, sex }) => ({ ...(given ? { given } : {}), ...(surname ? { surname } : {}), ...(sex ? { sex } : {}) })));
      const claims = batch.flatMap((person, at) => (['birth', 'death'] as const).flatMap((kind) => (person[kind] ? [{ persona: personas[at].id, kind, date: person[kind] }] : [])));
      if (claims.length) services.assertionsService.captureMany(human, claims);
      ids.push(...services.personsService.concludeMany(human, personas.map((persona) => [persona.id])).map((person) => person.id));
    });
  }
  return ids;
}

/** Progress on stderr: a long run that fails late still shows what it measured. */
const note = (what: string, value: unknown) => process.stderr.write(`duplicates: ${what} ${JSON.stringify(value)}\n`);

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

/** Seeding time of the same persons in a server with the plugin and one without, in that order and back. */
async function observerOverhead(persons: PlannedPerson[]) {
  const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
  for (const mode of ['without', 'with', 'with', 'without'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-dup-seed-'));
    const server = await boot(dataDir, mode === 'with' ? { background: false } : 'off');
    try {
      const started = performance.now();
      seed(server, persons);
      times[mode].push(seconds(started));
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;
  return { persons: persons.length, seed_seconds_without: mean(times.without), seed_seconds_with: mean(times.with), ratio: Math.round((mean(times.with) / mean(times.without)) * 100) / 100 };
}

/** A duplicate-candidates reply, as much of it as the bench reads. */
interface Candidates {
  items: { person: { id: string }; score: number }[];
}

async function json(url: string, headers: Record<string, string>): Promise<Candidates> {
  const reply = await fetch(url, { headers });
  const body = await reply.text();
  if (reply.status !== 200) throw new Error(`GET ${url}: ${reply.status} ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

const query = (params: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();

export async function benchDuplicates(): Promise<Record<string, unknown>> {
  const file = join(corpus, 'real', 'pres2020.ged');
  if (!existsSync(file)) return { skipped: `no corpus at ${file} (set ROOTLINE_CORPUS)` };
  const source = await readPersons(file);
  const plan = planTree(source, TILES);
  const overhead = OVERHEAD_PERSONS > 0 ? await observerOverhead(plan.persons.slice(0, OVERHEAD_PERSONS)) : null;
  note('observer overhead', overhead);

  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-dup-'));
  let server: RootlineServer | undefined;
  try {
    // No background catch-up: the first search then brings the whole index up to date, and is timed.
    server = await boot(dataDir, { background: false });
    const url = await server.listen(0);
    const headers = { authorization: `Bearer ${readFileSync(server.layout.humanTokenFile, 'utf8').trim()}` };
    let started = performance.now();
    const ids = seed(server, plan.persons);
    const seedSeconds = seconds(started);
    await new Promise((done) => setTimeout(done, 500));
    started = performance.now();
    await json(`${url}/v1/persons/duplicate-candidates?surname=Washington`, headers);
    const catchUpSeconds = seconds(started);
    note('seeded', { persons: ids.length, seed_seconds: seedSeconds, first_search_catch_up_seconds: catchUpSeconds });

    // Realistic queries: a person of the tree, asked by given name, surname and birth (half), surname alone (a quarter), or person= (a quarter).
    const random = generator(11);
    const named = plan.persons.map((person, at) => ({ person, at })).filter(({ person }) => /\p{L}/u.test(person.surname ?? ''));
    const sets = { ours: [] as string[], baseline: [] as string[] };
    for (let i = 0; i < QUERIES; i++) {
      const { person, at } = named[random(named.length)];
      const kind = i % 4;
      const params = kind < 2 ? { given: person.given, surname: person.surname, birth: person.birth } : kind === 2 ? { surname: person.surname } : { person: ids[at] };
      sets.ours.push(`${url}/v1/persons/duplicate-candidates?${query(params)}`);
      sets.baseline.push(`${url}/v1/persons?${query({ q: person.surname })}`);
    }
    const answers = await Promise.all(sets.ours.slice(0, 50).map((ours) => json(ours, headers)));
    const specFile = join(dataDir, 'client.json');
    writeFileSync(specFile, JSON.stringify({ pid: process.pid, rounds: ROUNDS, warmup: 20, headers, sets: [{ name: 'candidates', ...sets }] }));
    const client = await startProcess(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'duplicates-client.ts'), specFile], /^(\{.*\})\n/m);
    await stopProcess(client.child);
    const rounds = JSON.parse(client.match[1]) as Record<string, { ours: Round[]; baseline: Round[] }>;
    const { bare_p50_ms, bare_p99_ms, bare_cpu_ms, ...ours } = summarise(rounds.candidates.ours, rounds.candidates.baseline);
    const latency = { ...ours, baseline_p50_ms: bare_p50_ms, baseline_p99_ms: bare_p99_ms, baseline_cpu_ms: bare_cpu_ms };
    note('latency', latency);

    // The labelled set: each perturbed copy's person= search, against its original.
    started = performance.now();
    const truth = plan.originals.map((at) => ids[at]);
    const atLimit: [string, number][][] = [];
    const wide: [string, number][][] = [];
    for (const at of plan.copies) {
      for (const [limit, into] of [[undefined, atLimit], ['50', wide]] as const) {
        const reply = await json(`${url}/v1/persons/duplicate-candidates?${query({ person: ids[at], limit })}`, headers);
        into.push(reply.items.map((item) => [item.person.id, item.score]));
      }
    }
    const labelled = evaluate(truth, atLimit, wide, THRESHOLDS);
    // Where the false positives at the default limit come from: pres2020 itself (its many relatives
    // of one name: fathers and sons, I, II, III) and their copies, or the unrelated tiles.
    const tileOf = new Map(ids.map((id, at) => [id, at < 2 * plan.originals.length ? 'pres2020' : 'unrelated']));
    const falsePositives = { pres2020_and_copies: 0, unrelated_tiles: 0 };
    atLimit.forEach((items, i) => {
      for (const [id] of items) if (id !== truth[i]) falsePositives[tileOf.get(id) === 'pres2020' ? 'pres2020_and_copies' : 'unrelated_tiles']++;
    });
    // The same for the copies that have a birth or death date (the others can only be told from namesakes by their names).
    const dated = plan.copies.flatMap((at, i) => (plan.persons[at].birth || plan.persons[at].death ? [i] : []));
    const labelledDated = evaluate(dated.map((i) => truth[i]), dated.map((i) => atLimit[i]), dated.map((i) => wide[i]), THRESHOLDS);
    return {
      tree: { persons: ids.length, tiles: TILES, originals: plan.originals.length, perturbed_copies: plan.copies.length },
      seed_seconds: seedSeconds,
      first_search_catch_up_seconds: catchUpSeconds,
      observer_overhead: overhead,
      queries: QUERIES,
      mean_candidates_returned: Math.round((answers.reduce((sum, answer) => sum + answer.items.length, 0) / answers.length) * 10) / 10,
      latency: { ...latency, target: 'p50 <= 20 ms', met: latency.p50_ms <= 20 },
      labelled: { ...labelled, false_positives_at_limit_from: falsePositives, seconds: seconds(started) },
      labelled_dated_copies: labelledDated,
    };
  } finally {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
