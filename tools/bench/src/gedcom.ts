/**
 * GEDCOM import and export (issue 10). A file of ROOTLINE_BENCH_GEDCOM_TILES (default 44)
 * renamed copies of the corpus's real/pres2020.ged (102,168 persons, ~50 MB; gedcom-tile.ts)
 * is imported, in each round, by:
 *   - ours: the built server (`dist/rootline.mjs serve`, built-server.ts) on a fresh data folder, the file POSTed
 *     to /v1/imports/gedcom and the job followed to its end; meanwhile a second client asks
 *     GET /v1/jobs/{id} in a loop and its latencies give the API p99 while importing (the route
 *     is called once before the upload, so its first-call schema compiling is not counted); then the
 *     same tree is exported (GEDCOM 7.0) as a job, the same loop giving the API p99 while exporting;
 *   - a parse-only pass of our own reader, and Node's readline splitting the same file into
 *     lines (gedcom-parse-only.ts, each in its own process);
 *   - Gramps (`gramps -y -q -C NAME -i FILE`, Debian's package), when installed.
 * Rounds are interleaved (ROOTLINE_BENCH_ROUNDS, default 3; the order rotates each round);
 * figures are medians. Peak RSS: the server's VmHWM from /proc, the others' from rusage
 * (/usr/bin/time for Gramps). Skipped, saying where it looked, without the corpus.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeTiledGedcom } from './gedcom-tile.js';
import { followJob, warmJobRoute } from './follow-job.js';
import { exportTree, peakRssMb, startBuiltServer, startImport } from './built-server.js';
import { median } from './stats.js';

const root = resolve(import.meta.dirname, '../../..');
const corpus = resolve(process.env.ROOTLINE_CORPUS ?? join(root, '..', 'shared', 'corpus'));
const tiles = Number(process.env.ROOTLINE_BENCH_GEDCOM_TILES ?? 44);
const rounds = Number(process.env.ROOTLINE_BENCH_ROUNDS ?? 3);

interface Run { ms: number; max_rss_mb: number }

/** Ours: import the file over HTTP and follow the job; then export the tree. */
async function rootlineRound(file: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-bench-gedcom-'));
  const server = await startBuiltServer(dataDir);
  try {
    const latencies: number[] = [];
    await warmJobRoute(server.url, server.headers);
    const started = performance.now();
    const result = (await followJob(server.url, server.headers, await startImport(server, file), latencies)) as { counts?: { persons?: number } };
    const importMs = performance.now() - started;
    const importRss = peakRssMb(server.pid);
    const exportStarted = performance.now();
    // The active mount: the import went into the active tree (CONTRACT §2: both mounts).
    const exportLatencies: number[] = [];
    await exportTree(server, exportLatencies);
    const exportMs = performance.now() - exportStarted;
    latencies.sort((a, b) => a - b);
    exportLatencies.sort((a, b) => a - b);
    return {
      import: { ms: importMs, max_rss_mb: importRss } satisfies Run,
      export_ms: exportMs,
      persons: result.counts?.persons,
      api_p99_ms: latencies[Math.floor(latencies.length * 0.99)] ?? NaN,
      api_requests: latencies.length,
      export_api_p99_ms: exportLatencies[Math.floor(exportLatencies.length * 0.99)] ?? NaN,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function parseOnlyRound(file: string, mode: 'reader' | 'readline'): Run & { count: number } {
  const out = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'gedcom-parse-only.ts'), file, mode], { cwd: root, encoding: 'utf8' });
  const { ms, count, max_rss_kb } = JSON.parse(out.trim().split('\n').pop()!) as { ms: number; count: number; max_rss_kb: number };
  return { ms, count, max_rss_mb: max_rss_kb / 1024 };
}

function grampsInstalled(): boolean {
  try {
    execFileSync('gramps', ['--version'], { stdio: 'ignore' });
    return existsSync('/usr/bin/time');
  } catch {
    return false;
  }
}

