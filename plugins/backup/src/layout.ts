import { join } from 'node:path';

/**
 * Where things are under a backup root (CONTRACT §10):
 *
 *     <root>/<tree_id>/<backup_id>/manifest.json     written last, atomically: a backup without one does not exist
 *     <root>/<tree_id>/<backup_id>/tree.db           the tree's database (SQLite online backup, rollback journal)
 *     <root>/<tree_id>/<backup_id>/objects/ab/<hex>  each blob by content address (hard-linked from the previous backup when unchanged)
 *
 * Tree and backup folders are named by UUIDs (backup ids are UUIDv7: time-ordered); anything
 * else under the root is not a backup and is left alone.
 */
export const MANIFEST = 'manifest.json';
export const DATABASE = 'tree.db';
export const OBJECTS = 'objects';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX = /^[0-9a-f]{64}$/;

/** A tree or backup id as a folder name: a UUID in lower case, so an id can never climb out of the root. */
export const isId = (name: string): boolean => UUID.test(name);

export const isSha256 = (value: string): boolean => HEX.test(value);

export const treeFolder = (root: string, treeId: string) => join(root, treeId);
export const backupFolder = (root: string, treeId: string, backupId: string) => join(root, treeId, backupId);

/** A blob's path inside a backup, as the manifest lists it. */
export const objectPath = (address: string) => `${OBJECTS}/${address.slice(0, 2)}/${address}`;

/**
 * Whether a manifest entry's path is one a backup can hold: `tree.db`, or `objects/ab/<hex>`
 * naming the entry's own sha256. Anything else (`../x`, an absolute path) is a forged manifest.
 */
export function isListedPath(path: string, sha256: string): boolean {
  return path === DATABASE || (isSha256(sha256) && path === objectPath(sha256));
}
