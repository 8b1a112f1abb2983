import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';

export type Db = Database.Database;
export type Statement = Database.Statement;

/**
 * Opens a SQLite file the way every Rootline database is opened: WAL, foreign keys, a busy
 * timeout, and `synchronous = FULL`: a commit is on disk before the caller is answered, so
 * even a power cut loses nothing acknowledged (it costs about a quarter of capture speed).
 */
export function openDatabase(file: string): Db {
  createPrivateFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * Makes an empty file with mode 0600 if there is none, so SQLite, which would create it
 * 0644 less the umask, opens a private one (its -wal and -shm files copy the mode). An
 * existing file is never opened here: closing a descriptor of a database this process
 * has open would drop SQLite's POSIX locks on it.
 */
export function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** Prepared statements created once per database and reused. */
export class StatementCache {
  private readonly cache = new Map<string, Statement>();
  constructor(private readonly db: Db) {}
  prepare(sql: string): Statement {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement;
  }
}
