import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startProcess, stopProcess } from './process.js';
import { cpuSecondsOf, median, ratio } from './stats.js';

const root = resolve(import.meta.dirname, '../../..');
const bundle = join(root, 'dist', 'rootline.mjs');
const seconds = Number(process.env.ROOTLINE_BENCH_SECONDS ?? 5);

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds, pipelining: 1 });
  return result.requests.average;
}

/** Start-up: time from process start to the listening line, median of 7, from the bundle. */
export async function benchStartup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-'));
  const times: number[] = [];
  const nodeAlone: number[] = [];
  try {
    for (let i = 0; i < 7; i++) {
      const { child, ms } = await startProcess(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', dataDir], /Rootline listening on/);
      times.push(ms);
      await stopProcess(child);
      const bare = await startProcess(process.execPath, ['-e', 'console.log("up")'], /up/);
      nodeAlone.push(bare.ms);
      await stopProcess(bare.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const startupMs = Math.round(median(times));
  return { startup_ms: startupMs, node_alone_ms: Math.round(median(nodeAlone)), target_ms: 500, meets_target: startupMs < 500 };
}

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  return cpuSecondsOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

async function measure(url: string, headers: Record<string, string>, pid: number) {
  const before = cpuSeconds(pid);
  const rps = await load(url, headers);
  const after = cpuSeconds(pid);
  return { rps, cpuUsPerRequest: ((after - before) * 1e6) / (rps * seconds) };
}

/**
 * GET /v1/notes?target= on the built server against a bare Fastify route serving the same
 * JSON, for a target with `count` notes. Two figures: requests/second under the same load
 * (autocannon, 10 connections), and server CPU per request (robust to other load on the machine).
 */
async function notesFor(count: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-'));
  const rootline = await startProcess(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', dataDir], /Rootline listening on (\S+)/);
  const url = rootline.match[1];
  const token = readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  try {
    for (let i = 0; i < count; i++) {
      await fetch(`${url}/v1/notes`, { method: 'POST', headers, body: JSON.stringify({ target: 'person-1', text: `Note ${i}: a line from the parish register` }) });
    }
    const body = await (await fetch(`${url}/v1/notes?target=person-1`, { headers })).text();
    const bodyFile = join(dataDir, 'body.json');
    writeFileSync(bodyFile, body);
    const bare = await startProcess(process.execPath, [join(import.meta.dirname, 'bare-server.mjs'), bodyFile], /(http:\/\/\S+)/);
    try {
      const bareUrl = `${bare.match[1]}/v1/notes?target=person-1`;
      const rootlineUrl = `${url}/v1/notes?target=person-1`;
      await load(bareUrl, {});
      await load(rootlineUrl, headers);
      const baseline = await measure(bareUrl, {}, bare.child.pid!);
      const ours = await measure(rootlineUrl, headers, rootline.child.pid!);
      return {
        notes: count,
        body_bytes: body.length,
        rootline_rps: Math.round(ours.rps),
        bare_fastify_rps: Math.round(baseline.rps),
        ratio: ratio(ours.rps, baseline.rps),
        rootline_cpu_us_per_request: Math.round(ours.cpuUsPerRequest),
        bare_cpu_us_per_request: Math.round(baseline.cpuUsPerRequest),
        cpu_ratio: ratio(baseline.cpuUsPerRequest, ours.cpuUsPerRequest),
        target_ratio: 0.6,
      };
    } finally {
      await stopProcess(bare.child);
    }
  } finally {
    await stopProcess(rootline.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A target with a few notes (the usual case) and one with twenty. */
export async function benchNotes() {
  return { few: await notesFor(3), many: await notesFor(20) };
}
