// People bench (issue 9): a tree of ROOTLINE_BENCH_PERSONS persons (default 100,000) seeded
// through the plugins' services (people-seed.ts), then p50/p99 over the loopback socket of the
// name search, the card, the ten-generation pedigree, the FAN network and the first and 500th
// page of sort=birth, each beside a bare Fastify route serving the same bytes, in interleaved
// rounds from a client process of its own (people-client.ts).
import Fastify from 'fastify';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSeededTree, type SeededTree } from './seeded-tree.js';
import { summarise, verdicts, type Round } from './people-plan.js';
import { startProcess, stopProcess } from './process.js';

const PERSONS = Number(process.env.ROOTLINE_BENCH_PERSONS ?? 100_000);
// Ten claims a person (1,000,000 in all): about 0.1 ms of CPU each through the services, most of
// the ~3 minutes of seeding on 2 cores; fewer (the vital ones first) make a quicker run.
const CLAIMS = Math.min(10, Number(process.env.ROOTLINE_BENCH_PERSON_CLAIMS ?? 10));
const ROUNDS = Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3);
const SAMPLES = Number(process.env.ROOTLINE_BENCH_SAMPLES ?? 200);
const DEEP_PAGE = Number(process.env.ROOTLINE_BENCH_DEEP_PAGE ?? 500);
/** The card's and the FAN network's person: position 3 of the first family (two personas, parents, a partner, two children). */
const FOCUS = 3;

async function text(url: string, headers: Record<string, string>): Promise<string> {
  const reply = await fetch(url, { headers });
  const body = await reply.text();
  if (reply.status !== 200) throw new Error(`GET ${url}: ${reply.status} ${body.slice(0, 300)}`);
  return body;
}

/** The URL of page `n` (1 = first) of `first`, following next_cursor. */
async function pageUrl(first: string, n: number, headers: Record<string, string>): Promise<string> {
  let url = first;
  for (let page = 1; page < n; page++) {
    const next = (JSON.parse(await text(url, headers)) as { next_cursor: string | null }).next_cursor;
    if (!next) throw new Error(`${first} has only ${page} pages`);
    url = `${first}&cursor=${encodeURIComponent(next)}`;
  }
  return url;
}

/** Runs the client process over `requests`; resolves with its rounds per request. */
async function measure(dir: string, requests: { name: string; ours: string; bare: string; headers: Record<string, string> }[]) {
  const specFile = join(dir, 'client.json');
  writeFileSync(specFile, JSON.stringify({ pid: process.pid, rounds: ROUNDS, samples: SAMPLES, warmup: 20, requests }));
  const client = await startProcess(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'people-client.ts'), specFile], /^(\{.*\})\n/m);
  await stopProcess(client.child);
  return JSON.parse(client.match[1]) as Record<string, { ours: Round[]; bare: Round[] }>;
}

export async function benchPeople(): Promise<Record<string, unknown>> {
  const bare = Fastify();
  let opened: SeededTree | undefined;
  try {
    opened = await openSeededTree({ persons: PERSONS, claims: CLAIMS, name: 'people' });
    const { url, headers, seeded, seedSeconds, dataDir } = opened;
    const [root0, focus] = [seeded.persons[0], seeded.persons[FOCUS]];
    const firstPage = `${url}/v1/persons?sort=birth`;
    const paths: Record<string, string> = {
      search: `${url}/v1/persons?q=Smi`,
      card: `${url}/v1/persons/${focus}/card`,
      pedigree: `${url}/v1/persons/${root0}/pedigree?generations=10`,
      fan: `${url}/v1/persons/${focus}/fan-network`,
      first_page: firstPage,
      deep_page: await pageUrl(firstPage, DEEP_PAGE, headers),
    };
    const bodies = new Map<string, string>();
    for (const ours of Object.values(paths)) bodies.set(ours.slice(url.length), await text(ours, headers));
    bare.get('/*', async (request, reply) => reply.type('application/json; charset=utf-8').send(bodies.get(request.url)));
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

    const rounds = await measure(dataDir, Object.entries(paths).map(([name, ours]) => ({ name, ours, bare: bareUrl + ours.slice(url.length), headers })));
    const figures = Object.fromEntries(Object.entries(paths).map(([name, ours]) => [name, { ...summarise(rounds[name].ours, rounds[name].bare), body_bytes: Buffer.byteLength(bodies.get(ours.slice(url.length))!) }]));
    const shape = (name: string) => JSON.parse(bodies.get(paths[name].slice(url.length))!) as Record<string, unknown[] | number>;
    return {
      tree: { persons: seeded.persons.length, claims: seeded.claims, relationships: seeded.edges, events: seeded.events, associations: seeded.associations },
      seed_seconds: seedSeconds,
      seed_seconds_by_step: seeded.seconds,
      answers: {
        search_total: shape('search').total,
        pedigree_slots: (shape('pedigree').slots as unknown[]).length,
        fan_nodes: (shape('fan').nodes as unknown[]).length,
        fan_edges: (shape('fan').edges as unknown[]).length,
        deep_page: DEEP_PAGE,
      },
      figures,
      targets: verdicts(Object.fromEntries(Object.entries(figures).map(([name, figure]) => [name, figure.p50_ms]))),
    };
  } finally {
    await bare.close();
    await opened?.close();
  }
}
