/**
 * The import half of the gedcom bench alone, for quick iterations on import speed:
 * `node --import tsx tools/bench/src/gedcom-import-only.ts [tiles]` builds nothing (run
 * `npm run build` first), tiles pres2020 (default 10 copies), starts the built server on a fresh
 * data folder, POSTs the file, follows the job while timing GET /v1/jobs/{id} (API p99), and
 * prints one JSON line: import ms, the server's CPU seconds meanwhile, persons, persons/s, the
 * server's peak RSS, API p99.
 * ROOTLINE_BENCH_DIST=<folder> runs another build's server (a copy of dist/ inside the checkout,
 * so it finds node_modules): how a change is measured against the build before it.
 * ROOTLINE_BENCH_NODE_ARGS adds node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 * ROOTLINE_BENCH_EXPORT=1 then exports the tree (GEDCOM 7.0, living included) and prints a
 * second line: export ms and the server's CPU seconds meanwhile.
 * ROOTLINE_BENCH_KEEP=<folder> keeps the data folder there (the tree, for query experiments).
 * ROOTLINE_BENCH_WRITES=1 also writes beside the import (`writeWhile`: a persona every 50 ms) and
 * prints the writes' p99 and max.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeTiledGedcom } from './gedcom-tile.js';
import { followJob, warmJobRoute, writeWhile } from './follow-job.js';
import { startProcess, stopProcess } from './process.js';
import { cpuSecondsOf, percentile } from './stats.js';

const cpuSeconds = (pid: number) => cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));

const root = resolve(import.meta.dirname, '../../..');
const corpus = resolve(process.env.ROOTLINE_CORPUS ?? join(root, '..', 'shared', 'corpus'));
const tiles = Number(process.argv[2] ?? 10);
const nodeArgs = (process.env.ROOTLINE_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

const source = join(corpus, 'real', 'pres2020.ged');
if (!existsSync(source)) throw new Error(`no GEDCOM corpus at ${source} (set ROOTLINE_CORPUS)`);
const work = mkdtempSync(join(tmpdir(), 'rootline-bench-import-'));
const file = join(work, 'tiled.ged');
const dataDir = process.env.ROOTLINE_BENCH_KEEP ? resolve(process.env.ROOTLINE_BENCH_KEEP) : join(work, 'data');
await writeTiledGedcom(readFileSync(source, 'utf8'), tiles, file);
const server = await startProcess(process.execPath, [...nodeArgs, join(resolve(process.env.ROOTLINE_BENCH_DIST ?? join(root, 'dist')), 'rootline.mjs'), 'serve', '--port', '0', '--data-dir', dataDir], /Rootline listening on (\S+)/);
try {
  const url = server.match[1];
  const headers = { authorization: `Bearer ${readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim()}` };
  await warmJobRoute(url, headers);
  const cpuBefore = cpuSeconds(server.child.pid!);
  const started = performance.now();
  const answer = await fetch(`${url}/v1/imports/gedcom?filename=tiled.ged`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': String(statSync(file).size) },
    body: createReadStream(file) as unknown as ReadableStream, duplex: 'half',
  } as RequestInit);
  if (answer.status !== 202) throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
  const { job_id } = (await answer.json()) as { job_id: string };
  const latencies: number[] = [];
  const writes: number[] = [];
  const following = followJob(url, headers, job_id, latencies);
  if (process.env.ROOTLINE_BENCH_WRITES) await writeWhile(url, headers, following, writes);
  const result = (await following) as { counts?: { persons?: number } } | undefined;
  const ms = performance.now() - started;
  const cpu = cpuSeconds(server.child.pid!) - cpuBefore;
  const rss = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  latencies.sort((a, b) => a - b);
  const persons = result?.counts?.persons ?? 0;
  process.stdout.write(`${JSON.stringify({ tiles, import_ms: Math.round(ms), server_cpu_s: Number(cpu.toFixed(1)), persons, persons_per_s: Math.round(persons / (ms / 1000)), peak_rss_mb: Math.round(rss), api_p99_ms: Number(latencies[Math.floor(latencies.length * 0.99)].toFixed(1)), api_max_ms: Number(latencies.at(-1)!.toFixed(1)), api_requests: latencies.length, ...writeFigures(writes), counts: result?.counts })}\n`);
  if (process.env.ROOTLINE_BENCH_EXPORT) {
    const exportCpu = cpuSeconds(server.child.pid!);
    const exportStarted = performance.now();
    const exported = await fetch(`${url}/v1/gedcom/export`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ version: '7.0', include_living: true }) });
    if (exported.status !== 202) throw new Error(`export answered ${exported.status}: ${await exported.text()}`);
    await followJob(url, headers, ((await exported.json()) as { job_id: string }).job_id);
    process.stdout.write(`${JSON.stringify({ export_ms: Math.round(performance.now() - exportStarted), export_server_cpu_s: Number((cpuSeconds(server.child.pid!) - exportCpu).toFixed(1)) })}\n`);
  }
} finally {
  await stopProcess(server.child);
  rmSync(work, { recursive: true, force: true });
}

/** p99 and max of the writes made beside the import (none unless ROOTLINE_BENCH_WRITES). */
function writeFigures(writes: number[]): Record<string, number> {
  if (writes.length === 0) return {};
  const sorted = [...writes].sort((a, b) => a - b);
  return { write_p99_ms: Number(percentile(sorted, 99).toFixed(1)), write_max_ms: Number(percentile(sorted, 100).toFixed(1)), writes: sorted.length };
}
