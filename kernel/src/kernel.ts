import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { asValue, type AwilixContainer, type Resolver } from 'awilix';
import type { Registry } from './storage/registry.js';
import type { TreeStore } from './storage/tree-store.js';
import type { Tree } from './storage/tree.js';
import type { ChangeBus } from './stream/change-bus.js';
import type { Paging } from './http/paging.js';
import type { Clock, IdSource } from './ids.js';
import type { DataDirLayout } from './storage/data-dir.js';
import type { LoadedPlugin } from './plugin.js';
import type { Actor } from './auth/actor.js';
import { addTreeIdParam } from './http/route-conventions.js';
import { Problems } from './errors.js';

export interface KernelSettings {
  appVersion: string;
  /** Seconds between `: keep-alive` comments on the change stream. */
  heartbeatMs: number;
  env: NodeJS.ProcessEnv;
}

/**
 * What the kernel offers plugins, as `app.kernel`. A plugin registers its routes with
 * `treeRoutes` (both mounts) or `globalRoutes` (`/v1` only) and its services with `services`.
 */
export class Kernel {
  readonly plugins: LoadedPlugin[] = [];
  private readonly ingestFormats = new Set<string>();
  private current: LoadedPlugin | null = null;

  constructor(
    private readonly app: FastifyInstance,
    readonly container: AwilixContainer,
    readonly registry: Registry,
    readonly trees: TreeStore,
    readonly bus: ChangeBus,
    readonly paging: Paging,
    readonly clock: Clock,
    readonly ids: IdSource,
    readonly layout: DataDirLayout,
    /** pino, writing to `<data>/logs/rootline.log`; never log tokens or request bodies. */
    readonly logger: Logger,
    readonly settings: KernelSettings,
  ) {}

  /** Called by assembly around each plugin's registration. */
  beginPlugin(plugin: LoadedPlugin): void {
    this.current = plugin;
    this.plugins.push(plugin);
  }
  endPlugin(): void {
    this.current = null;
  }

  /** Registers tree-scoped routes once; they answer on `/v1/...` and `/v1/trees/{tree_id}/...`. */
  treeRoutes(routes: FastifyPluginAsync): void {
    if (this.current) this.current.scope = 'tree';
    const trees = this.trees;
    this.app.register(async (mount) => {
      mount.addHook('onRequest', (request, _reply, done) => {
        attachTree(request, trees.active());
        done();
      });
      await routes(mount, {});
    }, { prefix: '/v1' });
    this.app.register(async (mount) => {
      addTreeIdParam(mount);
      mount.addHook('onRequest', (request, _reply, done) => {
        const treeId = (request.params as { tree_id?: string }).tree_id ?? '';
        const tree = trees.get(treeId);
        if (!tree) return done(Problems.treeNotFound(`There is no tree ${JSON.stringify(treeId)}`));
        attachTree(request, tree);
        done();
      });
      await routes(mount, {});
    }, { prefix: '/v1/trees/:tree_id' });
  }

  /** Registers routes that exist under `/v1` only (settings of the whole install). */
  globalRoutes(routes: FastifyPluginAsync): void {
    this.app.register(routes, { prefix: '/v1' });
  }

  /** A plugin names what it can import (`gedcom-7.0`, `image/jpeg`, ...); capabilities lists them. */
  declareIngest(...formats: string[]): void {
    for (const format of formats) this.ingestFormats.add(format);
  }
  ingest(): string[] {
    return [...this.ingestFormats].sort();
  }

  /** Registers services on the root container; a name registered twice is an error. */
  services(registrations: Record<string, Resolver<unknown>>): void {
    for (const name of Object.keys(registrations)) {
      if (this.container.hasRegistration(name)) throw new Error(`Service "${name}" is registered twice${this.current ? ` (by ${this.current.name})` : ''}`);
    }
    this.container.register(registrations);
  }
}

function attachTree(request: FastifyRequest, tree: Tree) {
  request.tree = tree;
  request.diScope.register('tree', asValue(tree));
}

declare module 'fastify' {
  interface FastifyInstance {
    kernel: Kernel;
  }
  interface FastifyRequest {
    actor: Actor;
    tree: Tree;
  }
}
