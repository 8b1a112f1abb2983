import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Tree } from '@rootline/kernel';

interface BlobIndex {
  has(hex: string): boolean | Promise<boolean>;
}

/**
 * Whether the tree holds a blob. The kernel's blob store (`tree.blobs`) is preferred; until
 * every kernel has it, a `blobs` table of the tree database (any of the usual key columns)
 * or the content-addressed objects folder answers. No blob store at all means no blob.
 */
export async function treeHasBlob(tree: Tree, hex: string): Promise<boolean> {
  const store = (tree as unknown as { blobs?: BlobIndex }).blobs;
  if (store && typeof store.has === 'function') return Boolean(await store.has(hex));
  const column = blobKeyColumn(tree);
  if (column) {
    const row = tree.prepare(`SELECT 1 AS found FROM blobs WHERE ${column} IN (?, ?) LIMIT 1`).get(hex, `sha256:${hex}`);
    if (row) return true;
  }
  return [join(tree.objectsDir, hex), join(tree.objectsDir, hex.slice(0, 2), hex), join(tree.objectsDir, hex.slice(0, 2), hex.slice(2))].some((file) =>
    existsSync(file),
  );
}

const KEY_COLUMNS = ['hex', 'address', 'sha256', 'hash', 'digest', 'id'];

function blobKeyColumn(tree: Tree): string | null {
  const columns = (tree.prepare(`SELECT name FROM pragma_table_info('blobs')`).all() as { name: string }[]).map((row) => row.name);
  return KEY_COLUMNS.find((name) => columns.includes(name)) ?? null;
}
