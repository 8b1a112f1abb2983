import { join } from 'node:path';
import type { Registry, TreeRow } from './registry.js';
import { Tree } from './tree.js';
import { applyMigrations, type Migration } from './migrations.js';
import { treeMigrations } from './kernel-schema.js';
import type { ChangeBus } from '../stream/change-bus.js';
import type { RecordObservers } from '../stream/record-observers.js';
import type { Clock, IdSource } from '../ids.js';

export interface PluginMigrations {
  plugin: string;
  migrations: Migration[];
}

/** Opens tree databases on first use, migrates them, and keeps them open. */
export class TreeStore {
  private readonly open = new Map<string, Tree>();
  private readonly pluginMigrations: PluginMigrations[] = [];
  private readonly openHooks: ((tree: Tree) => void)[] = [];

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

  create(name: string): { row: TreeRow; tree: Tree } {
    const row = this.registry.insertTree(name);
    return { row, tree: this.openTree(row) };
  }

  /** Opens every tree so a changed migration is found at boot, not at the first request. */
  openAll(): void {
    const rows = this.registry.db.prepare('SELECT tree_id, name, created_at_ms FROM trees').all() as TreeRow[];
    for (const row of rows) this.get(row.tree_id);
  }

  closeAll(): void {
    for (const tree of this.open.values()) tree.close();
    this.open.clear();
  }

  private openTree(row: TreeRow): Tree {
    const tree = new Tree(row.tree_id, join(this.treesDir, row.tree_id), this.bus, this.clock, this.ids, this.observers);
    try {
      const where = `tree "${row.name}" (${row.tree_id})`;
      applyMigrations(tree.db, '@rootline/kernel', treeMigrations, where, this.clock.now());
      for (const entry of this.pluginMigrations) applyMigrations(tree.db, entry.plugin, entry.migrations, where, this.clock.now());
      for (const hook of this.openHooks) hook(tree);
    } catch (error) {
      tree.close();
      throw error;
    }
    tree.blobs.removeLeftovers();
    this.open.set(row.tree_id, tree);
    return tree;
  }
}
