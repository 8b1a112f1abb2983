import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Cradle, RequestCradle } from '@fastify/awilix';
import type { Logger } from 'pino';
import { asFunction, asValue, type AwilixContainer } from 'awilix';
import type { Registry } from './storage/registry.js';
import type { TreeStore } from './storage/tree-store.js';
import type { Tree } from './storage/tree.js';
import { StatementCache, type Statement } from './storage/sqlite.js';
import type { ChangeBus } from './stream/change-bus.js';
import type { RecordObserver, RecordObservers } from './stream/record-observers.js';
import type { Paging } from './http/paging.js';
import type { Clock, IdSource } from './ids.js';
import type { DataDirLayout } from './storage/data-dir.js';
import { placeInDataFolder, type DataFolderPlace } from './storage/data-folder-place.js';
import type { LoadedPlugin } from './plugin.js';
import type { Actor } from './auth/actor.js';
import type { ServiceCradle, ServiceRegistrations } from './plugin-api/services.js';
import { systemActor } from './auth/actor.js';
import { KERNEL_OWNER, type RouteEntry, type RouteTable } from './route-table.js';
import { addTreeIdParam } from './http/route-conventions.js';
import { admitTreeWrites } from './http/write-admission.js';
import { bindQueryToTree } from './http/paging.js';
import { ReadFilters, type ReadFilter } from './http/read-filters.js';
import { EntityOwners, type EntityLabeller } from './entity-owners.js';
import { Problems } from './errors.js';
import { logFile, logWritten, readLogTail } from './logger.js';
import { issueAgentCredentialFile } from './auth/agent-files.js';

export interface KernelSettings {
  appVersion: string;
  /** Milliseconds between `: keep-alive` comments on the change stream. */
  heartbeatMs: number;
  env: NodeJS.ProcessEnv;
  /** How a command line runs this install's `rootline` (the CLI passes Node and its script; else `rootline` on the PATH). */
  launcher: { command: string; args: string[] };
}

/** What assembly hands the kernel (one object, so adding a part never reorders arguments). */
export interface KernelParts {
  app: FastifyInstance;
  container: AwilixContainer<Cradle>;
  registry: Registry;
  trees: TreeStore;
  bus: ChangeBus;
  observers: RecordObservers;
  paging: Paging;
  clock: Clock;
  ids: IdSource;
  layout: DataDirLayout;
  /** pino, writing to `<data>/logs/rootline.log`; never log tokens or request bodies. */
  logger: Logger;
  settings: KernelSettings;
  /** Every route declared, kept as it is registered (route-table.ts). */
  routes: RouteTable;
}

/**
 * What a plugin may use of the kernel, as `app.kernel`: where its routes go, its services,
 * paging, the logger and the singletons of the container. Everything else (registry,
 * tree store, data folder) belongs to the host.
 */
