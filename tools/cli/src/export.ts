/**
 * `rootline export [--version 7.0|5.5.1] [--out FILE] [--tree ID] [--include-living] [--gedzip]
 * [--force]`: starts an export job, follows it, downloads the file it made and writes it to
 * `--out` (default: the tree's name with `.ged` or `.gdz`, in the current folder). An existing
 * file is never overwritten without `--force`: an export is easy to make again, a file
 * someone kept is not.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { followJob, ProgressBar } from './progress.js';
import type { Command } from 'commander';
import { problemOf, withSession } from './session.js';
import { withDataDir, type CommandContext } from './command.js';
import { countsLine, jobFailure, lossReportLine, mountOf, type TransferOptions } from './import.js';

/** `rootline export`. */
export function registerExport(program: Command, context: CommandContext): void {
  withDataDir(program.command('export'))
    .description('export a tree as GEDCOM 7.0 or 5.5.1 (living persons left out)')
    .option('--version <version>', 'the GEDCOM version: 7.0 or 5.5.1', '7.0')
    .option('--out <file>', 'where to write (default: "<tree name>.ged" here)')
    .option('--force', 'overwrite an existing file')
    .option('--tree <id>', 'the tree to export (default: the active tree)')
    .option('--include-living', 'include living persons')
    .option('--gedzip', 'write a GEDZIP (.gdz) with the media files')
    .option('--manifest <file>', 'the plugin manifest of a server started for the command')
    .action((options: { dataDir?: string; manifest?: string; version: string; out?: string; force?: boolean; tree?: string; includeLiving?: boolean; gedzip?: boolean }) =>
      withSession(context, options, 'export', (session, progress) =>
        exportCommand({
          session, tree: options.tree, out: context.out, err: context.err, progress,
          version: options.version, outFile: options.out, includeLiving: options.includeLiving ?? false, gedzip: options.gedzip ?? false, force: options.force ?? false,
        })));
}

export interface ExportCommandOptions extends TransferOptions {
  version: string;
  outFile?: string;
  includeLiving: boolean;
  gedzip: boolean;
  force: boolean;
}

/** A file name from a tree's name: letters, digits, spaces, dots and dashes kept, the rest `_`. */
function fileNameOf(treeName: string, gedzip: boolean): string {
  const safe = treeName.normalize('NFC').replace(/[^\p{L}\p{N} ._-]+/gu, '_').replace(/^[.\s]+|\s+$/g, '') || 'tree';
  return `${safe}${gedzip ? '.gdz' : '.ged'}`;
}

async function exportCommand(options: ExportCommandOptions): Promise<number> {
  if (options.version !== '7.0' && options.version !== '5.5.1') {
    options.err(`rootline: --version must be 7.0 or 5.5.1, not ${JSON.stringify(options.version)}`);
    return 2;
  }
  const { session } = options;
  const mount = mountOf(options.tree);
  let target = options.outFile;
  if (!target) {
    const trees = (await (await session.request('GET', '/v1/trees', { query: { limit: '500' } })).json()) as { items: { tree_id: string; name: string; active: boolean }[] };
    const tree = trees.items.find((each) => (options.tree ? each.tree_id === options.tree : each.active));
    if (!tree) {
      options.err(`rootline: there is no tree ${options.tree}`);
      return 1;
    }
    target = fileNameOf(tree.name, options.gedzip);
  }
  if (existsSync(target) && !options.force) {
    options.err(`rootline: ${target} exists; pass --force to overwrite it, or --out another file`);
    return 1;
  }
  const reply = await session.request('POST', `${mount}/gedcom/export`, { json: { version: options.version, include_living: options.includeLiving, gedzip: options.gedzip } });
  if (reply.status !== 202) {
    options.err(`rootline: export refused: ${(await problemOf(reply)).detail}`);
    return 1;
  }
  const started = (await reply.json()) as { job_id: string };
  const job = await followJob(session, mount, started.job_id, new ProgressBar('Exporting', options.progress));
  if (job.state !== 'succeeded') {
    options.err(jobFailure('export', job));
    return 1;
  }
  const download = await session.request('GET', `${mount}/blobs/sha256:${job.result!.blob as string}`);
  if (!download.ok) {
    options.err(`rootline: the export was made but could not be downloaded: ${(await problemOf(download)).detail}`);
    return 1;
  }
  writeFileSync(target, Buffer.from(await download.arrayBuffer()));
  options.out(`Exported GEDCOM ${options.version}${options.gedzip ? ' (GEDZIP)' : ''} to ${target}: ${countsLine(job.result?.counts as Record<string, number>)}`);
  const loss = lossReportLine(job, options.tree);
  if (loss) options.out(loss);
  return 0;
}