/** Gramps' own command line import into a new family tree, timed by /usr/bin/time (elapsed, peak RSS). */
function grampsRound(file: string): Promise<Run> {
  const home = mkdtempSync(join(tmpdir(), 'rootline-bench-gramps-'));
  return new Promise((done, fail) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %e %M', 'gramps', '-y', '-q', '-C', 'bench', '-i', file], { env: { ...process.env, GRAMPSHOME: home }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => {
      rmSync(home, { recursive: true, force: true });
      const match = /TIME ([\d.]+) (\d+)/.exec(stderr);
      if (code !== 0 || !match) return fail(new Error(`gramps exited ${code}: ${stderr.slice(-500)}`));
      done({ ms: Number(match[1]) * 1000, max_rss_mb: Number(match[2]) / 1024 });
    });
  });
}

export async function benchGedcom(): Promise<Record<string, unknown>> {
  const source = join(corpus, 'real', 'pres2020.ged');
  if (!existsSync(source)) return { skipped: `no GEDCOM corpus at ${source} (set ROOTLINE_CORPUS)` };
  const work = mkdtempSync(join(tmpdir(), 'rootline-bench-tiles-'));
  const file = join(work, 'tiled.ged');
  try {
    const bytes = await writeTiledGedcom(readFileSync(source, 'utf8'), tiles, file);
    const gramps = grampsInstalled();
    const ours: Awaited<ReturnType<typeof rootlineRound>>[] = [];
    const parse: ReturnType<typeof parseOnlyRound>[] = [];
    const lines: ReturnType<typeof parseOnlyRound>[] = [];
    const grampsRuns: Run[] = [];
    for (let round = 0; round < rounds; round++) {
      const steps: (() => Promise<void>)[] = [
        async () => void ours.push(await rootlineRound(file)),
        async () => void parse.push(parseOnlyRound(file, 'reader')),
        async () => void lines.push(parseOnlyRound(file, 'readline')),
        ...(gramps ? [async () => void grampsRuns.push(await grampsRound(file))] : []),
      ];
      for (let i = 0; i < steps.length; i++) await steps[(i + round) % steps.length]();
      process.stdout.write(`  round ${round + 1}: ours ${Math.round(ours.at(-1)!.import.ms)} ms, parse ${Math.round(parse.at(-1)!.ms)} ms${gramps ? `, gramps ${Math.round(grampsRuns.at(-1)!.ms)} ms` : ''}\n`);
    }
    const importMs = median(ours.map((r) => r.import.ms));
    const grampsMs = gramps ? median(grampsRuns.map((r) => r.ms)) : undefined;
    return {
      file: { tiles, bytes, persons: ours[0].persons },
      import_ms: Math.round(importMs),
      import_peak_rss_mb: Math.round(median(ours.map((r) => r.import.max_rss_mb))),
      export_7_0_ms: Math.round(median(ours.map((r) => r.export_ms))),
      api_p99_while_importing_ms: Number(median(ours.map((r) => r.api_p99_ms)).toFixed(1)),
      api_p99_while_exporting_ms: Number(median(ours.map((r) => r.export_api_p99_ms)).toFixed(1)),
      parse_only_ms: Math.round(median(parse.map((r) => r.ms))),
      parse_only_peak_rss_mb: Math.round(median(parse.map((r) => r.max_rss_mb))),
      readline_only_ms: Math.round(median(lines.map((r) => r.ms))),
      parse_only_vs_readline: Number((median(parse.map((r) => r.ms)) / median(lines.map((r) => r.ms))).toFixed(2)),
      import_vs_parse_only: Number((importMs / median(parse.map((r) => r.ms))).toFixed(1)),
      ...(gramps
        ? { gramps_ms: Math.round(grampsMs!), gramps_peak_rss_mb: Math.round(median(grampsRuns.map((r) => r.max_rss_mb))), speedup_vs_gramps: Number((grampsMs! / importMs).toFixed(1)) }
        : { gramps: 'not installed (apt-get install gramps): no Gramps figure in this run' }),
      targets: { speedup_vs_gramps: '>= 30', import_peak_rss_mb: '<= 300', export_7_0_ms: '<= 5000', api_p99_while_importing_ms: '<= 50', api_p99_while_exporting_ms: '<= 50' },
      rounds,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
