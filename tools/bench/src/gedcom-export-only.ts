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
import { resolve } from 'node:path';
import { cpuSeconds, exportTree, startBuiltServer } from './built-server.js';

const dataDir = resolve(process.argv[2] ?? '');
const rounds = Number(process.argv[3] ?? 3);
const server = await startBuiltServer(dataDir);
try {
  for (let round = 0; round < rounds; round++) {
    const cpu = cpuSeconds(server.pid);
    const started = performance.now();
    const result = await exportTree(server);
    process.stdout.write(`${JSON.stringify({ export_ms: Math.round(performance.now() - started), server_cpu_s: Number((cpuSeconds(server.pid) - cpu).toFixed(1)), size_bytes: result.size_bytes, blob: result.blob })}\n`);
  }
} finally {
  await server.stop();
}
