/**
 * How a command that needs the server reaches it: the server running on this data folder
 * (its URL from `<data>/server.json`, the human token from `<data>/credentials/human.token`),
 * or, when none runs, one started in this process on a free loopback port for as long as
 * the command lasts (no server.json: it is nobody else's to find).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, DataDirLockedError, type Manifest, type PluginSource } from '@rootline/kernel/host';
import { manifestOf, type CommandContext } from './command.js';
import { dataFolderToMake, existingDataFolder } from './data-folder.js';
import { isNewFolder, removeFolderOfFailedStart } from './failed-start.js';
import { Interrupt, INTERRUPTED_EXIT } from './interrupt.js';
import { runningUrl } from './running-server.js';

export interface SessionOptions {
  dataDir: string;
  manifest: Manifest;
  builtIn?: Map<string, PluginSource>;
  appVersion: string;
  /** The command the session is for (named to another process that finds the data folder locked). */
  command?: string;
}

export interface Session {
  url: string;
  /** Whether the server was started for this command (and stops with it). */
  inProcess: boolean;
  request(method: string, path: string, init?: { json?: unknown; body?: Uint8Array; query?: Record<string, string | boolean | undefined>; signal?: AbortSignal }): Promise<Response>;
  close(): Promise<void>;
}

async function openSession(options: SessionOptions): Promise<Session> {
  const running = runningUrl(options.dataDir);
  if (running) return session(running, readFileSync(join(options.dataDir, 'credentials', 'human.token'), 'utf8').trim(), false, async () => undefined);
  const isNew = isNewFolder(options.dataDir);
  let server;
  try {
    server = await createServer({ dataDir: options.dataDir, manifest: options.manifest, builtIn: options.builtIn, appVersion: options.appVersion, lock: { command: options.command ?? 'import' } });
  } catch (error) {
    // A server started between the look at server.json and this start: use it.
    const holder = error instanceof DataDirLockedError ? error.holder : null;
    if (holder?.role === 'server' && holder.url) return session(holder.url, readFileSync(join(options.dataDir, 'credentials', 'human.token'), 'utf8').trim(), false, async () => undefined);
    if (isNew && !(error instanceof DataDirLockedError)) removeFolderOfFailedStart(options.dataDir, options.command ?? 'import');
    throw error;
  }
  const url = await server.listen(0);
  const token = readFileSync(server.layout.humanTokenFile, 'utf8').trim();
  return session(url.replace('localhost', '127.0.0.1'), token, true, () => server.close());
}

function session(url: string, token: string, inProcess: boolean, close: () => Promise<void>): Session {
  return {
    url,
    inProcess,
    close,
    request(method, path, init = {}) {
      const query = Object.entries(init.query ?? {}).filter(([, value]) => value !== undefined && value !== false);
      const search = query.length ? `?${new URLSearchParams(query.map(([key, value]): [string, string] => [key, String(value)]))}` : '';
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      let body: string | Uint8Array | undefined = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['content-type'] = 'application/json';
      } else if (body !== undefined) headers['content-type'] = 'application/octet-stream';
      return fetch(`${url}${path}${search}`, { method, headers, body, signal: init.signal });
    },
  };
}

/** The one-line reason of a Problem reply (its detail, else its title), for an error message. */
export async function problemOf(reply: Response): Promise<{ code?: string; detail: string; import_key?: string }> {
  const text = await reply.text();
  try {
    const problem = JSON.parse(text) as { code?: string; detail?: string; title?: string; import_key?: string };
    return { code: problem.code, detail: problem.detail ?? problem.title ?? `HTTP ${reply.status}`, import_key: problem.import_key };
  } catch {
    return { detail: `HTTP ${reply.status}` };
  }
}

/** The command a session is for. */
export interface SessionCommand {
  /** Its name, in messages and to another process that finds the data folder locked. */
  name: string;
  /** Whether it may make the data folder (import); otherwise the folder must hold Rootline's data. */
  makesDataFolder?: boolean;
  /** Whether Ctrl-C cancels its job (import, export) rather than ending the process at once. */
  interruptible?: boolean;
}

/** A failure's line, and with ROOTLINE_DEBUG=1 its stack, for a bug report. */
function report(context: CommandContext, line: string, error: unknown): void {
  context.err(line);
  if (context.env.ROOTLINE_DEBUG === '1' && (error as Error).stack) context.err((error as Error).stack!);
}

/**
 * Runs a command that needs the server (import, export, trees) against a session: the running
 * server, or one started for the command. Sets the context's exit code (1 with a one-line reason
 * on failure, 130 when Ctrl-C stopped it).
 */
export async function withSession(
  context: CommandContext,
  options: { dataDir?: string; manifest?: string },
  command: SessionCommand,
  body: (session: Session, progress: ((text: string) => void) | null, interrupt: Interrupt | null) => Promise<number>,
): Promise<void> {
  const dataDir = command.makesDataFolder ? dataFolderToMake(options, context) : existingDataFolder(options, context);
  const manifest = manifestOf(options.manifest, context);
  const interrupt = command.interruptible ? new Interrupt() : null;
  try {
    let session;
    try {
      session = await openSession({ dataDir, manifest, builtIn: context.builtIn, appVersion: context.appVersion, command: command.name });
    } catch (error) {
      report(context, `rootline: cannot reach or start the server: ${(error as Error).message}`, error);
      context.exitCode = 1;
      return;
    }
    const progress = context.progress !== undefined ? context.progress : process.stderr.isTTY ? (text: string) => void process.stderr.write(text) : null;
    try {
      if (interrupt?.requested) {
        context.err(`rootline: the ${command.name} was stopped (Ctrl-C) before it began; nothing was done`);
        context.exitCode = INTERRUPTED_EXIT;
        return;
      }
      context.exitCode = await body(session, progress, interrupt);
    } catch (error) {
      report(context, `rootline: ${command.name} failed: ${(error as Error).message}`, error);
      context.exitCode = 1;
    } finally {
      await session.close();
    }
  } finally {
    interrupt?.dispose();
  }
}
