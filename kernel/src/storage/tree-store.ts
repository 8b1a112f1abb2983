import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Registry, TreeRow } from './registry.js';
import { Tree } from './tree.js';
import { applyMigrations, type Migration } from './migrations.js';
import { treeMigrations } from './kernel-schema.js';
import type { ChangeBus } from '../stream/change-bus.js';
import type { RecordObservers } from '../stream/record-observers.js';
import type { Clock, IdSource } from '../ids.js';

/** A tree folder being filled (a restore): never a tree; removed at the next start if a crash left it. */
const STAGING_PREFIX = '.incoming-tree-';
/**
 * In a tree folder that has its final name but whose registry row may not be committed yet.
 * At the next start: no row, the folder is removed; a row, the marker is (the tree is whole).
 */
const UNREGISTERED_MARKER = '.unregistered';

/** fsync of a folder, so a rename into it, or out of it, survives a power cut. */
function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Removes what a failure left; what cannot be removed now, the next start removes (it holds the marker). */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // removeUnfinished, at the next start.
  }
}

export interface PluginMigrations {
  plugin: string;
  migrations: Migration[];
}

/** Opens tree databases on first use, migrates them, and keeps them open. */
export class TreeStore {
  private readonly open = new Map<string, Tree>();
  private readonly pluginMigrations: PluginMigrations[] = [];
  private readonly openHooks: ((tree: Tree) => void)[] = [];
  /** Tables whose indexes a bulk load may build at its end; the kernel's record log is one. */
  private readonly bulkLoadTables = new Set<string>(['records']);

  constructor(
    private readonly treesDir: string,
    private readonly registry: Registry,
    private readonly bus: ChangeBus,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    private readonly observers?: RecordObservers,
  ) {}

  /** Tree-scoped plugins add their migrations before the first tree opens. */
  addMigrations(entry: PluginMigrations): void {
    this.pluginMigrations.push(entry);
  }

  /**
   * A tree plugin names a table of its own whose non-unique indexes no bulk job reads while it
   * writes: a bulk load into a nearly empty tree builds them at its end (`Tree.startBulkLoad`).
   */
  allowBulkLoad(table: string): void {
    this.bulkLoadTables.add(table);
  }

  /** Plugins add what runs on every tree as it opens, before the first tree opens. */
  onOpen(hook: (tree: Tree) => void): void {
    this.openHooks.push(hook);
  }

  get(treeId: string): Tree | undefined {
    const cached = this.open.get(treeId);
    if (cached) return cached;
    const row = this.registry.getTree(treeId);
    return row ? this.openTree(row) : undefined;
  }

  active(): Tree {
    const activeId = this.registry.activeTreeId();
    const tree = activeId ? this.get(activeId) : undefined;
    if (!tree) throw new Error('No active tree');
    return tree;
  }

  /**
   * A new, empty tree. Its folder is made and its database migrated (the plugins' migrations,
   * the open hooks) first, with the `.unregistered` marker in it; the tree is registered last.
   * If any step fails (a full disk), nothing is left: no registry row, no folder; a crash leaves
   * nothing `removeUnfinished` does not take away.
   */
  create(name: string): { row: TreeRow; tree: Tree } {
    const treeId = this.ids.next();
    const folder = join(this.treesDir, treeId);
    const marker = join(folder, UNREGISTERED_MARKER);
    let tree: Tree | undefined;
    let row: TreeRow;
    try {
      mkdirSync(folder);
      writeFileSync(marker, '');
      // The marker is durable before the database is: a power cut never leaves the folder without it.
      syncFolder(folder);
      tree = this.prepareTree(treeId, name);
      row = this.registry.insertTree(name, treeId);
    } catch (error) {
      void tree?.close().catch(() => undefined);
      removeQuietly(folder);
      throw error;
    }
    this.open.set(treeId, tree);
    // Registered, the tree is whole: a marker that stays (this failed) is removed at the next start.
    removeQuietly(marker);
    return { row, tree };
  }

  /**
   * Creates a tree from files `populate` writes into an empty folder it is handed (`tree.db`,
   * `objects/...`: a restore). The folder becomes the tree only when `populate` resolves: it is
   * renamed into place, the tree is registered under a new id and opened (migrations, open
   * hooks). If `populate` throws, or the database does not open, nothing is registered and the
   * folder is removed; a crash at any point leaves nothing `removeUnfinished` does not take away.
   */
  async createFrom(name: string, populate: (folder: string) => Promise<void>): Promise<{ row: TreeRow; tree: Tree }> {
    const treeId = this.ids.next();
    const staging = join(this.treesDir, `${STAGING_PREFIX}${treeId}`);
    const folder = join(this.treesDir, treeId);
    mkdirSync(staging);
    try {
      await populate(staging);
      writeFileSync(join(staging, UNREGISTERED_MARKER), '');
      syncFolder(staging);
      renameSync(staging, folder);
      syncFolder(this.treesDir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    let row: TreeRow | undefined;
    try {
      row = this.registry.insertTree(name, treeId);
      const tree = this.openTree(row);
      rmSync(join(folder, UNREGISTERED_MARKER), { force: true });
      return { row, tree };
    } catch (error) {
      if (row) this.registry.deleteTree(treeId);
      rmSync(folder, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * At start, before any tree opens: removes what a crash left of `createFrom` (a folder being
   * filled; a folder renamed into place whose tree was never registered) and the marker of a
   * tree that was registered. Returns how many folders were removed.
   */
  removeUnfinished(): number {
    if (!existsSync(this.treesDir)) return 0;
    let removed = 0;
    for (const name of readdirSync(this.treesDir)) {
      const path = join(this.treesDir, name);
      if (name.startsWith(STAGING_PREFIX)) {
        rmSync(path, { recursive: true, force: true });
        removed++;
      } else if (existsSync(join(path, UNREGISTERED_MARKER))) {
        if (this.registry.getTree(name)) rmSync(join(path, UNREGISTERED_MARKER), { force: true });
        else {
          rmSync(path, { recursive: true, force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  /** Opens every tree so a changed migration is found at boot, not at the first request. */
  openAll(): void {
    const rows = this.registry.db.prepare('SELECT tree_id, name, created_at_ms FROM trees').all() as TreeRow[];
    for (const row of rows) this.get(row.tree_id);
  }

  /** Closes every open tree; settles once their bulk load threads, if any, have ended too. */
  async closeAll(): Promise<void> {
    const closing = [...this.open.values()].map((tree) => tree.close());
    this.open.clear();
    await Promise.all(closing);
  }

  private openTree(row: TreeRow): Tree {
    const tree = this.prepareTree(row.tree_id, row.name);
    this.open.set(row.tree_id, tree);
    return tree;
  }

  /** A tree's database opened and migrated, its open hooks run; not yet among the open trees. */
  private prepareTree(treeId: string, name: string): Tree {
    const tree = new Tree(treeId, join(this.treesDir, treeId), this.bus, this.clock, this.ids, this.observers, this.bulkLoadTables);
    try {
      const where = `tree "${name}" (${treeId})`;
      applyMigrations(tree.db, '@rootline/kernel', treeMigrations, where, this.clock.now());
      // Before the plugins' migrations, which may name an index a bulk load cut off by a crash set aside.
      tree.buildDeferredIndexes();
      for (const entry of this.pluginMigrations) applyMigrations(tree.db, entry.plugin, entry.migrations, where, this.clock.now());
      for (const hook of this.openHooks) hook(tree);
    } catch (error) {
      void tree.close().catch(() => undefined);
      throw error;
    }
    tree.blobs.removeLeftovers();
    return tree;
  }
}
