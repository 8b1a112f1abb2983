// The duplicates bench's client, in a process of its own so it never shares an event loop with
// the server: each round asks every URL of a set once (sequential GETs over one keep-alive
// socket), ours and the baseline set alternating which goes first, with the server's CPU time
// per request from /proc (10 ms ticks). argv[2]: a JSON file of { pid, rounds, warmup, headers,
// sets: [{ name, ours: [url], baseline: [url] }] }. Writes { [name]: { ours: Round[], baseline: Round[] } }.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpuSecondsOf, percentile } from './stats.js';
import type { Round } from './people-plan.js';

interface Spec {
  pid: number;
  rounds: number;
  warmup: number;
  headers: Record<string, string>;
  sets: { name: string; ours: string[]; baseline: string[] }[];
}

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Spec;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { agent, headers: spec.headers }, (reply) => {
      reply.on('data', () => undefined);
      reply.on('end', () => (reply.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`GET ${url}: ${reply.statusCode}`))));
      reply.on('error', reject);
    }).on('error', reject).end();
  });
}

async function round(urls: string[]): Promise<Round> {
  for (const url of urls.slice(0, spec.warmup)) await get(url);
  const cpu = () => cpuSecondsOf(readFileSync(`/proc/${spec.pid}/stat`, 'utf8'));
  const before = cpu();
  const times: number[] = [];
  for (const url of urls) times.push(await get(url));
  const cpuMs = ((cpu() - before) * 1000) / urls.length;
  times.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 1000) / 1000;
  return { p50_ms: ms(percentile(times, 50)), p99_ms: ms(percentile(times, 99)), cpu_ms: ms(cpuMs) };
}

const results: Record<string, { ours: Round[]; baseline: Round[] }> = {};
for (const { name } of spec.sets) results[name] = { ours: [], baseline: [] };
for (let r = 0; r < spec.rounds; r++) {
  for (const { name, ours, baseline } of spec.sets) {
    const sides = [async () => results[name].ours.push(await round(ours)), async () => results[name].baseline.push(await round(baseline))];
    for (const side of r % 2 ? sides.reverse() : sides) await side();
  }
}
agent.destroy();
process.stdout.write(`${JSON.stringify(results)}\n`);
