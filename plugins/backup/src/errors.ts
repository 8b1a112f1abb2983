import { defineProblem, Problems } from '@rootline/kernel';

/**
 * Problems the backup plugin throws. None carries a path of the user's machine: a folder is
 * named in words ("the folder you chose"), and `reason` says what is wrong with it.
 */
export const BackupProblems = {
  /** PUT config: the folder given cannot hold backups (`reason`: not-absolute, not-found, not-a-folder, not-writable, rootline-data-folder, inside-a-tree). */
  invalidRoot: defineProblem('invalid-backup-root', 422, 'That folder cannot hold backups'),
  /** A run, or enabling scheduled runs, before a backup folder was chosen. */
  notConfigured: defineProblem('backup-not-configured', 422, 'No backup folder has been chosen'),
  /** CONTRACT §4, manifests rule 4 (and restore): the root is absent, not a folder, not a full path, or cannot be read. */
  unreadableRoot: defineProblem('unreadable-backup-root', 422, 'The backup folder cannot be read'),
  /**
   * Restore: an object's bytes differ from the manifest (hash or size), the manifest is not one
   * this version understands (`reason`: unknown-format-version, invalid-json, invalid-manifest,
   * unreadable-file), or it lies about its counts. Nothing is written.
   */
  corrupt: defineProblem('backup-corrupt', 422, 'The backup is damaged or not one this version can read'),
  /** Restore: every object checked out, but the database would not open as a tree here (made by an incompatible version). */
  incompatible: defineProblem('backup-incompatible', 422, 'The backup cannot be opened by this version of Rootline'),
  /** Restore: no backup with that id of that tree in that folder. */
  backupNotFound: (treeId: string, backupId: string) =>
    Problems.notFound(`There is no backup ${backupId} of tree ${treeId} in that folder`, { extras: { entity: 'backup' } }),
};