export interface PluginKernel {
  /** Routes declared once answer on `/v1/...` (active tree) and `/v1/trees/{tree_id}/...` (pinned). Tree plugins only. */
  treeRoutes(routes: FastifyPluginAsync): void;
  /** Routes under `/v1` only (settings of the whole install). Global plugins only. */
  globalRoutes(routes: FastifyPluginAsync): void;
  /** Registers services on the container, typed by the plugin's contract; a name registered twice is an error. */
  services(registrations: ServiceRegistrations): void;
  /** A plugin names what it can import (`gedcom-7.0`, `image/jpeg`, ...); capabilities lists them. */
  declareIngest(...formats: string[]): void;
  /**
   * Calls `observer` with every record whose kind starts with `kindPrefix` (`persona.`,
   * `assertion.`), synchronously inside the transaction that wrote it: how a plugin keeps
   * something it derives from another plugin's data up to date without that plugin calling it.
   * What the observer writes commits with the change; if it throws, the change rolls back.
   * `services()` gives the tree's services (as a request would see them, acting as the system).
   */
  onRecord(kindPrefix: string, observer: RecordObserver): void;
  /**
   * Adds a filter over what a reader is handed (`filterForReader`), for every route of every
   * plugin that asks: how a plugin hides values from some readers (redactions from agents) in
   * what another plugin draws or exports, without that plugin depending on it.
   */
  addReadFilter(filter: ReadFilter): void;
  /**
   * What the request's reader may see of `value`: every read filter, in manifest order; `value`
   * itself when no plugin registered one. Never changes `value` (a filter returns a copy); any
   * field of the result may read as a marker string. Call it on the data a non-JSON reply is
   * made from (an SVG chart, an export), before drawing it.
   */
  filterForReader<T>(request: FastifyRequest, value: T): T;
  /**
   * Declares that this plugin owns the entities of `kinds` (`person`, `source`, ...), labelled by
   * `labels` (its service's, from the request's cradle): what every request's `entityLabels`
   * asks, in manifest order (entity-owners.ts). Tree plugins, while registering.
   */
  ownsEntities(kinds: readonly string[], labels: EntityLabeller): void;
  /**
   * The services of one tree outside any request, acting as `actor`: what work that outlives
   * its request (a background job) calls. Made on each call; keep it for the job's length.
   */
  servicesFor(tree: Tree, actor: Actor): ServiceCradle;
  /**
   * Calls `hook` with every tree as it opens (at boot for every tree, later for a new one),
   * after its migrations and before any request reaches it: how a plugin repairs what a
   * crash left (a job that was running is marked interrupted).
   */
  onTreeOpen(hook: (tree: Tree) => void): void;
  /**
   * Names a table of this plugin whose non-unique indexes no bulk job (an import) reads while it
   * writes: a bulk load into a nearly empty tree then builds them once at its end instead of row
   * by row (`Tree.startBulkLoad`). Only for indexes that serve reads, never for one that keeps a
   * rule (those are unique and always kept). Tree plugins, while registering.
   */
  allowBulkLoad(table: string): void;
  /**
   * Publishes a notice on the tree's change stream that is not a record (no `seq`, not in the
   * audit): progress of long work. `kind` is `<noun>.<verb>.v<N>`; `payload` goes out with it.
   */
  notify(tree: Tree, notice: { kind: string; entity_type: string; entity_id: string; payload: unknown }): void;
  /** Every tree of this install, oldest first: what a global plugin that works on trees (backup) walks. */
  listTrees(): TreeSummary[];
  /** One tree by id, opened (and migrated) if it was not yet; undefined for an unknown id. */
  openTree(treeId: string): Tree | undefined;
  /** The active tree (what `/v1/...` acts on now). */
  activeTree(): Tree;
  /**
   * Creates a new tree (new id, `name`) from the files `populate` writes into the empty folder
   * it is handed: `tree.db` (a SQLite database of a Rootline tree) and `objects/ab/<hex>`. Only
   * when `populate` resolves is the folder moved into place, registered and opened (migrations,
   * open hooks); if it throws, or the database does not open, no tree exists and the folder is
   * gone. What a crash leaves is removed at the next start. Never changes the active tree.
   * The folder is the data folder's: never show it to a client or write it to a log.
   */
  createTreeFrom(name: string, populate: (folder: string) => Promise<void>): Promise<TreeSummary>;
  /**
   * Where a full path lies in this install's data folder, symbolic links followed (a path that
   * does not exist yet: by its nearest folder that does): `data-folder` (the folder itself),
   * `trees` (its trees folder, a tree's own folder, or anything in them), `inside` (elsewhere in
   * it), `outside`. What a plugin that writes into a folder the human chooses (backup) checks,
   * without ever being shown the data folder's place.
   */
  placeInDataFolder(path: string): DataFolderPlace;
  /**
   * Global plugins: the registry database, where their migrations ran. A plugin touches only
   * its own tables. Call it while registering (a tree plugin calling it stops boot).
   */
  registryTables(): RegistryTables;
  /** Name, version and scope of every plugin of this build, in manifest order (what capabilities and diagnostics list). */
  loadedPlugins(): LoadedPlugin[];
  /**
   * The end of the server's log (at most `maxBytes`, whole lines only, after what the logger
   * still held was written): what diagnostics shows. The file's place belongs to the host: never
   * show or log it. Empty when there is no log file.
   */
  recentLog(maxBytes: number): Promise<string>;
  /**
   * Agent credentials for a program on this machine that the human connects (an assistant
   * harness): the token goes into a file of the data folder for that program's `rootline`
   * command to read, never to the plugin, a reply or a log. Global plugins only.
   */
  agentCredentials(): AgentCredentials;
  /**
   * The command line that runs this install's `rootline` with `args` against this data folder
   * (`--data-dir` added): what a program on the machine is told to start. It names places of
   * the machine: write it only into the human's own files, never into a reply or a log.
   */
  commandLine(args: string[]): { command: string; args: string[] };
  readonly paging: Paging;
  readonly logger: Logger;
  /** The container's singletons, for what a plugin needs while registering (a catalogue, a renderer). */
  readonly cradle: Cradle;
  readonly settings: Readonly<KernelSettings>;
}

/** A tree as `listTrees` names it. */
export interface TreeSummary {
  tree_id: string;
  name: string;
  created_at_ms: number;
}

