/**
 * `rootline import FILE [--tree ID] [--allow-duplicate]`: sends the file to the import route,
 * follows the job with a progress bar, then prints what was created and where the loss
 * report is. Exit 0 when the import succeeded, 1 with a one-line reason otherwise, 130 when
 * Ctrl-C cancelled it.
 */
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import type { Command } from 'commander';
import { followJob, ProgressBar } from './progress.js';
import { problemOf, withSession } from './session.js';
import { dataDirArg, UsageError, withDataDir, type CommandContext } from './command.js';
import { inWords } from './file-errors.js';
import { INTERRUPTED_EXIT, type Interrupt } from './interrupt.js';
import { countsLine, interruptedLine, jobFailure, lossReportLine, mountOf, treeRefusal, type TransferOptions } from './transfer.js';

/** `rootline import FILE`. */
export function registerImport(program: Command, context: CommandContext): void {
  withDataDir(program.command('import'))
    .description('import a GEDCOM file (.ged) or GEDZIP (.gdz) into a tree')
    .argument('<file>', 'the file to import')
    .option('--tree <id>', 'the tree to import into (default: the active tree; rootline trees lists them)')
    .option('--allow-duplicate', 'import a file that was imported before')
    .option('--manifest <file>', 'the plugin manifest of a server started for the command')
    .action(async (file: string, options: { dataDir?: string; manifest?: string; tree?: string; allowDuplicate?: boolean }) => {
      const bytes = readImportFile(file);
      await withSession(context, options, { name: 'import', makesDataFolder: true, interruptible: true }, (session, progress, interrupt) =>
        importCommand(file, bytes, {
          session, tree: options.tree, dataDirArg: dataDirArg(options, context),
          out: context.out, err: context.err, progress, interrupt, allowDuplicate: options.allowDuplicate ?? false,
        }));
    });
}

/** The file's bytes, read before any server is reached; a file that cannot be imported is said in one line. */
function readImportFile(file: string): Buffer {
  if (!file) throw new UsageError('import needs a FILE (a .ged or .gdz)');
  let bytes: Buffer;
  try {
    if (statSync(file).isDirectory()) throw new Error(`${file} is a folder: name the .ged or .gdz file in it to import`);
    bytes = readFileSync(file);
  } catch (error) {
    if (!(error as NodeJS.ErrnoException).code) throw error;
    throw new Error(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : inWords(error)}`);
  }
  if (bytes.length === 0) throw new Error(`${file} is empty: nothing to import`);
  return bytes;
}

async function importCommand(file: string, bytes: Buffer, options: TransferOptions & { allowDuplicate: boolean; interrupt: Interrupt | null }): Promise<number> {
  const { session } = options;
  const mount = mountOf(options.tree);
  const reply = await session.request('POST', `${mount}/imports/gedcom`, {
    body: bytes,
    query: { filename: basename(file), allow_duplicate: options.allowDuplicate || undefined },
  });
  if (reply.status !== 202) {
    const problem = await problemOf(reply);
    if (problem.code === 'duplicate-import') {
      options.err(`rootline: ${basename(file)} was already imported (import ${problem.import_key}); pass --allow-duplicate to import it again`);
    } else options.err(treeRefusal(problem) ?? `rootline: import refused: ${problem.detail}`);
    return 1;
  }
  const started = (await reply.json()) as { job_id: string; import_key: string };
  // Ctrl-C cancels the job: a server started here waits for its clean-up (it stops after), a running one is given 10 s.
  const job = await followJob(session, mount, started.job_id, new ProgressBar('Importing', options.progress), { interrupt: options.interrupt, cancelWaitMs: session.inProcess ? undefined : 10_000 });
  if (job.state === 'succeeded') {
    options.out(`Imported ${basename(file)} (import ${started.import_key}): ${countsLine(job.result?.counts as Record<string, number>)}`);
    const loss = lossReportLine(job, options.tree, session, options.dataDirArg);
    if (loss) options.out(loss);
  }
  if (options.interrupt?.requested) {
    options.err(interruptedLine('import', job, session));
    return INTERRUPTED_EXIT;
  }
  if (job.state !== 'succeeded') {
    options.err(jobFailure('import', job));
    return 1;
  }
  return 0;
}
