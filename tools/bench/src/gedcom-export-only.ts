/**
 * The export half of the gedcom bench alone, for quick iterations on export speed:
 * `node --import tsx tools/bench/src/gedcom-export-only.ts DATA_DIR [rounds]` starts the built
 * server (`npm run build` first) on a data folder that already holds a tree (one kept by
 * `ROOTLINE_BENCH_KEEP=DATA_DIR gedcom-import-only.ts`), exports it (GEDCOM 7.0, living
 * included) `rounds` times (default 3) and prints one JSON line per export: its ms, the server's
 * CPU seconds meanwhile, the file's size and address (the same tree gives the same bytes).
 * ROOTLINE_BENCH_DIST=<folder> runs another build's server (a copy of dist/ inside the checkout,
 * so it finds node_modules). ROOTLINE_BENCH_NODE_ARGS adds node flags to the server.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { followJob } from './follow-job.js';
import { startProcess, stopProcess } from './process.js';
import { cpuSecondsOf } from './stats.js';

const cpuSeconds = (pid: number) => cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));

const root = resolve(import.meta.dirname, '../../..');
const dataDir = resolve(process.argv[2] ?? '');
const rounds = Number(process.argv[3] ?? 3);
const nodeArgs = (process.env.ROOTLINE_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = await startProcess(process.execPath, [...nodeArgs, join(resolve(process.env.ROOTLINE_BENCH_DIST ?? join(root, 'dist')), 'rootline.mjs'), 'serve', '--port', '0', '--data-dir', dataDir], /Rootline listening on (\S+)/);
try {
  const url = server.match[1];
  const headers = { authorization: `Bearer ${readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim()}` };
  for (let round = 0; round < rounds; round++) {
    const cpu = cpuSeconds(server.child.pid!);
    const started = performance.now();
    const exported = await fetch(`${url}/v1/gedcom/export`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ version: '7.0', include_living: true }) });
    if (exported.status !== 202) throw new Error(`export answered ${exported.status}: ${await exported.text()}`);
    const result = (await followJob(url, headers, ((await exported.json()) as { job_id: string }).job_id)) as { size_bytes: number; blob: string };
    process.stdout.write(`${JSON.stringify({ export_ms: Math.round(performance.now() - started), server_cpu_s: Number((cpuSeconds(server.child.pid!) - cpu).toFixed(1)), size_bytes: result.size_bytes, blob: result.blob })}\n`);
  }
} finally {
  await stopProcess(server.child);
}
