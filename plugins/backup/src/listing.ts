import type { Dirent } from 'node:fs';
import { lstat, readdir, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { BackupProblems } from './errors.js';
import { backupFolder, isId, MANIFEST, treeFolder } from './layout.js';
import { readManifest, type Manifest } from './manifest.js';
import type { BackupManifestDto } from './schemas.js';

/**
 * Manifests rule 4: a root that is not a full path, is absent, is not a folder or cannot be
 * listed is refused with 422 `unreadable-backup-root` (never an empty list). `reason` says
 * which; the detail names the folder in words only.
 */
export async function checkReadableRoot(root: string): Promise<Dirent[]> {
  if (!isAbsolute(root)) throw BackupProblems.unreadableRoot('The backup folder must be given as a full path', { extras: { reason: 'not-absolute' } });
  const found = await stat(root).catch(() => undefined);
  if (!found) throw BackupProblems.unreadableRoot('There is no folder at the path given', { extras: { reason: 'not-found' } });
  if (!found.isDirectory()) throw BackupProblems.unreadableRoot('The path given is not a folder', { extras: { reason: 'not-a-folder' } });
  try {
    return await readdir(root, { withFileTypes: true });
  } catch {
    throw BackupProblems.unreadableRoot('The folder given cannot be read', { extras: { reason: 'not-readable' } });
  }
}

/** The sub-folders of `folder` named by an id (symbolic links are not followed); none if it cannot be read. */
async function idFolders(entries: Dirent[] | Promise<Dirent[]>): Promise<string[]> {
  const list = await Promise.resolve(entries).catch(() => [] as Dirent[]);
  return list.filter((entry) => entry.isDirectory() && isId(entry.name)).map((entry) => entry.name);
}

const hasManifest = (folder: string) => lstat(join(folder, MANIFEST)).then((found) => found.isFile(), () => false);

/** Newest first by backup id (UUIDv7: time-ordered), then tree id. */
const newestFirst = (a: { backup_id: string; tree_id: string }, b: { backup_id: string; tree_id: string }) =>
  a.backup_id < b.backup_id ? 1 : a.backup_id > b.backup_id ? -1 : a.tree_id < b.tree_id ? -1 : a.tree_id > b.tree_id ? 1 : 0;

/**
 * Manifests rules 1-5: walks `<root>/<tree_id>/<backup_id>/manifest.json` (id-named folders
 * only; a folder without a manifest is not a backup), parses and checks each manifest itself,
 * and reports one it refuses as `unreadable` with only the folder names. Works for any root.
 */
export async function listManifests(root: string): Promise<BackupManifestDto[]> {
  // Awaited apart: a refused root is 422, never read as "no folders".
  const entries = await checkReadableRoot(root);
  const trees = await idFolders(entries);
  const found: BackupManifestDto[] = [];
  for (const treeId of trees) {
    for (const backupId of await idFolders(readdir(treeFolder(root, treeId), { withFileTypes: true }))) {
      const folder = backupFolder(root, treeId, backupId);
      if (!(await hasManifest(folder))) continue;
      const reading = await readManifest(join(folder, MANIFEST), { treeId, backupId });
      if ('unreadable' in reading) found.push({ backup_id: backupId, tree_id: treeId, unreadable: reading.unreadable });
      else found.push(describe(reading.manifest));
    }
  }
  return found.sort(newestFirst);
}

/** A manifest as the API lists it: its summary, never its objects' paths. */
function describe(manifest: Manifest): BackupManifestDto {
  const { backup_id, tree_id, app_version, created_at_ms, event_count, object_count, total_bytes, tree_name } = manifest;
  return { backup_id, tree_id, app_version, created_at_ms, event_count, object_count, total_bytes, tree_name };
}

export interface TreeBackups {
  /** Complete backups whose manifest this version reads, newest first. */
  readable: Manifest[];
  /** Id-named folders without a manifest: what a crash or a failed run left (debris). */
  unfinished: string[];
}

/** The backups of one tree under `root` (nothing when the tree has no folder there yet). */
export async function backupsOfTree(root: string, treeId: string): Promise<TreeBackups> {
  const result: TreeBackups = { readable: [], unfinished: [] };
  for (const backupId of await idFolders(readdir(treeFolder(root, treeId), { withFileTypes: true }))) {
    const folder = backupFolder(root, treeId, backupId);
    if (!(await hasManifest(folder))) {
      result.unfinished.push(backupId);
      continue;
    }
    const reading = await readManifest(join(folder, MANIFEST), { treeId, backupId });
    if ('manifest' in reading) result.readable.push(reading.manifest);
  }
  result.readable.sort((a, b) => b.created_at_ms - a.created_at_ms || newestFirst(a, b));
  return result;
}
