/**
 * The export half of the gedcom bench alone, for quick iterations on export speed:
 * `node --import tsx tools/bench/src/gedcom-export-only.ts DATA_DIR [rounds]` starts the built
 * server (`npm run build` first) on a data folder that already holds a tree (one kept by
 * `ROOTLINE_BENCH_KEEP=DATA_DIR gedcom-import-only.ts`), exports it (GEDCOM 7.0, living
 * included) `rounds` times (default 3) and prints one JSON line per export: its ms, the server's
 * CPU seconds meanwhile, the p99 and max of `GET /v1/jobs/{id}` polled every 20 ms while the
 * export runs (as the import's bench does), the file's size and address (the same tree gives
 * the same bytes), and the server's peak RSS so far (VmHWM: the first export's line is that export's).
 * ROOTLINE_BENCH_DIST=<folder> runs another build's server (a copy of dist/ inside the checkout,
 * so it finds node_modules). ROOTLINE_BENCH_NODE_ARGS adds node flags to the server.
 */
import { resolve } from 'node:path';
import { cpuSeconds, exportTree, peakRssMb, startBuiltServer } from './built-server.js';
import { warmJobRoute } from './follow-job.js';
import { percentile } from './stats.js';

const dataDir = resolve(process.argv[2] ?? '');
const rounds = Number(process.argv[3] ?? 3);
const server = await startBuiltServer(dataDir);
try {
  await warmJobRoute(server.url, server.headers);
  for (let round = 0; round < rounds; round++) {
    const cpu = cpuSeconds(server.pid);
    const started = performance.now();
    const latencies: number[] = [];
    const result = await exportTree(server, latencies);
    const ms = performance.now() - started;
    latencies.sort((a, b) => a - b);
    const api = { api_p99_ms: Number(percentile(latencies, 99).toFixed(1)), api_max_ms: Number(percentile(latencies, 100).toFixed(1)), api_requests: latencies.length };
    process.stdout.write(`${JSON.stringify({ export_ms: Math.round(ms), server_cpu_s: Number((cpuSeconds(server.pid) - cpu).toFixed(1)), ...api, peak_rss_mb: Math.round(peakRssMb(server.pid)), size_bytes: result.size_bytes, blob: result.blob })}\n`);
  }
} finally {
  await server.stop();
}
