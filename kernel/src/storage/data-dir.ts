import { homedir } from 'node:os';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';

/** CONTRACT §1: --data-dir, else $ROOTLINE_HOME, else the OS default. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  if (env.ROOTLINE_HOME) return env.ROOTLINE_HOME;
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Rootline');
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'Rootline');
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'rootline');
}

export interface DataDirLayout {
  root: string;
  registryFile: string;
  credentialsDir: string;
  humanTokenFile: string;
  agentsDir: string;
  treesDir: string;
  logsDir: string;
  serverFile: string;
}

export function dataDirLayout(root: string): DataDirLayout {
  return {
    root,
    registryFile: join(root, 'registry.db'),
    credentialsDir: join(root, 'credentials'),
    humanTokenFile: join(root, 'credentials', 'human.token'),
    agentsDir: join(root, 'credentials', 'agents'),
    treesDir: join(root, 'trees'),
    logsDir: join(root, 'logs'),
    serverFile: join(root, 'server.json'),
  };
}

export function ensureDataDir(layout: DataDirLayout): void {
  mkdirSync(layout.root, { recursive: true, mode: 0o700 });
  mkdirSync(layout.credentialsDir, { recursive: true, mode: 0o700 });
  mkdirSync(layout.agentsDir, { recursive: true, mode: 0o700 });
  mkdirSync(layout.treesDir, { recursive: true });
  mkdirSync(layout.logsDir, { recursive: true });
}
