import { openDatabase } from './sqlite.js';
import { applyMigrations } from './migrations.js';
import { registryMigrations } from './kernel-schema.js';
import { Registry } from './registry.js';
import { dataDirLayout, ensureDataDir, type DataDirLayout } from './data-dir.js';
import { idSource, systemClock } from '../ids.js';
import { ensureHumanToken } from '../auth/tokens.js';

/** Opens the registry of a data directory without a server (for the CLI). */
export function openRegistry(dataDir: string): { registry: Registry; layout: DataDirLayout; humanToken: string; close(): void } {
  const layout = dataDirLayout(dataDir);
  ensureDataDir(layout);
  const db = openDatabase(layout.registryFile);
  applyMigrations(db, '@rootline/kernel', registryMigrations, 'the registry');
  const registry = new Registry(db, systemClock, idSource(systemClock));
  const humanToken = ensureHumanToken(layout, registry);
  return { registry, layout, humanToken, close: () => db.close() };
}
