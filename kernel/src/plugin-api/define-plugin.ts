import fp from 'fastify-plugin';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** Where a plugin's routes answer and its migrations run. */
export type PluginScope = 'tree' | 'global';

export interface PluginDefinition<Options extends TObject> {
  /** The package name, `@rootline/plugin-<feature>`. */
  name: string;
  /**
   * `tree`: routes on both mounts (`kernel.treeRoutes`), migrations in every tree database.
   * `global`: routes under `/v1` only (`kernel.globalRoutes`), migrations in the registry.
   */
  scope: PluginScope;
  /**
   * Other Rootline plugins this one uses (through their services). Each must be listed
   * earlier in the manifest and in this package's `peerDependencies` with a version range
   * its installed version satisfies; the kernel refuses to boot otherwise.
   */
  dependencies?: string[];
  /** The manifest `options` this plugin accepts (TypeBox; defaults apply; unknown keys refused). */
  options?: Options;
  /** Environment variables that override an option (documented overrides, e.g. `ROOTLINE_BLOB_MAX_BYTES`). */
  environment?: { [Key in keyof Static<Options>]?: string };
  register(app: FastifyInstance, options: Static<Options>): Promise<void> | void;
}

/** What the kernel reads from a plugin besides fastify-plugin's name and dependencies. */
export interface PluginDeclaration {
  scope: PluginScope;
  options: TObject;
  environment: Record<string, string>;
}

const PLUGIN_DECLARATION = Symbol.for('rootline.plugin-declaration');

export type RootlinePlugin = FastifyPluginAsync<Record<string, unknown>> & { [PLUGIN_DECLARATION]?: PluginDeclaration };

const NO_OPTIONS = Type.Object({}, { additionalProperties: false });

/**
 * A Rootline plugin: a fastify-plugin carrying its name, scope, dependencies and options
 * schema, so assembly can check all of them before any route exists.
 *
 *     export default definePlugin({ name: '@rootline/plugin-notes', scope: 'tree', register(app) { ... } });
 */
export function definePlugin<Options extends TObject = typeof NO_OPTIONS>(definition: PluginDefinition<Options>): RootlinePlugin {
  const plugin = fp(async (app: FastifyInstance, options: Record<string, unknown>) => {
    await definition.register(app, options as Static<Options>);
  }, { name: definition.name, fastify: '5.x', dependencies: ['@rootline/kernel', ...(definition.dependencies ?? [])] }) as RootlinePlugin;
  plugin[PLUGIN_DECLARATION] = {
    scope: definition.scope,
    options: definition.options ?? NO_OPTIONS,
    environment: (definition.environment ?? {}) as Record<string, string>,
  };
  return plugin;
}

export function declarationOf(plugin: unknown): PluginDeclaration | undefined {
  return (plugin as RootlinePlugin | undefined)?.[PLUGIN_DECLARATION];
}
