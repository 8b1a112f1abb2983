/**
 * What an import of every GEDCOM file of the corpus still does not keep: not a speed, a survey.
 * `node --import tsx tools/bench/src/corpus-losses.ts` (after `npm run build`) starts the built
 * server on a temporary folder, imports each `.ged` and `.gdz` of `../shared/corpus` (or
 * ROOTLINE_CORPUS) into a tree of its own, reads each run's loss report, and prints the items not
 * kept (`kept` unset) summed over the corpus by path and reason, the largest first, with up to
 * three of the files that have them; then the files refused or failed. Kept-in-another-form items
 * are left out: they are not lost.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startBuiltServer, type BuiltServer } from './built-server.js';

interface LossItem { path: string; reason: string; count: number; kept?: true }
interface Job { state: string; error?: unknown; result?: { report_id: string } }

const root = resolve(import.meta.dirname, '../../..');
const corpus = resolve(process.env.ROOTLINE_CORPUS ?? join(root, '..', 'shared', 'corpus'));

function gedcomFiles(folder: string): string[] {
  return readdirSync(folder).sort().flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return gedcomFiles(path);
    return /\.(ged|gdz)$/i.test(name) ? [path] : [];
  });
}

async function ask<T>(server: BuiltServer, method: string, path: string, body?: unknown, raw?: Buffer): Promise<{ status: number; json: T }> {
  const headers = { ...server.headers, 'content-type': raw ? 'application/octet-stream' : 'application/json' };
  const answer = await fetch(`${server.url}${path}`, { method, headers, ...(raw ? { body: raw } : body ? { body: JSON.stringify(body) } : {}) });
  return { status: answer.status, json: (await answer.json()) as T };
}

/** Imports `file` into a new tree: the run's loss report items, or why there are none. */
async function lossesOf(server: BuiltServer, file: string, name: string): Promise<LossItem[] | string> {
  const tree = (await ask<{ tree_id: string }>(server, 'POST', '/v1/trees', { name })).json.tree_id;
  const prefix = `/v1/trees/${tree}`;
  const started = await ask<{ job_id: string; code?: string }>(server, 'POST', `${prefix}/imports/gedcom?filename=${encodeURIComponent(name)}`, undefined, readFileSync(file));
  if (started.status !== 202) return `refused ${started.status} ${started.json.code ?? ''}`;
  let job: Job;
  while (!['succeeded', 'failed', 'cancelled'].includes((job = (await ask<Job>(server, 'GET', `${prefix}/jobs/${started.json.job_id}`)).json).state)) {
    await new Promise((done) => setTimeout(done, 20));
  }
  if (job.state !== 'succeeded') return `${job.state} ${JSON.stringify(job.error)}`;
  return (await ask<{ items: LossItem[] }>(server, 'GET', `${prefix}/gedcom/loss-reports?report_id=${job.result!.report_id}`)).json.items;
}

const dataDir = mkdtempSync(join(tmpdir(), 'rootline-corpus-losses-'));
const server = await startBuiltServer(dataDir);
const lost = new Map<string, { count: number; files: string[] }>();
const notImported: string[] = [];
try {
  for (const file of gedcomFiles(corpus)) {
    const name = relative(corpus, file);
    const items = await lossesOf(server, file, name);
    if (typeof items === 'string') {
      notImported.push(`${name}: ${items}`);
      continue;
    }
    for (const item of items.filter((each) => !each.kept)) {
      const key = `${item.path}\t${item.reason}`;
      const sum = lost.get(key) ?? { count: 0, files: [] };
      sum.count += item.count;
      sum.files.push(name);
      lost.set(key, sum);
    }
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write('COUNT\tPATH\tREASON\tFILES\n');
for (const [key, sum] of [...lost].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))) {
  process.stdout.write(`${sum.count}\t${key}\t${sum.files.slice(0, 3).join(', ')}${sum.files.length > 3 ? `, +${sum.files.length - 3}` : ''}\n`);
}
for (const line of notImported) process.stdout.write(`not imported: ${line}\n`);
