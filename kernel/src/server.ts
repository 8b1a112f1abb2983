import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fastifyAwilixPlugin, type Cradle } from '@fastify/awilix';
import { asValue, createContainer, InjectionMode } from 'awilix';
import type { Logger } from 'pino';
import { dataDirLayout, ensureDataDir, type DataDirLayout } from './storage/data-dir.js';
import { openDatabase } from './storage/sqlite.js';
import { DataDirLockedError, lockDataDir, waitForHolderUrl, type DataDirLock, type LockOptions } from './storage/data-lock.js';
import { applyMigrations, MigrationChecksumError } from './storage/migrations.js';
import { registryMigrations } from './storage/kernel-schema.js';
import { Registry } from './storage/registry.js';
import type { CredentialDirectory } from './plugin-api/services.js';
import { TreeStore } from './storage/tree-store.js';
import { ChangeBus } from './stream/change-bus.js';
import { RecordObservers } from './stream/record-observers.js';
import { ChangeStreams } from './stream/change-stream.js';
import { Paging } from './http/paging.js';
import { idSource, systemClock, type Clock } from './ids.js';
import { createLogger, logWritten } from './logger.js';
import { ensureHumanToken } from './auth/tokens.js';
import { authHook } from './auth/auth-hook.js';
import { guardHook } from './http/guard.js';
import { checkIdempotencyKey } from './http/idempotency.js';
import { frameworkErrorHandler, installProblemHandlers } from './http/problem-handler.js';
import { canonicalPathIds, clientErrorHandler, installJsonParser } from './http/edges.js';
import { installRequestLog } from './http/request-log.js';
import { installRouteConventions } from './http/route-conventions.js';
import { installValidators } from './http/validation.js';
import { installOpenApi } from './http/openapi.js';
import { drainingClose } from './http/draining-close.js';
import { Kernel } from './kernel.js';
import { RouteTable } from './route-table.js';
import { treesRoutes } from './routes/trees.js';
import { capabilitiesRoutes } from './routes/capabilities.js';
import { declaredDependencies, declaredName, type Manifest, type PluginSource } from './plugin.js';
import { declarationOf } from './plugin-api/define-plugin.js';
import { resolvePluginOptions } from './plugin-api/plugin-options.js';
import { checkPeerVersions } from './plugin-api/peer-versions.js';
import kernelPackage from '../package.json' with { type: 'json' };
import { loadPluginPackage } from './plugin-loader.js';

export const FIRST_TREE_NAME = 'My tree';
const KERNEL_VERSION = kernelPackage.version;

export interface ServerOptions {
  dataDir: string;
  manifest: Manifest;
  /** Plugins built into a bundle, by name; others are loaded from installed packages. */
  builtIn?: Map<string, PluginSource>;
  appVersion?: string;
  clock?: Clock;
  heartbeatMs?: number;
  logger?: Logger;
  env?: NodeJS.ProcessEnv;
  /** How a command line runs this `rootline` (what a connected assistant is told to start); default `rootline` on the PATH. */
  launcher?: { command: string; args: string[] };
  /**
   * The data folder's lock (storage/data-lock.ts), taken before any database opens and
   * held until `close()`: what holds it (`serve` by default, or the command a server is
   * started for). Another process holding it fails the start with `DataDirLockedError`.
   */
  lock?: Pick<LockOptions, 'command' | 'waitForToolMs'>;
}

export interface RootlineServer {
  app: FastifyInstance;
  kernel: Kernel;
  layout: DataDirLayout;
  streams: ChangeStreams;
  /** Listens on 127.0.0.1 only; returns the URL. */
  listen(port: number): Promise<string>;
  close(): Promise<void>;
}

/** A boot failure with a one-line message a person can act on. */
export class BootError extends Error {
  override name = 'BootError';
}

function bootMessage(error: unknown, plugin?: string): string {
  const err = error as { code?: string; message?: string };
  if (err.code === 'FST_ERR_DUPLICATED_ROUTE') return `${plugin ?? 'A plugin'} declares a route another plugin already has: ${err.message?.replace(/^Method '([A-Z]+)' already declared for route '([^']+)'.*/, '$1 $2')}`;
  if (err.code === 'FST_ERR_PLUGIN_NOT_PRESENT_IN_INSTANCE' || /dependency/i.test(err.message ?? '')) return err.message ?? String(error);
  return (err.message ?? String(error)).split('\n')[0];
}