/** Agent credentials held for a named local program (kernel/src/auth/agent-files.ts). */
export interface AgentCredentials {
  /**
   * Issues a new agent credential labelled `label` and writes its token to the file of `name`
   * (`[a-z0-9-]`, 1-64), replacing an earlier token there atomically; returns its id. The
   * earlier credential stays valid until `revoke`. If the file cannot be written, the new
   * credential is revoked and the error thrown.
   */
  issue(name: string, label: string): string;
  /** Revokes an agent credential; false when it was unknown or already revoked. */
  revoke(credentialId: string): boolean;
  /** Whether the credential exists, is an agent's and is not revoked. */
  isActive(credentialId: string): boolean;
}

/** A global plugin's way into the registry database: prepared statements (cached) and transactions. */
export interface RegistryTables {
  prepare(sql: string): Statement;
  /** Runs `work` in one transaction of the registry database (nested calls join it). */
  transact<T>(work: () => T): T;
}

/** The kernel assembly builds: the plugin face plus what the host (server, CLI, tests) reads. */
export class Kernel implements PluginKernel {
  readonly plugins: LoadedPlugin[] = [];
  readonly container: AwilixContainer<Cradle>;
  readonly registry: Registry;
  readonly trees: TreeStore;
  readonly bus: ChangeBus;
  readonly paging: Paging;
  private readonly observers: RecordObservers;
  readonly clock: Clock;
  readonly ids: IdSource;
  readonly layout: DataDirLayout;
  readonly logger: Logger;
  readonly settings: KernelSettings;
  private readonly app: FastifyInstance;
  private readonly routeTable: RouteTable;
  private readonly ingestFormats = new Set<string>();
  private readonly readFilters = new ReadFilters();
  /** Who owns which kinds of entity (`ownsEntities`), read by each request's `entityLabels`. */
  private readonly owners = new EntityOwners();
  private current: LoadedPlugin | null = null;

  constructor(parts: KernelParts) {
    this.app = parts.app;
    this.container = parts.container;
    this.registry = parts.registry;
    this.trees = parts.trees;
    this.bus = parts.bus;
    this.observers = parts.observers;
    this.paging = parts.paging;
    this.clock = parts.clock;
    this.ids = parts.ids;
    this.layout = parts.layout;
    this.logger = parts.logger;
    this.settings = parts.settings;
    this.routeTable = parts.routes;
    this.container.register({ entityLabels: asFunction((cradle: ServiceCradle) => this.owners.for(cradle)).scoped() });
  }

  /**
   * Every route of the server, both mounts, one entry per method, with the `config` it
   * declared: what the tests' access check (`checkRouteAccess` in `@rootline/kernel/testing`) walks.
   */
  routes(): readonly RouteEntry[] {
    return this.routeTable.entries;
  }

  get cradle(): Cradle {
    return this.container.cradle;
  }

  /** Called by assembly around each plugin's registration. */
  beginPlugin(plugin: LoadedPlugin): void {
    this.current = plugin;
    this.plugins.push(plugin);
    this.routeTable.owner = plugin.name;
  }
  endPlugin(): void {
    this.current = null;
    this.routeTable.owner = KERNEL_OWNER;
  }

  treeRoutes(routes: FastifyPluginAsync): void {
    this.requireScope('tree', 'treeRoutes');
    const trees = this.trees;
    const owner = this.current?.name ?? KERNEL_OWNER;
    this.app.register(async (mount) => {
      this.routeTable.claim(mount, owner);
      mount.addHook('onRequest', (request, _reply, done) => {
        attachTree(request, trees.active());
        done();
      });
      admitTreeWrites(mount);
      await routes(mount, {});
    }, { prefix: '/v1' });
    this.app.register(async (mount) => {
      this.routeTable.claim(mount, owner);
      addTreeIdParam(mount);
      mount.addHook('onRequest', (request, _reply, done) => {
        const treeId = (request.params as { tree_id?: string }).tree_id ?? '';
        const tree = trees.get(treeId);
        if (!tree) return done(Problems.treeNotFound(`There is no tree ${JSON.stringify(treeId)}`));
        attachTree(request, tree);
        done();
      });
      admitTreeWrites(mount);
      await routes(mount, {});
    }, { prefix: '/v1/trees/:tree_id' });
  }

  globalRoutes(routes: FastifyPluginAsync): void {
    this.requireScope('global', 'globalRoutes');
    const owner = this.current?.name ?? KERNEL_OWNER;
    this.app.register(async (mount) => {
      this.routeTable.claim(mount, owner);
      await routes(mount, {});
    }, { prefix: '/v1' });
  }

  onRecord(kindPrefix: string, observer: RecordObserver): void {
    this.observers.add(kindPrefix, (tree, record) => observer(tree, record, () => this.servicesOf(tree)));
  }

  ownsEntities(kinds: readonly string[], labels: EntityLabeller): void {
    this.requireScope('tree', 'ownsEntities');
    this.owners.add(kinds, labels);
  }

