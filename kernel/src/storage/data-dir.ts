import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';

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
  /** The lock one process holds while it writes this folder (storage/data-lock.ts). */
  lockFile: string;
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
    lockFile: join(root, 'rootline.lock'),
  };
}

/**
 * Makes the data folder and its folders, private to the user (issue 17, point 2): on POSIX
 * every folder is 0700 and every file 0600, whatever they were (a folder made beforehand
 * with 0755, databases and logs of an older version). Only Rootline's own: a data folder that
 * also holds other things (a home folder given as `--data-dir`) has only Rootline's entries
 * made private, and keeps its own mode and everything else as it was. Files Rootline writes later are made
 * 0600 where they are created (databases, logs, tokens, blobs, server.json). Blob folders
 * (`trees/<id>/objects`) are made private themselves but not walked: there may be hundreds
 * of thousands of files, written 0600 by the blob store, and unreachable by other users
 * through their 0700 parents either way. On Windows the folder sits in the user's profile,
 * which other users cannot read; modes are not touched there.
 */
export function ensureDataDir(layout: DataDirLayout, platform = process.platform): void {
  for (const dir of [layout.root, layout.credentialsDir, layout.agentsDir, layout.treesDir, layout.logsDir]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (platform === 'win32') return;
  // Only what is Rootline's: a folder given that holds other things (`--data-dir ~`) keeps their modes, and its own.
  const names = readdirSync(layout.root);
  if (names.every((name) => OWN_NAMES.test(name))) makePrivate(layout.root, 0);
  else for (const name of names.filter((each) => OWN_NAMES.test(each))) makePrivate(join(layout.root, name), 1);
}

/** What Rootline keeps at the top of its data folder (with the files its databases and locks make beside them). */
const OWN_NAMES = /^(registry\.db(-wal|-shm|-journal)?|credentials|trees|logs|server\.json(\.\d+\.tmp)?|rootline\.lock(\.json)?(\.\d+\.tmp)?|\.DS_Store)$/;

/** chmod by path (never a descriptor: closing one would drop the data folder's lock, see data-lock.ts). */
function makePrivate(path: string, depth: number): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  const wanted = stat.isDirectory() ? 0o700 : 0o600;
  if ((stat.mode & 0o777) !== wanted) chmodSync(path, wanted);
  // trees/<id>/objects is at depth 3: made private, not walked.
  if (!stat.isDirectory() || (depth === 3 && basename(path) === 'objects')) return;
  for (const name of readdirSync(path)) makePrivate(join(path, name), depth + 1);
}
