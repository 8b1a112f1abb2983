import type { Tree } from '@rootline/kernel';

/** What is redacted of one target: the whole entity (every field but `id`), or some fields. */
export interface Redacted {
  whole: boolean;
  fields: Set<string>;
}

/** The redactions of one tree, by target id. */
export type RedactionMap = ReadonlyMap<string, Redacted>;

const NONE: RedactionMap = new Map();

/**
 * The redactions of each open tree, read once and kept until a `redaction.*` record says they
 * changed (`forget`, called from an onRecord observer). Keyed by the `Tree` object itself, so
 * every tree has its own and a tree that is closed and opened again (a restore) starts empty.
 * A tree without redactions costs one empty map: the reply hook then leaves replies alone.
 */
export class RedactionCache {
  private readonly trees = new WeakMap<Tree, RedactionMap>();

  of(tree: Tree): RedactionMap {
    let map = this.trees.get(tree);
    if (!map) {
      map = load(tree);
      this.trees.set(tree, map);
    }
    return map;
  }

  /**
   * Drops what is known of the tree; the next read loads it again. Called inside the writing
   * transaction: if it rolls back, the reload simply finds the rows as they were.
   */
  forget(tree: Tree): void {
    this.trees.delete(tree);
  }
}

function load(tree: Tree): RedactionMap {
  const rows = tree.prepare('SELECT target, field FROM redactions').all() as { target: string; field: string | null }[];
  if (rows.length === 0) return NONE;
  const map = new Map<string, Redacted>();
  for (const { target, field } of rows) {
    const entry = map.get(target) ?? { whole: false, fields: new Set<string>() };
    if (field === null) entry.whole = true;
    else entry.fields.add(field);
    map.set(target, entry);
  }
  return map;
}