/**
 * Assembles a Rootline server from a manifest: kernel first, then each plugin in order.
 * The data folder's lock is taken first and held until `close()`; a failed start lets it go.
 */
export async function createServer(options: ServerOptions): Promise<RootlineServer> {
  let lock: DataDirLock;
  try {
    lock = lockDataDir(options.dataDir, { role: 'server', command: options.lock?.command ?? 'serve', waitForToolMs: options.lock?.waitForToolMs });
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new DataDirLockedError(await waitForHolderUrl(options.dataDir, error.holder));
    throw error;
  }
  try {
    return await assemble(options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function assemble(options: ServerOptions, lock: DataDirLock): Promise<RootlineServer> {
  const env = options.env ?? process.env;
  const layout = dataDirLayout(options.dataDir);
  ensureDataDir(layout);
  const logger = options.logger ?? createLogger(layout.logsDir, env.ROOTLINE_LOG_LEVEL);
  const clock = options.clock ?? systemClock;
  const ids = idSource(clock);

  const registryDb = openDatabase(layout.registryFile);
  try {
    applyMigrations(registryDb, '@rootline/kernel', registryMigrations, 'the registry', clock.now());
  } catch (error) {
    registryDb.close();
    throw new BootError(bootMessage(error));
  }
  const registry = new Registry(registryDb, clock, ids);
  ensureHumanToken(layout, registry);
  let secret = registry.getSetting('cursor_secret');
  if (!secret) {
    secret = randomBytes(32).toString('hex');
    registry.setSetting('cursor_secret', secret);
  }
  const bus = new ChangeBus();
  const observers = new RecordObservers();
  const trees = new TreeStore(layout.treesDir, registry, bus, clock, ids, observers);
  const paging = new Paging(Buffer.from(secret, 'hex'));

  const app = Fastify({
    // Fastify's own logger costs ~30 µs a request even with request logs off, so the kernel
    // logs itself (app.kernel.logger): errors always, requests when ROOTLINE_LOG_REQUESTS=1.
    logger: false,
    exposeHeadRoutes: false,
    bodyLimit: 4 * 1024 * 1024,
    // What Node's parser and Fastify's router refuse answers with a Problem too (http/edges.ts);
    // a missing Host is refused by the guard, not by Node's bare 400.
    http: { requireHostHeader: false },
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }) as unknown as FastifyInstance;
  installProblemHandlers(app, logger);
  installJsonParser(app);
  if (env.ROOTLINE_LOG_REQUESTS === '1') installRequestLog(app, logger);
  installValidators(app);
  installRouteConventions(app);
  const routes = new RouteTable().install(app);
  const closeHttp = drainingClose(app);

  // The singletons every plugin may use (typed on @fastify/awilix's Cradle, plugin-api/services.ts).
  const container = createContainer<Cradle>({ injectionMode: InjectionMode.PROXY, strict: true });
  const credentials: CredentialDirectory = { isActiveAgent: (credentialId) => registry.isActiveAgent(credentialId) };
  container.register({ clock: asValue(clock), ids: asValue(ids), paging: asValue(paging), logger: asValue(logger), credentials: asValue(credentials) });
  await app.register(fastifyAwilixPlugin, { container, disposeOnClose: true, disposeOnResponse: false, asyncInit: false, eagerInject: false });

  // One hook, in order: Host/Origin guard, ids in canonical form, bearer auth, idempotency-key shape.
  const guard = guardHook(app);
  const authenticate = authHook(registry);
  app.addHook('onRequest', (request, _reply, done) => {
    // A callback hook, not an async one: this runs on every request.
    try {
      guard(request);
      canonicalPathIds(request);
      authenticate(request);
      if (request.actor) request.diScope.register('actor', asValue(request.actor));
      checkIdempotencyKey(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });

  const appVersion = options.appVersion ?? '0.1.0';
  await installOpenApi(app, { appVersion });
  const kernel = new Kernel({
    app, container, registry, trees, bus, observers, paging, clock, ids, layout, logger, routes,
    settings: { appVersion, heartbeatMs: options.heartbeatMs ?? 15_000, env, launcher: options.launcher ?? { command: 'rootline', args: [] } },
  });
  await app.register(fp(async (instance) => {
    instance.decorate('kernel', kernel);
  }, { name: '@rootline/kernel', fastify: '5.x' }));
  const streams = new ChangeStreams(kernel);
  kernel.globalRoutes(treesRoutes(kernel));
  kernel.globalRoutes(capabilitiesRoutes(kernel));
  kernel.treeRoutes(streams.routes);

  const sources: PluginSource[] = [];
  try {
    for (const entry of options.manifest.plugins) sources.push(options.builtIn?.get(entry.name) ?? (await loadPluginPackage(entry.name)));
  } catch (error) {
    throw new BootError(bootMessage(error));
  }
  const declared = sources.map((source) => {
    const declaration = declarationOf(source.plugin);
    if (!declaration) throw new BootError(`Plugin ${source.name} does not declare itself: its default export must be definePlugin({ name, scope, ... }) from @rootline/kernel`);
    // Other plugins name it in their `dependencies` and its migrations are kept under its
    // name: a definePlugin name that is not the package's would break both, so it stops boot.
    const name = declaredName(source.plugin);
    if (name !== source.name) throw new BootError(`Plugin ${source.name} declares itself as ${JSON.stringify(name ?? '')}: definePlugin's name must be its package name`);
    return declaration;
  });
  const versionProblems = checkPeerVersions(KERNEL_VERSION, sources.map((source) => ({
    name: source.name,
    version: source.version,
    peerDependencies: source.peerDependencies ?? {},
    dependencies: declaredDependencies(source.plugin),
  })));
  if (versionProblems.length) throw new BootError(versionProblems[0]);
  for (const [index, source] of sources.entries()) {
    const declaration = declared[index];
    let pluginOptions: Record<string, unknown>;
    try {
      pluginOptions = resolvePluginOptions(source.name, declaration, options.manifest.plugins[index].options ?? {}, env);
    } catch (error) {
      throw new BootError(bootMessage(error));
    }
    const loaded = { name: source.name, version: source.version, scope: declaration.scope };
    kernel.beginPlugin(loaded);
    try {
      await app.register(source.plugin, pluginOptions);
    } catch (error) {
      throw new BootError(bootMessage(error, source.name));
    } finally {
      kernel.endPlugin();
    }
    if (loaded.scope === 'tree') trees.addMigrations({ plugin: source.name, migrations: source.migrations });
    else {
      try {
        applyMigrations(registryDb, source.name, source.migrations, 'the registry', clock.now());
      } catch (error) {
        throw new BootError(bootMessage(error));
      }
    }
  }

  app.addHook('onClose', async () => {
    streams.closeAll();
    // Singletons first (their disposers may still write: a job's cleanup), then the databases.
    // @fastify/awilix disposes the container in its own onClose hook too, but Fastify runs
    // onClose hooks last-added first, so that one would come after the trees are closed;
    // disposing twice is harmless (the second finds nothing cached).
    await container.dispose();
    await trees.closeAll();
    registryDb.close();
  });
  try {
    await app.ready();
    trees.removeUnfinished();
    if (registry.countTrees() === 0) {
      const { row } = trees.create(FIRST_TREE_NAME);
      registry.setActiveTree(row.tree_id);
    }
    trees.openAll();
  } catch (error) {
    if (error instanceof MigrationChecksumError) throw new BootError(error.message);
    throw new BootError(bootMessage(error));
  }

  return {
    app,
    kernel,
    layout,
    streams,
    async listen(port: number) {
      const url = await app.listen({ host: '127.0.0.1', port });
      lock.setUrl(url.replace('localhost', '127.0.0.1'));
      logger.info({ url }, 'listening');
      return url;
    },
    async close() {
      streams.closeAll();
      try {
        await closeHttp();
      } finally {
        // The log is written asynchronously and nothing writes it at exit: its last lines go now (at most 2 s).
        await logWritten(logger);
        lock.release();
      }
    },
  };
}
