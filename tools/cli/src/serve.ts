import { writeFileSync, rmSync, renameSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, BootError, type Manifest, type PluginSource } from '@rootline/kernel/host';

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
 * `rootline serve`: boots the server on 127.0.0.1, prints exactly one line when ready,
 * writes `<data>/server.json` (0600), and on SIGINT/SIGTERM stops cleanly and removes it.
 */
export async function serve(options: ServeOptions): Promise<number> {
  const running = runningServer(join(options.dataDir, 'server.json'));
  if (running) {
    options.err(`rootline: already running for this data folder at ${running} (stop it first, or pass another --data-dir)`);
    return 1;
  }
  let server;
  try {
    server = await createServer({ dataDir: options.dataDir, manifest: options.manifest, builtIn: options.builtIn, appVersion: options.appVersion, launcher: options.launcher });
  } catch (error) {
    options.err(`rootline: cannot start: ${error instanceof BootError ? error.message : (error as Error).message}`);
    return 1;
  }
  let url: string;
  try {
    url = await server.listen(options.port);
  } catch (error) {
    const code = (error as { code?: string }).code;
    options.err(code === 'EADDRINUSE' ? `rootline: port ${options.port} is already in use; pass --port 0 for a free one` : `rootline: cannot listen: ${(error as Error).message}`);
    await server.close();
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

/** The URL of a live server on this data folder, from its server.json, if its process is alive. */
function runningServer(serverFile: string): string | null {
  let info: { url?: string; pid?: number };
  try {
    info = JSON.parse(readFileSync(serverFile, 'utf8'));
  } catch {
    return null;
  }
  if (!info.pid || info.pid === process.pid) return null;
  try {
    process.kill(info.pid, 0);
    return info.url ?? 'an unknown address';
  } catch {
    return null; // a stale file left by a crash
  }
}
