/**
 * An import's undo alone, for the API latency while it runs: `node --import tsx
 * tools/bench/src/gedcom-undo-only.ts KEPT_DIR` copies a data folder holding a tree one import
 * made (`ROOTLINE_BENCH_KEEP=KEPT_DIR gedcom-import-only.ts`) into a temporary folder, flushes
 * the copy to disk (`sync`: a copy's gigabyte still being written back made the undo's first
 * commit wait half a second, which is the copy's cost, not the undo's), starts the built server
 * (`npm run build` first) on it, undoes the import (`POST /v1/imports/{key}/undo`, one request
 * for the whole undo) and meanwhile polls `GET /v1/imports` every 20 ms, as the import's bench
 * polls its job. Prints one JSON line: the undo's ms, the server's CPU seconds, the polls' p99
 * and max. The copy is removed at the end; the kept folder is not changed.
 * ROOTLINE_BENCH_DIST and ROOTLINE_BENCH_NODE_ARGS as for the other scripts.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cpuSeconds, startBuiltServer } from './built-server.js';
import { percentile } from './stats.js';
import { timedWhile } from './follow-job.js';

const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-undo-'));
cpSync(resolve(process.argv[2] ?? ''), dataDir, { recursive: true });
execFileSync('sync');
const server = await startBuiltServer(dataDir);
try {
  const listed = async () => (await (await fetch(`${server.url}/v1/imports`, { headers: server.headers })).json()) as { items: { import_key: string; state: string }[] };
  const run = (await listed()).items.find((item) => item.state === 'succeeded');
  if (!run) throw new Error('no succeeded import to undo in this data folder');
  const cpu = cpuSeconds(server.pid);
  const started = performance.now();
  const undo = fetch(`${server.url}/v1/imports/${run.import_key}/undo`, { method: 'POST', headers: { ...server.headers, 'content-type': 'application/json' }, body: JSON.stringify({ reason: 'bench' }) })
    .then(async (answer) => ({ status: answer.status, body: await answer.text() }));
  const latencies: number[] = [];
  await timedWhile(undo, 20, latencies, listed);
  const answer = await undo;
  if (answer.status !== 200) throw new Error(`undo answered ${answer.status}: ${answer.body}`);
  latencies.sort((a, b) => a - b);
  process.stdout.write(`${JSON.stringify({ undo_ms: Math.round(performance.now() - started), server_cpu_s: Number((cpuSeconds(server.pid) - cpu).toFixed(1)), api_p99_ms: Number(percentile(latencies, 99).toFixed(1)), api_max_ms: Number(percentile(latencies, 100).toFixed(1)), api_requests: latencies.length })}\n`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
