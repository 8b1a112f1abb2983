import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The URL of a live server on this data folder, if its server.json names a process that is alive. */
export function runningUrl(dataDir: string): string | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dataDir, 'server.json'), 'utf8')) as { url?: string; pid?: number };
    if (!info.url || !info.pid) return undefined;
    process.kill(info.pid, 0);
    return info.url;
  } catch {
    return undefined; // no file, or a stale one left by a crash
  }
}
