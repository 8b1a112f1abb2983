import { writeFileSync, rmSync, renameSync, realpathSync } from 'node:fs';
import type { Command } from 'commander';
import { createServer, BootError, DataDirLockedError, type Manifest, type PluginSource } from '@rootline/kernel/host';
import { manifestOf, UsageError, withDataDir, type CommandContext } from './command.js';
import { dataFolderToMake } from './data-folder.js';
import { isNewFolder, removeFolderOfFailedStart } from './failed-start.js';

/**
 * How a program on this machine starts this same `rootline` (a connected assistant's server
 * entry): the built bundle is run by this Node with its script; from source, `rootline` on the PATH.
 */
function launcherOf(context: CommandContext): { command: string; args: string[] } | undefined {
  const script = process.argv[1];
  return context.builtIn && script ? { command: process.execPath, args: [realpathSync(script)] } : undefined;
}

/** `rootline serve`. */
export function registerServe(program: Command, context: CommandContext): void {
  withDataDir(program.command('serve'))
    .description('run the server on 127.0.0.1 (one per data folder)')
    .option('--port <n>', 'the port; 0 picks a free one (default: $ROOTLINE_PORT, else 7420)')
    .option('--manifest <file>', 'the plugin manifest (default: the one this build was made from)')
    .option('--host <address>', 'only 127.0.0.1 is accepted')
    .action(async (options: { dataDir?: string; port?: string; manifest?: string; host?: string }) => {
      if (options.host && options.host !== '127.0.0.1') throw new UsageError(`refusing to listen on ${options.host}: Rootline listens on 127.0.0.1 only`);
      const [portText, portSource] = options.port !== undefined ? [options.port, '--port'] : context.env.ROOTLINE_PORT !== undefined ? [context.env.ROOTLINE_PORT, 'ROOTLINE_PORT'] : ['7420', 'the port'];
      const port = Number(portText);
      if (!/^\d+$/.test(portText) || port > 65535) throw new UsageError(`${portSource} must be a number from 0 to 65535, not ${JSON.stringify(portText)}`);
      const manifest = manifestOf(options.manifest, context);
      const missing = context.builtIn && manifest.plugins.find((entry) => !context.builtIn!.has(entry.name));
      if (missing) throw new UsageError(`plugin ${missing.name} is not part of this build; rebuild with it in the manifest`);
      // Everything the server writes (databases, logs, backups, server.json) is private to the user.
      if (process.platform !== 'win32') process.umask(0o077);
      context.exitCode = await serve({ dataDir: dataFolderToMake(options, context), port, manifest, builtIn: context.builtIn, appVersion: context.appVersion, launcher: launcherOf(context), out: context.out, err: context.err });
    });
}

export interface ServeOptions {
  dataDir: string;
  port: number;
  manifest: Manifest;
  builtIn?: Map<string, PluginSource>;
  appVersion: string;
  /** How a command line runs this `rootline` (CONTRACT §12: what a connected assistant starts). */
  launcher?: { command: string; args: string[] };
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * Who holds the data folder. An assistant's `rootline mcp` that found no server started one of its
 * own, which lasts as long as the assistant app runs: the way out is named, not just waited for.
 */
function lockedLine(error: DataDirLockedError): string {
  const holder = error.holder;
  if (holder?.command !== 'mcp') return error.message;
  return `rootline mcp (pid ${holder.pid}), started by an assistant app, runs a server for this data folder${holder.url ? ` at ${holder.url}` : ''}: `
    + 'quit the assistant app (or end that process), then start rootline serve; an assistant started after rootline serve uses the running server';
}

/**
 * `rootline serve`: boots the server on 127.0.0.1, prints exactly one line when ready,
 * writes `<data>/server.json` (0600), and on SIGINT/SIGTERM stops cleanly and removes it.
 * The data folder's lock (taken by createServer before any database opens) makes a second
 * server on the same folder exit 1 naming the first one's address and pid.
 */
async function serve(options: ServeOptions): Promise<number> {
  const isNew = isNewFolder(options.dataDir);
  let server;
  try {
    server = await createServer({ dataDir: options.dataDir, manifest: options.manifest, builtIn: options.builtIn, appVersion: options.appVersion, launcher: options.launcher });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      options.err(`rootline: ${lockedLine(error)}`);
      return 1;
    }
    options.err(`rootline: cannot start: ${error instanceof BootError ? error.message : (error as Error).message}`);
    if (isNew) removeFolderOfFailedStart(options.dataDir, 'serve');
    return 1;
  }
  let url: string;
  try {
    url = await server.listen(options.port);
  } catch (error) {
    const code = (error as { code?: string }).code;
    options.err(code === 'EADDRINUSE' ? `rootline: port ${options.port} is already in use; pass --port 0 for a free one` : `rootline: cannot listen: ${(error as Error).message}`);
    await server.close();
    if (isNew) removeFolderOfFailedStart(options.dataDir, 'serve');
    return 1;
  }
  const port = Number(new URL(url).port);
  const serverFile = server.layout.serverFile;
  const temporary = `${serverFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ url: `http://127.0.0.1:${port}`, port, pid: process.pid, started_at_ms: Date.now() }, null, 2), { mode: 0o600 });
  renameSync(temporary, serverFile);
  options.out(`Rootline listening on http://127.0.0.1:${port}`);

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      try {
        await server.close();
      } finally {
        rmSync(serverFile, { force: true });
        resolve(0);
      }
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
