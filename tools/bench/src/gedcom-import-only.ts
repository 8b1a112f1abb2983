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
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeTiledGedcom } from './gedcom-tile.js';
import { followJob, warmJobRoute, writeWhile } from './follow-job.js';
import { cpuSeconds, exportTree, peakRssMb, startBuiltServer, startImport } from './built-server.js';
import { percentile } from './stats.js';

const root = resolve(import.meta.dirname, '../../..');
const corpus = resolve(process.env.ROOTLINE_CORPUS ?? join(root, '..', 'shared', 'corpus'));
const tiles = Number(process.argv[2] ?? 10);

const source = join(corpus, 'real', 'pres2020.ged');
if (!existsSync(source)) throw new Error(`no GEDCOM corpus at ${source} (set ROOTLINE_CORPUS)`);
const work = mkdtempSync(join(tmpdir(), 'rootline-bench-import-'));
const file = join(work, 'tiled.ged');
const dataDir = process.env.ROOTLINE_BENCH_KEEP ? resolve(process.env.ROOTLINE_BENCH_KEEP) : join(work, 'data');
await writeTiledGedcom(readFileSync(source, 'utf8'), tiles, file);
const server = await startBuiltServer(dataDir);
try {
  const { url, headers } = server;
  await warmJobRoute(url, headers);
  const cpuBefore = cpuSeconds(server.pid);
  const started = performance.now();
  const jobId = await startImport(server, file);
  const latencies: number[] = [];
  const writes: number[] = [];
  const following = followJob(url, headers, jobId, latencies);
  if (process.env.ROOTLINE_BENCH_WRITES) await writeWhile(url, headers, following, writes);
  const result = (await following) as { counts?: { persons?: number } } | undefined;
  const ms = performance.now() - started;
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  const rss = peakRssMb(server.pid);
  latencies.sort((a, b) => a - b);
  const persons = result?.counts?.persons ?? 0;
  process.stdout.write(`${JSON.stringify({ tiles, import_ms: Math.round(ms), server_cpu_s: Number(cpu.toFixed(1)), persons, persons_per_s: Math.round(persons / (ms / 1000)), peak_rss_mb: Math.round(rss), api_p99_ms: Number(latencies[Math.floor(latencies.length * 0.99)].toFixed(1)), api_max_ms: Number(latencies.at(-1)!.toFixed(1)), api_requests: latencies.length, ...writeFigures(writes), counts: result?.counts })}\n`);
  if (process.env.ROOTLINE_BENCH_EXPORT) {
    const exportCpu = cpuSeconds(server.pid);
    const exportStarted = performance.now();
    await exportTree(server);
    process.stdout.write(`${JSON.stringify({ export_ms: Math.round(performance.now() - exportStarted), export_server_cpu_s: Number((cpuSeconds(server.pid) - exportCpu).toFixed(1)) })}\n`);
  }
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

/** p99 and max of the writes made beside the import (none unless ROOTLINE_BENCH_WRITES). */
function writeFigures(writes: number[]): Record<string, number> {
  if (writes.length === 0) return {};
  const sorted = [...writes].sort((a, b) => a - b);
  return { write_p99_ms: Number(percentile(sorted, 99).toFixed(1)), write_max_ms: Number(percentile(sorted, 100).toFixed(1)), writes: sorted.length };
}
