import type { FastifyPluginAsync } from 'fastify';
import type { Migration } from './storage/migrations.js';

/**
 * A plugin as the kernel assembles it: the Fastify plugin a package exports by default,
 * with the package's name, version and migrations. In development these come from the
 * package folder; a built bundle embeds them.
 */
export interface PluginSource {
  name: string;
  version: string;
  plugin: FastifyPluginAsync<Record<string, unknown>>;
  migrations: Migration[];
  /** The package's `peerDependencies` (the kernel and the plugins it uses, with version ranges). */
  peerDependencies?: Record<string, string>;
}

export interface LoadedPlugin {
  name: string;
  version: string;
  scope: 'tree' | 'global';
}

/** `{ name, options }` entries, in order (rootline.manifest.json). */
export interface ManifestEntry {
  name: string;
  options?: Record<string, unknown>;
}

export interface Manifest {
  plugins: ManifestEntry[];
}

const metaOf = (plugin: unknown) => (plugin as Record<symbol, { name?: string; dependencies?: string[] } | undefined>)[Symbol.for('plugin-meta')];

/** The dependencies a fastify-plugin declared (other than the kernel). */
export function declaredDependencies(plugin: unknown): string[] {
  return (metaOf(plugin)?.dependencies ?? []).filter((name) => name !== '@rootline/kernel');
}

/** The name a fastify-plugin declared: what other plugins name in their `dependencies`. */
export function declaredName(plugin: unknown): string | undefined {
  return metaOf(plugin)?.name;
}
