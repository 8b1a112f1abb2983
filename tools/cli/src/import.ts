/**
 * `rootline import FILE [--tree ID] [--allow-duplicate]`: sends the file to the import route,
 * follows the job with a progress bar, then prints what was created and where the loss
 * report is. Exit 0 when the import succeeded, 1 with a one-line reason otherwise.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { followJob, ProgressBar, type JobView } from './progress.js';
import { problemOf, withSession, type Session } from './session.js';
import { withDataDir, type CommandContext } from './command.js';

/** `rootline import FILE`. */
export function registerImport(program: Command, context: CommandContext): void {
  withDataDir(program.command('import'))
    .description('import a GEDCOM file (.ged) or GEDZIP (.gdz) into a tree')
    .argument('<file>', 'the file to import')
    .option('--tree <id>', 'the tree to import into (default: the active tree)')
    .option('--allow-duplicate', 'import a file that was imported before')
    .option('--manifest <file>', 'the plugin manifest of a server started for the command')
    .action((file: string, options: { dataDir?: string; manifest?: string; tree?: string; allowDuplicate?: boolean }) =>
      withSession(context, options, 'import', (session, progress) =>
        importCommand(file, { session, tree: options.tree, out: context.out, err: context.err, progress, allowDuplicate: options.allowDuplicate ?? false })));
}

export interface TransferOptions {
  session: Session;
  tree?: string;
  out: (line: string) => void;
  err: (line: string) => void;
  progress: ((text: string) => void) | null;
}

export const mountOf = (tree: string | undefined) => (tree ? `/v1/trees/${encodeURIComponent(tree)}` : '/v1');

/** "persons 4, families 1, sources 2" in a stable order: the counts a genealogist looks for first. */
export function countsLine(counts: Record<string, number> | undefined): string {
  const first = ['persons', 'individuals', 'families', 'sources', 'claims', 'facts', 'events', 'notes', 'media', 'withheld'];
  const entries = Object.entries(counts ?? {}).sort(([a], [b]) => (first.indexOf(a) + 1 || 99) - (first.indexOf(b) + 1 || 99) || (a < b ? -1 : 1));
  return entries.map(([name, count]) => `${name} ${count}`).join(', ');
}

export function lossReportLine(job: JobView & { tree_id?: string }, tree: string | undefined): string | undefined {
  const report = job.result?.report_id;
  if (typeof report !== 'string') return undefined;
  return `Loss report: GET /v1/trees/${tree ?? job.tree_id}/gedcom/loss-reports?report_id=${report}`;
}

/** The one line a failed or cancelled job ends with. */
export function jobFailure(what: string, job: JobView): string {
  if (job.state === 'cancelled') return `rootline: the ${what} was cancelled; nothing was kept`;
  const line = job.error?.line !== undefined ? ` (line ${job.error.line})` : '';
  return `rootline: the ${what} failed: ${job.error?.message ?? 'no reason given'}${line} [${job.error?.code ?? 'unknown'}]`;
}

async function importCommand(file: string | undefined, options: TransferOptions & { allowDuplicate: boolean }): Promise<number> {
  if (!file) {
    options.err('rootline: import needs a FILE (a .ged or .gdz)');
    return 2;
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    options.err(`rootline: cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    return 1;
  }
  const mount = mountOf(options.tree);
  const reply = await options.session.request('POST', `${mount}/imports/gedcom`, {
    body: bytes,
    query: { filename: basename(file), allow_duplicate: options.allowDuplicate || undefined },
  });
  if (reply.status !== 202) {
    const problem = await problemOf(reply);
    if (problem.code === 'duplicate-import') {
      options.err(`rootline: ${basename(file)} was already imported (import ${problem.import_key}); pass --allow-duplicate to import it again`);
    } else options.err(`rootline: import refused: ${problem.detail}`);
    return 1;
  }
  const started = (await reply.json()) as { job_id: string; import_key: string };
  const job = await followJob(options.session, mount, started.job_id, new ProgressBar('Importing', options.progress));
  if (job.state !== 'succeeded') {
    options.err(jobFailure('import', job));
    return 1;
  }
  options.out(`Imported ${basename(file)} (import ${started.import_key}): ${countsLine(job.result?.counts as Record<string, number>)}`);
  const loss = lossReportLine(job, options.tree);
  if (loss) options.out(loss);
  return 0;
}
