// The people bench's client, in a process of its own so it never shares an event loop with
// the servers: sequential GETs over one keep-alive socket per server, rounds interleaved
// (each round measures every request against ours, then the bare route, alternating which goes
// first), with the servers' CPU time per request from /proc (10 ms ticks). argv[2]: a JSON
// file of { pid, rounds, samples, warmup, requests: [{ name, ours, bare, headers }] }. Writes { [name]: { ours: Round[], bare: Round[] } } to stdout.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpuSecondsOf, percentile } from './stats.js';
import type { Round } from './people-plan.js';

interface Spec {
  /** The servers' process: its CPU time per request is read from /proc around each round. */
  pid: number;
  rounds: number;
  samples: number;
  warmup: number;
  requests: { name: string; ours: string; bare: string; headers: Record<string, string> }[];
}

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Spec;
const agent = new Agent({ keepAlive: true, maxSockets: 2 });

/** One GET, the whole body read: milliseconds, or a thrown error on anything but 200. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (reply) => {
      reply.on('data', () => undefined);
      reply.on('end', () => (reply.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`GET ${url}: ${reply.statusCode}`))));
      reply.on('error', reject);
    }).on('error', reject).end();
  });
}

async function round(url: string, headers: Record<string, string>): Promise<Round> {
  for (let i = 0; i < spec.warmup; i++) await get(url, headers);
  const times: number[] = [];
  const cpu = () => cpuSecondsOf(readFileSync(`/proc/${spec.pid}/stat`, 'utf8'));
  const before = cpu();
  for (let i = 0; i < spec.samples; i++) times.push(await get(url, headers));
  const cpuMs = ((cpu() - before) * 1000) / spec.samples;
  times.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 1000) / 1000;
  return { p50_ms: ms(percentile(times, 50)), p99_ms: ms(percentile(times, 99)), cpu_ms: ms(cpuMs) };
}

const results: Record<string, { ours: Round[]; bare: Round[] }> = {};
for (const { name } of spec.requests) results[name] = { ours: [], bare: [] };
for (let r = 0; r < spec.rounds; r++) {
  for (const { name, ours, bare, headers } of spec.requests) {
    const sides = [() => round(ours, headers).then((x) => results[name].ours.push(x)), () => round(bare, {}).then((x) => results[name].bare.push(x))];
    for (const side of r % 2 ? sides.reverse() : sides) await side();
  }
}
agent.destroy();
process.stdout.write(`${JSON.stringify(results)}\n`);
