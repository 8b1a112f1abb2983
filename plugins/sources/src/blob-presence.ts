import type { Tree } from '@rootline/kernel';

/**
 * Whether the tree holds an uploaded blob. The kernel's blob store (`tree.blobs`) answers
 * when it has one; until every kernel does, a `blobs` table of the tree database (kept by
 * the blobs plugin) answers. No blob store at all means no blob can be attached.
 */
export function treeHasBlob(tree: Tree, hex: string): boolean {
  const store = (tree as unknown as { blobs?: { has(hex: string): boolean } }).blobs;
  if (store && typeof store.has === 'function') return Boolean(store.has(hex));
  const columns = tree.prepare("SELECT name FROM pragma_table_info('blobs')").all() as { name: string }[];
  if (!columns.some((column) => column.name === 'address')) return false;
  return tree.prepare('SELECT 1 FROM blobs WHERE address = ?').get(hex) !== undefined;
}
