import { openDatabase } from './sqlite.js';
import { applyMigrations } from './migrations.js';
import { registryMigrations } from './kernel-schema.js';
import { Registry } from './registry.js';
import { dataDirLayout, ensureDataDir, type DataDirLayout } from './data-dir.js';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './data-lock.js';
import { idSource, systemClock } from '../ids.js';
import { ensureHumanToken } from '../auth/tokens.js';

/**
 * Opens the registry of a data directory without a server (for the CLI: `token`, `agent`).
 * With no server running, the command holds the data folder's lock while it works (a
 * server starting meanwhile waits for it, an offline tool too). With a server running, it
 * writes beside it: credentials are rows SQLite commits safely from two processes, and the
 * server sees another process's credential changes (storage.test.ts).
 */
export function openRegistry(dataDir: string, command = 'agent'): { registry: Registry; layout: DataDirLayout; humanToken: string; close(): void } {
  let lock: DataDirLock | null = null;
  try {
    lock = lockDataDir(dataDir, { role: 'tool', command });
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || error.holder?.role === 'tool') throw error;
  }
  try {
    const layout = dataDirLayout(dataDir);
    ensureDataDir(layout);
    const db = openDatabase(layout.registryFile);
    try {
      applyMigrations(db, '@rootline/kernel', registryMigrations, 'the registry');
      const registry = new Registry(db, systemClock, idSource(systemClock));
      const humanToken = ensureHumanToken(layout, registry);
      return {
        registry, layout, humanToken,
        close: () => {
          db.close();
          lock?.release();
        },
      };
    } catch (error) {
      db.close();
      throw error;
    }
  } catch (error) {
    lock?.release();
    throw error;
  }
}
