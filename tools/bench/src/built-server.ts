/**
 * The built server (`npm run build` first) as the GEDCOM benches drive it: started on a data
 * folder with the human's token, a file imported over HTTP, the tree exported, each job
 * followed to its end. ROOTLINE_BENCH_DIST=<folder> runs another build's server (a copy of
 * dist/ inside the checkout, so it finds node_modules): how a change is measured against the
 * build before it. ROOTLINE_BENCH_NODE_ARGS adds node flags to the server
 * (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { followJob } from './follow-job.js';
import { startProcess, stopProcess } from './process.js';
import { cpuSecondsOf } from './stats.js';

const root = resolve(import.meta.dirname, '../../..');

export interface BuiltServer {
  url: string;
  headers: { authorization: string };
  pid: number;
  stop(): Promise<void>;
}

/** `dist`: the build to run (default ROOTLINE_BENCH_DIST, else this checkout's `dist/`). */
export async function startBuiltServer(dataDir: string, dist = process.env.ROOTLINE_BENCH_DIST ?? join(root, 'dist')): Promise<BuiltServer> {
  const launcher = join(resolve(dist), 'rootline.mjs');
  const nodeArgs = (process.env.ROOTLINE_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startProcess(process.execPath, [...nodeArgs, launcher, 'serve', '--port', '0', '--data-dir', dataDir], /Rootline listening on (\S+)/);
  const token = readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim();
  return { url: server.match[1], headers: { authorization: `Bearer ${token}` }, pid: server.child.pid!, stop: () => stopProcess(server.child) };
}

/** The process's CPU time so far (user + system), in seconds. */
export function cpuSeconds(pid: number): number {
  return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/** The process's peak resident memory (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

/** POSTs a GEDCOM file to the active tree's import route, streamed: the job's id. */
export async function startImport(server: BuiltServer, file: string): Promise<string> {
  const answer = await fetch(`${server.url}/v1/imports/gedcom?filename=tiled.ged`, {
    method: 'POST', headers: { ...server.headers, 'content-type': 'application/octet-stream', 'content-length': String(statSync(file).size) },
    body: createReadStream(file) as unknown as ReadableStream, duplex: 'half',
  } as RequestInit);
  if (answer.status !== 202) throw new Error(`import answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { job_id: string }).job_id;
}

/**
 * Exports the active tree (GEDCOM 7.0, living included) and follows the job: its result. Each
 * poll's latency goes into `latencies` (the API p99 while exporting).
 */
export async function exportTree(server: BuiltServer, latencies: number[] = []): Promise<{ size_bytes: number; blob: string }> {
  const exported = await fetch(`${server.url}/v1/gedcom/export`, { method: 'POST', headers: { ...server.headers, 'content-type': 'application/json' }, body: JSON.stringify({ version: '7.0', include_living: true }) });
  if (exported.status !== 202) throw new Error(`export answered ${exported.status}: ${await exported.text()}`);
  return (await followJob(server.url, server.headers, ((await exported.json()) as { job_id: string }).job_id, latencies)) as { size_bytes: number; blob: string };
}
