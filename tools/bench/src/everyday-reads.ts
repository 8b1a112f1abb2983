/**
 * Everyday reads of a big tree, this build against an earlier one, over HTTP:
 * `node --import tsx tools/bench/src/everyday-reads.ts <data folder>` (after `npm run build`).
 * The data folder (a tree imported before, e.g. the 102,168 persons of `gedcom-import-only.ts 44`
 * kept with ROOTLINE_BENCH_KEEP) is never served or written: it is copied twice, the earlier
 * build (ROOTLINE_BENCH_BEFORE_DIST, a copy of dist/ inside the checkout, default
 * `.rootline-bench/before-dist`) serves one copy and this build (`dist/`) the other, so the
 * migrations this build adds run on its copy as it starts (both start-up times are printed).
 * Each round (ROOTLINE_BENCH_ROUNDS, default 3) asks every route 3 times to warm it, then
 * ROOTLINE_BENCH_SAMPLES times (default 30) on one server and the same on the other, the order
 * of the two turning every round. Printed per route: the median and p99 of each round, then the
 * medians of the rounds' figures and before / now. Both servers must answer alike (cursors aside):
 * a route whose answers differ is reported, not timed. ROOTLINE_BENCH_ROUTES=media,audit times only
 * the routes whose names hold one of those words.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBuiltServer, type BuiltServer } from './built-server.js';
import { median, percentile, ratio } from './stats.js';

const root = resolve(import.meta.dirname, '../../..');
const source = process.argv[2];
if (!source) throw new Error('usage: everyday-reads.ts <data folder>');
const beforeDist = resolve(process.env.ROOTLINE_BENCH_BEFORE_DIST ?? join(root, '.rootline-bench', 'before-dist'));
const rounds = Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3);
const samples = Number(process.env.ROOTLINE_BENCH_SAMPLES ?? 30);

interface Answer {
  status: number;
  ms: number;
  body: string;
}

async function ask(server: BuiltServer, path: string): Promise<Answer> {
  const started = performance.now();
  const reply = await fetch(`${server.url}${path}`, { headers: server.headers });
  const body = await reply.text();
  return { status: reply.status, ms: performance.now() - started, body };
}

/** The answer without what differs between two servers of the same tree (signed cursors). */
const comparable = (answer: Answer) => `${answer.status} ${answer.body.replace(/"(next_cursor|cursor)":"[^"]*"/g, '"$1":"-"')}`;

async function timed(server: BuiltServer, path: string): Promise<number[]> {
  for (let i = 0; i < 3; i++) await ask(server, path);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await ask(server, path)).ms);
  return times;
}

const work = mkdtempSync(join(tmpdir(), 'rootline-bench-reads-'));
const servers: Partial<Record<'before' | 'now', BuiltServer>> = {};
try {
  const starts: Record<string, number> = {};
  for (const side of ['before', 'now'] as const) {
    const dataDir = join(work, side);
    cpSync(resolve(source), dataDir, { recursive: true });
    rmSync(join(dataDir, 'rootline.lock'), { force: true });
    const started = performance.now();
    servers[side] = await startBuiltServer(dataDir, side === 'before' ? beforeDist : join(root, 'dist'));
    starts[side] = Math.round(performance.now() - started);
  }
  const before = servers.before!;
  const now = servers.now!;
  process.stdout.write(`${JSON.stringify({ start_ms: starts })}\n`);

  const firstPage = JSON.parse((await ask(before, '/v1/audit')).body) as { next_cursor: string };
  const unsourced = JSON.parse((await ask(before, '/v1/assertions/unsourced')).body) as { next_cursor: string };
  // A cursor is signed with the data folder's key, the same in both copies.
  const routes: [string, string][] = [
    ['trees (control)', '/v1/trees'],
    ['persons limit=1 (control)', '/v1/persons?limit=1'],
    ['audit first page', '/v1/audit'],
    ['audit second page', `/v1/audit?cursor=${encodeURIComponent(firstPage.next_cursor)}`],
    ['audit include=note.created', '/v1/audit?include=note.created'],
    ['audit include=research_question', '/v1/audit?include=research_question'],
    ['audit include=assertion', '/v1/audit?include=assertion'],
    ['audit include=person', '/v1/audit?include=person'],
    ['project state', '/v1/project/state'],
    ['settled', '/v1/settled'],
    ['unsourced tally', '/v1/assertions/unsourced/tally'],
    ['unsourced first page', '/v1/assertions/unsourced'],
    ['unsourced second page', `/v1/assertions/unsourced?cursor=${encodeURIComponent(unsourced.next_cursor)}`],
    ['media unresolved', '/v1/media/unresolved'],
  ];
  const only = (process.env.ROOTLINE_BENCH_ROUTES ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  for (const [name, path] of routes) {
    if (only.length && !only.some((part) => name.includes(part))) continue;
    const [a, b] = [await ask(before, path), await ask(now, path)];
    if (comparable(a) !== comparable(b)) {
      process.stdout.write(`${JSON.stringify({ route: name, differs: true, before: a.body.slice(0, 300), now: b.body.slice(0, 300) })}\n`);
      continue;
    }
    const figures = { before: [] as { p50: number; p99: number }[], now: [] as { p50: number; p99: number }[] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? (['now', 'before'] as const) : (['before', 'now'] as const);
      for (const side of order) {
        const times = (await timed(servers[side]!, path)).sort((x, y) => x - y);
        figures[side].push({ p50: median(times), p99: percentile(times, 99) });
      }
    }
    const summary = (side: 'before' | 'now') => ({ p50: round2(median(figures[side].map((f) => f.p50))), p99: round2(median(figures[side].map((f) => f.p99))) });
    const [was, is] = [summary('before'), summary('now')];
    process.stdout.write(`${JSON.stringify({
      route: name, status: b.status, bytes: b.body.length,
      before: was, now: is, speedup_p50: ratio(was.p50, is.p50), speedup_p99: ratio(was.p99, is.p99),
      rounds: { before: figures.before.map(rounded), now: figures.now.map(rounded) },
    })}\n`);
  }
} finally {
  for (const server of Object.values(servers)) await server?.stop();
  rmSync(work, { recursive: true, force: true });
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function rounded(figure: { p50: number; p99: number }) {
  return [round2(figure.p50), round2(figure.p99)];
}
