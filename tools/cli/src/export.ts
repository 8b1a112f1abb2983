/**
 * `rootline export [--version 7.0|5.5.1] [--out FILE] [--tree ID] [--include-living] [--gedzip]
 * [--force]`: starts an export job, follows it, downloads the file it made and writes it to
 * `--out` (default: the tree's name with `.ged` or `.gdz`, in the current folder). An existing
 * file is never overwritten without `--force`: an export is easy to make again, a file
 * someone kept is not. Ctrl-C cancels the job and writes nothing (exit 130).
 */
import { followJob, ProgressBar } from './progress.js';
import type { Command } from 'commander';
import { problemOf, withSession } from './session.js';
import { dataDirArg, UsageError, withDataDir, type CommandContext } from './command.js';
import { INTERRUPTED_EXIT, type Interrupt } from './interrupt.js';
import { outFileProblem, writeOutFile } from './out-file.js';
import { countsLine, interruptedLine, jobFailure, lossReportLine, mountOf, treeRefusal, type TransferOptions } from './transfer.js';

/** `rootline export`. */
export function registerExport(program: Command, context: CommandContext): void {
  withDataDir(program.command('export'))
    .description('export a tree as GEDCOM 7.0 or 5.5.1 (living persons left out)')
    .option('--version <version>', 'the GEDCOM version: 7.0 or 5.5.1', '7.0')
    .option('--out <file>', 'where to write (default: "<tree name>.ged" here)')
    .option('--force', 'overwrite an existing file')
    .option('--tree <id>', 'the tree to export (default: the active tree; rootline trees lists them)')
    .option('--include-living', 'include living persons')
    .option('--gedzip', 'write a GEDZIP (.gdz) with the media files')
    .option('--manifest <file>', 'the plugin manifest of a server started for the command')
    .action((options: { dataDir?: string; manifest?: string; version: string; out?: string; force?: boolean; tree?: string; includeLiving?: boolean; gedzip?: boolean }) => {
      if (options.version !== '7.0' && options.version !== '5.5.1') throw new UsageError(`--version must be 7.0 or 5.5.1, not ${JSON.stringify(options.version)}`);
      // A file that cannot be written is said before any server is reached (and checked again, with the tree's name, before the job).
      const problem = options.out === undefined ? undefined : outFileProblem(options.out, options.force ?? false);
      if (problem) throw new Error(problem);
      return withSession(context, options, { name: 'export', interruptible: true }, (session, progress, interrupt) =>
        exportCommand({
          session, tree: options.tree, dataDirArg: dataDirArg(options, context), out: context.out, err: context.err, progress, interrupt,
          version: options.version, outFile: options.out, includeLiving: options.includeLiving ?? false, gedzip: options.gedzip ?? false, force: options.force ?? false,
        }));
    });
}

export interface ExportCommandOptions extends TransferOptions {
  version: string;
  outFile?: string;
  includeLiving: boolean;
  gedzip: boolean;
  force: boolean;
  interrupt: Interrupt | null;
}

/** A file name from a tree's name: letters, digits, spaces, dots and dashes kept, the rest `_`. */
function fileNameOf(treeName: string, gedzip: boolean): string {
  const safe = treeName.normalize('NFC').replace(/[^\p{L}\p{N} ._-]+/gu, '_').replace(/^[.\s]+|\s+$/g, '') || 'tree';
  return `${safe}${gedzip ? '.gdz' : '.ged'}`;
}

async function exportCommand(options: ExportCommandOptions): Promise<number> {
  const { session } = options;
  const mount = mountOf(options.tree);
  let target = options.outFile;
  if (!target) {
    const trees = (await (await session.request('GET', '/v1/trees', { query: { limit: '500' } })).json()) as { items: { tree_id: string; name: string; active: boolean }[] };
    const tree = trees.items.find((each) => (options.tree ? each.tree_id === options.tree : each.active));
    if (!tree) {
      options.err(`rootline: there is no tree ${JSON.stringify(options.tree)}; rootline trees lists the trees and their ids`);
      return 1;
    }
    target = fileNameOf(tree.name, options.gedzip);
  }
  // Before the job: an export is not made for a file that cannot be written.
  const problem = outFileProblem(target, options.force);
  if (problem) {
    options.err(`rootline: ${problem}`);
    return 1;
  }
  const reply = await session.request('POST', `${mount}/gedcom/export`, { json: { version: options.version, include_living: options.includeLiving, gedzip: options.gedzip } });
  if (reply.status !== 202) {
    const refused = await problemOf(reply);
    options.err(treeRefusal(refused) ?? `rootline: export refused: ${refused.detail}`);
    return 1;
  }
  const started = (await reply.json()) as { job_id: string };
  // Ctrl-C cancels the job: a server started here waits for its clean-up (it stops after), a running one is given 10 s.
  const job = await followJob(session, mount, started.job_id, new ProgressBar('Exporting', options.progress), { interrupt: options.interrupt, cancelWaitMs: session.inProcess ? undefined : 10_000 });
  if (options.interrupt?.requested) {
    options.err(interruptedLine('export', job, session));
    return INTERRUPTED_EXIT;
  }
  if (job.state !== 'succeeded') {
    options.err(jobFailure('export', job));
    return 1;
  }
  const download = await session.request('GET', `${mount}/blobs/sha256:${job.result!.blob as string}`);
  if (!download.ok) {
    options.err(`rootline: the export was made but could not be downloaded: ${(await problemOf(download)).detail}`);
    return 1;
  }
  writeOutFile(target, Buffer.from(await download.arrayBuffer()));
  options.out(`Exported GEDCOM ${options.version}${options.gedzip ? ' (GEDZIP)' : ''} to ${target}: ${countsLine(job.result?.counts as Record<string, number>)}`);
  const loss = lossReportLine(job, options.tree, session, options.dataDirArg);
  if (loss) options.out(loss);
  return 0;
}
