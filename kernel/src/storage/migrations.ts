import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './sqlite.js';

/** One numbered SQL file of a plugin: `migrations/NNN_<what>.sql`. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export class MigrationChecksumError extends Error {
  override name = 'MigrationChecksumError';
}

const FILE_PATTERN = /^(\d{3,})_([a-z0-9_-]+)\.sql$/;

export function readMigrationsDir(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => FILE_PATTERN.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = FILE_PATTERN.exec(file)!;
      return { version: Number(version), name, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

const checksum = (sql: string) => createHash('sha256').update(sql.replace(/\r\n/g, '\n')).digest('hex');

const LEDGER = `CREATE TABLE IF NOT EXISTS schema_migrations (
  plugin TEXT NOT NULL,
  version INTEGER NOT NULL,
  name TEXT NOT NULL,
  checksum TEXT NOT NULL,
  applied_at_ms INTEGER NOT NULL,
  PRIMARY KEY (plugin, version)
)`;

/**
 * Applies a plugin's migrations that this database has not seen, each in its own
 * transaction, and refuses to go on when an applied migration's file has changed,
 * so an edited migration cannot slip by.
 */
export function applyMigrations(db: Db, plugin: string, migrations: Migration[], where: string, now = Date.now()): number {
  db.exec(LEDGER);
  const applied = new Map<number, string>(
    (db.prepare('SELECT version, checksum FROM schema_migrations WHERE plugin = ?').all(plugin) as { version: number; checksum: string }[])
      .map((row) => [row.version, row.checksum]),
  );
  let count = 0;
  for (const migration of migrations) {
    const sum = checksum(migration.sql);
    const known = applied.get(migration.version);
    if (known !== undefined) {
      if (known !== sum) {
        throw new MigrationChecksumError(
          `Migration ${String(migration.version).padStart(3, '0')}_${migration.name} of ${plugin} was changed after it was applied to ${where}; restore the original file and add a new migration instead`,
        );
      }
      continue;
    }
    db.transaction(() => {
      db.exec(migration.sql);
      db.prepare('INSERT INTO schema_migrations (plugin, version, name, checksum, applied_at_ms) VALUES (?, ?, ?, ?, ?)')
        .run(plugin, migration.version, migration.name, sum, now);
    })();
    count++;
  }
  return count;
}