  addReadFilter(filter: ReadFilter): void {
    this.readFilters.add(filter);
  }

  filterForReader<T>(request: FastifyRequest, value: T): T {
    return this.readFilters.apply(request, value);
  }

  /**
   * The services of one tree outside any request (for record observers): a scope of the
   * container holding the tree and the system actor, made only when an observer asks.
   */
  private servicesOf(tree: Tree): ServiceCradle {
    return this.servicesFor(tree, systemActor);
  }

  servicesFor(tree: Tree, actor: Actor): ServiceCradle {
    const scope = this.container.createScope<RequestCradle>();
    scope.register({ tree: asValue(tree), actor: asValue(actor) });
    return scope.cradle as ServiceCradle;
  }

  onTreeOpen(hook: (tree: Tree) => void): void {
    this.trees.onOpen(hook);
  }

  allowBulkLoad(table: string): void {
    this.trees.allowBulkLoad(table);
  }

  notify(tree: Tree, notice: { kind: string; entity_type: string; entity_id: string; payload: unknown }): void {
    this.bus.publish(tree.id, { seq: 0, record_id: '', actor: { kind: 'system', credential_id: null }, at_ms: this.clock.now(), ...notice });
  }

  listTrees(): TreeSummary[] {
    return this.registry.listTrees(null, 'asc', Number.MAX_SAFE_INTEGER);
  }

  openTree(treeId: string): Tree | undefined {
    return this.trees.get(treeId);
  }

  activeTree(): Tree {
    return this.trees.active();
  }

  async createTreeFrom(name: string, populate: (folder: string) => Promise<void>): Promise<TreeSummary> {
    return (await this.trees.createFrom(name, populate)).row;
  }

  placeInDataFolder(path: string): DataFolderPlace {
    return placeInDataFolder(this.layout, path);
  }

  registryTables(): RegistryTables {
    this.requireScope('global', 'registryTables');
    const db = this.registry.db;
    const statements = new StatementCache(db);
    return {
      prepare: (sql) => statements.prepare(sql),
      transact: (work) => db.transaction(work)(),
    };
  }

  agentCredentials(): AgentCredentials {
    this.requireScope('global', 'agentCredentials');
    const { registry, layout } = this;
    return {
      issue: (name, label) => issueAgentCredentialFile(registry, layout, name, label),
      revoke: (credentialId) => registry.revokeCredential(credentialId),
      isActive: (credentialId) => registry.isActiveAgent(credentialId),
    };
  }

  commandLine(args: string[]): { command: string; args: string[] } {
    const { launcher } = this.settings;
    return { command: launcher.command, args: [...launcher.args, ...args, '--data-dir', this.layout.root] };
  }

  loadedPlugins(): LoadedPlugin[] {
    return this.plugins.map(({ name, version, scope }) => ({ name, version, scope }));
  }

  async recentLog(maxBytes: number): Promise<string> {
    await logWritten(this.logger);
    return readLogTail(logFile(this.layout.logsDir), maxBytes);
  }

  declareIngest(...formats: string[]): void {
    for (const format of formats) this.ingestFormats.add(format);
  }
  ingest(): string[] {
    return [...this.ingestFormats].sort();
  }

  services(registrations: ServiceRegistrations): void {
    for (const name of Object.keys(registrations)) {
      if (this.container.hasRegistration(name)) throw new Error(`Service "${name}" is registered twice${this.current ? ` (by ${this.current.name})` : ''}`);
    }
    this.container.register(registrations as Record<string, never>);
  }

  /** A plugin declares its scope; routes (or tables) of the other kind are a mistake to stop at boot. */
  private requireScope(scope: LoadedPlugin['scope'], method: string): void {
    if (this.current && this.current.scope !== scope) {
      const instead = method === 'registryTables' ? 'keep its tables in the tree database' : method === 'agentCredentials' ? 'leave credentials to global plugins' : method === 'ownsEntities' ? 'leave entities to tree plugins' : `use kernel.${scope === 'tree' ? 'globalRoutes' : 'treeRoutes'}`;
      throw new Error(`Plugin ${this.current.name} is declared ${this.current.scope}-scoped but calls kernel.${method}; declare scope: '${scope}' or ${instead}`);
    }
  }
}

function attachTree(request: FastifyRequest, tree: Tree) {
  request.tree = tree;
  bindQueryToTree(request.query, tree.id);
  request.diScope.register('tree', asValue(tree));
}

declare module 'fastify' {
  interface FastifyInstance {
    kernel: PluginKernel;
  }
  interface FastifyRequest {
    actor: Actor;
    tree: Tree;
  }
}
