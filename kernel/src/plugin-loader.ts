import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrationsDir } from './storage/migrations.js';
import type { PluginSource } from './plugin.js';

function packageRoot(entryFile: string): string {
  let dir = dirname(entryFile);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${entryFile}`);
    dir = parent;
  }
  return dir;
}

/**
 * Loads a plugin package by name in development: its default export, the version from
 * its package.json and the SQL files of its `migrations/` folder. (A bundle built by
 * tools/build embeds the same three things instead.)
 */
export async function loadPluginPackage(name: string): Promise<PluginSource> {
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve(name));
  } catch {
    throw new Error(`Unknown plugin ${name}: no installed package has that name`);
  }
  const root = packageRoot(entry);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; peerDependencies?: Record<string, string> };
  const module = (await import(name)) as { default?: PluginSource['plugin'] };
  if (typeof module.default !== 'function') throw new Error(`Plugin ${name} has no default export (a fastify-plugin)`);
  return { name: pkg.name, version: pkg.version, plugin: module.default, migrations: readMigrationsDir(join(root, 'migrations')), peerDependencies: pkg.peerDependencies ?? {} };
}
