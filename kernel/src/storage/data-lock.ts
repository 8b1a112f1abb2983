import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createPrivateFile } from './sqlite.js';

/**
 * One process writes a data folder at a time (issue 17, point 1).
 *
 * The lock is an OS-level lock on `<data>/rootline.lock`, taken through SQLite: the file is
 * an empty SQLite database opened with `locking_mode = EXCLUSIVE` and written once, so SQLite
 * takes, and keeps until the connection closes, an exclusive `fcntl()` lock (POSIX) or
 * `LockFileEx()` lock (Windows) on it. The operating system drops such a lock when the
 * process ends in any way (exit, crash, SIGKILL), so a crash never leaves a stale lock, and
 * two processes that start at the same instant cannot both get it (the kernel decides).
 * Node has no `flock()`; better-sqlite3 is already the storage engine, so this costs no new
 * native module (`fs-ext` would need a compiler and an install script) and, unlike
 * `proper-lockfile` (a folder plus an mtime refreshed on a timer, "stale" after a delay), it
 * needs no guess about when a holder is dead.
 *
 * POSIX caveat: closing any descriptor of the lock file in the holding process drops its
 * lock. Nothing in Rootline opens `rootline.lock` except this module; the start-up mode
 * repair uses `chmod` (no descriptor).
 *
 * Who holds it is written beside it, in `<data>/rootline.lock.json` (`{ pid, role, command,
 * url?, started_at_ms }`), once the lock is taken, so the loser can name the holder.
 */

export const LOCK_FILE = 'rootline.lock';
export const HOLDER_FILE = 'rootline.lock.json';

export interface LockHolder {
  pid: number;
  /** `server`: `rootline serve` or a server started for one command; `tool`: an offline command. */
  role: 'server' | 'tool';
  command: string;
  /** The server's address, once it listens. */
  url?: string;
  started_at_ms: number;
}

export interface LockOptions {
  role: LockHolder['role'];
  /** What holds it, for the loser's message (`serve`, `agent create`, ...). */
  command: string;
  /** How long to wait for an offline tool to finish (a server holding it fails at once). Default 5 s. */
  waitForToolMs?: number;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(readonly holder: LockHolder | null) {
    super(lockedMessage(holder));
  }
}

/** One line naming who holds the data folder. */
export function lockedMessage(holder: LockHolder | null): string {
  if (!holder) return 'another Rootline process is using this data folder (stop it first, or pass another --data-dir)';
  const where = holder.url ? `at ${holder.url}` : 'and is still starting';
  if (holder.role === 'server' && holder.command === 'serve') return `a Rootline server (pid ${holder.pid}) is already running for this data folder ${where} (stop it first, or pass another --data-dir)`;
  if (holder.role === 'server') return `rootline ${holder.command} (pid ${holder.pid}) runs a server for this data folder ${where} (wait for it to finish, or pass another --data-dir)`;
  return `rootline ${holder.command} (pid ${holder.pid}) is using this data folder (wait for it to finish, or pass another --data-dir)`;
}

export interface DataDirLock {
  readonly holder: LockHolder;
  /** Records the server's address for a later loser's message. */
  setUrl(url: string): void;
  /** Lets the folder go (also what the OS does when the process ends). */
  release(): void;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder written beside the lock, if it names a live process other than this one. */
export function readHolder(root: string): LockHolder | null {
  let holder: LockHolder;
  try {
    holder = JSON.parse(readFileSync(join(root, HOLDER_FILE), 'utf8')) as LockHolder;
  } catch {
    return null;
  }
  if (!Number.isInteger(holder?.pid) || holder.pid === process.pid || !isAlive(holder.pid)) return null;
  return holder;
}

/** `rootline.lock.json.<pid>.tmp`: the holder's file while it is written. */
const TEMPORARY = /^rootline\.lock\.json\.\d+\.tmp$/;

/** Written beside, then renamed into place; a write that fails (a full disk) leaves no temporary file. */
function writeHolder(root: string, holder: LockHolder): void {
  const file = join(root, HOLDER_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify(holder), { mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Removes the temporary files of holders that are gone (a start refused before this version
 * removed its own): only the lock's holder writes one, and that is now this process.
 */
function removeStaleTemporaries(root: string): void {
  for (const name of readdirSync(root)) if (TEMPORARY.test(name)) rmSync(join(root, name), { force: true });
}

/** Takes the lock with one attempt; the open connection is the lock, or null when another process has it. */
function attempt(file: string): Database.Database | null {
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw error;
  }
}

/**
 * Takes the data folder's lock or throws `DataDirLockedError` naming the holder. The folder
 * must exist. A server holding it fails the call at once; an offline tool is waited for
 * (`waitForToolMs`), since its commands last a moment.
 */
export function lockDataDir(root: string, options: LockOptions): DataDirLock {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const file = join(root, LOCK_FILE);
  createPrivateFile(file);
  const waitUntil = Date.now() + (options.waitForToolMs ?? 5000);
  let db = attempt(file);
  let holder: LockHolder | null = null;
  while (!db) {
    // The winner writes its name just after taking the lock: give it a moment to appear. No
    // name may also mean the holder has just let go (its file is removed on release): try again.
    holder = readHolder(root);
    for (let tries = 0; !holder && !db && tries < 40; tries++) {
      sleepSync(25);
      db = attempt(file);
      if (!db) holder = readHolder(root);
    }
    if (db) break;
    if (holder?.role !== 'tool' || Date.now() >= waitUntil) throw new DataDirLockedError(holder);
    sleepSync(50);
    db = attempt(file);
  }
  const lock = db;
  const mine: LockHolder = { pid: process.pid, role: options.role, command: options.command, started_at_ms: Date.now() };
  try {
    removeStaleTemporaries(root);
    writeHolder(root, mine);
  } catch (error) {
    // The holder cannot be named (a full disk): the folder is let go, not held by a start that failed.
    lock.close();
    throw error;
  }
  let released = false;
  return {
    holder: mine,
    setUrl(url: string) {
      mine.url = url;
      writeHolder(root, mine);
    },
    release() {
      if (released) return;
      released = true;
      // The holder file goes first, while the lock is still ours: the next holder's file is never removed.
      rmSync(join(root, HOLDER_FILE), { force: true });
      lock.close();
    },
  };
}

/**
 * A loser that lost to a server still starting waits for its address (a boot with many
 * migrations takes seconds), so its message can name where the server answers.
 */
export async function waitForHolderUrl(root: string, holder: LockHolder | null, waitMs = 10_000): Promise<LockHolder | null> {
  if (!holder || holder.role !== 'server' || holder.url) return holder;
  const until = Date.now() + waitMs;
  let latest: LockHolder | null = holder;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    latest = readHolder(root);
    if (!latest || latest.pid !== holder.pid) return latest ?? holder;
    if (latest.url) return latest;
  }
  return latest;
}
