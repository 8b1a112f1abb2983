import { lstat, open } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isDiskFull, ProblemError, Problems, type PluginKernel } from '@rootline/kernel';
import { BackupProblems } from './errors.js';
import { copyHashing, hashFile, syncFolder, type BackupFiles } from './files.js';
import { loggable } from './failure.js';
import type { KillPoints } from './kill-points.js';
import { backupFolder, DATABASE, isId, MANIFEST, OBJECTS } from './layout.js';
import { checkReadableRoot } from './listing.js';
import { readManifest, type Manifest, type ManifestObject } from './manifest.js';
import type { RestoreBody, RestoredTree } from './schemas.js';

/** Tree names are at most 200 characters (the trees route's rule). */
const MAX_TREE_NAME = 200;

export interface RestorerParts {
  kernel: Pick<PluginKernel, 'createTreeFrom' | 'openTree'>;
  files: BackupFiles;
  kill: KillPoints;
  logger: { error(object: object, message: string): void };
}

/** Why a backup is refused as `backup-corrupt` (the Problem's `reason`). */
type CorruptReason = 'unknown-format-version' | 'invalid-json' | 'invalid-manifest' | 'unreadable-file' | 'object-missing' | 'size-mismatch' | 'hash-mismatch' | 'database-unreadable' | 'object-not-listed' | 'changed-during-restore';

const corrupt = (reason: CorruptReason, detail: string) => BackupProblems.corrupt(detail, { extras: { reason } });

/** "<name> (restored <date of the backup>)", the date as YYYY-MM-DD (UTC), the name shortened to fit 200 characters. */
export function restoredName(name: string, createdAtMs: number): string {
  const suffix = ` (restored ${new Date(createdAtMs).toISOString().slice(0, 10)})`;
  return `${[...name].slice(0, MAX_TREE_NAME - suffix.length).join('').trimEnd()}${suffix}`;
}

/**
 * Restore rules 1-4: the manifest is read and checked, every object it lists is re-hashed
 * against it (size first, then SHA-256) and the database is checked to list no blob the
 * backup lacks, all before any byte is written; then a new tree is made from copies (hashed
 * again while copied, so a file changed in between fails the restore), registered under a new
 * id and name, and opened. The active tree is not changed; no existing tree is written to.
 * Any refusal leaves no tree and no file (the kernel removes what `createTreeFrom` left).
 */
export class Restorer {
  constructor(private readonly parts: RestorerParts) {}

  async restore(body: RestoreBody): Promise<RestoredTree> {
    await checkReadableRoot(body.backup_root);
    if (!isId(body.tree_id) || !isId(body.backup_id)) throw BackupProblems.backupNotFound(body.tree_id, body.backup_id);
    const folder = backupFolder(body.backup_root, body.tree_id, body.backup_id);
    const found = await lstat(join(folder, MANIFEST)).catch(() => undefined);
    if (!found?.isFile()) throw BackupProblems.backupNotFound(body.tree_id, body.backup_id);
    const reading = await readManifest(join(folder, MANIFEST), { treeId: body.tree_id, backupId: body.backup_id });
    if ('unreadable' in reading) {
      throw corrupt(reading.unreadable, reading.unreadable === 'unknown-format-version' ? 'The backup\'s manifest has a format version this Rootline does not understand' : 'The backup\'s manifest cannot be read');
    }
    const { manifest } = reading;
    const verified = await this.verify(folder, manifest);
    this.checkDatabase(folder, manifest);

    let failedWhileWriting: unknown;
    let summary;
    try {
      summary = await this.parts.kernel.createTreeFrom(restoredName(manifest.tree_name, manifest.created_at_ms), async (staging) => {
        try {
          await this.copyInto(folder, staging, manifest);
        } catch (error) {
          failedWhileWriting = error;
          throw error;
        }
      });
    } catch (error) {
      throw this.refusal(error, failedWhileWriting !== undefined);
    }
    const tree = this.parts.kernel.openTree(summary.tree_id)!;
    return {
      backup_id: manifest.backup_id,
      bytes_verified: verified.bytes,
      event_count: tree.records.count([]),
      objects_verified: verified.objects,
      source_tree_id: manifest.tree_id,
      tree_id: summary.tree_id,
      tree_name: summary.name,
    };
  }

  /** Rule 3: every object is there, of its size, with its hash; nothing is written. */
  private async verify(folder: string, manifest: Manifest): Promise<{ objects: number; bytes: number }> {
    let bytes = 0;
    for (const object of manifest.objects) {
      const file = join(folder, object.path);
      const found = await lstat(file).catch(() => undefined);
      if (!found?.isFile()) throw corrupt('object-missing', `A file the manifest lists is missing: ${describe(object)}`);
      if (found.size !== object.size_bytes) throw corrupt('size-mismatch', `A file is not of the size the manifest says: ${describe(object)}`);
      // A file that changed size since lstat hashes differently too.
      const read = await hashFile({ open }, file);
      if (read.sha256 !== object.sha256) throw corrupt('hash-mismatch', `A file's content differs from the manifest: ${describe(object)}`);
      bytes += read.size_bytes;
    }
    return { objects: manifest.objects.length, bytes };
  }

  /** The database opens (read-only, in place) and every blob it lists is in the backup, of the same size. */
  private checkDatabase(folder: string, manifest: Manifest): void {
    const listed = new Map(manifest.objects.filter((object) => object.path !== DATABASE).map((object) => [object.sha256, object.size_bytes]));
    let blobs: { address: string; size_bytes: number }[];
    try {
      const db = new Database(join(folder, DATABASE), { readonly: true, fileMustExist: true });
      try {
        blobs = db.prepare('SELECT address, size_bytes FROM blobs').all() as typeof blobs;
      } finally {
        db.close();
      }
    } catch {
      throw corrupt('database-unreadable', 'The backup\'s database cannot be read as a Rootline tree');
    }
    const missing = blobs.find((blob) => listed.get(blob.address) !== blob.size_bytes);
    if (missing) throw corrupt('object-not-listed', `The backup's database lists blob ${missing.address}, which the backup does not hold`);
  }

  /** Copies every object into the new tree's folder, hashing again; fsyncs files and folders. */
  private async copyInto(folder: string, staging: string, manifest: Manifest): Promise<void> {
    const { files, kill } = this.parts;
    const shards = new Set<string>();
    kill.pass('restore', 'start');
    for (const object of manifest.objects) {
      const destination = join(staging, object.path);
      if (object.path !== DATABASE) {
        const shard = join(staging, OBJECTS, object.sha256.slice(0, 2));
        if (!shards.has(shard)) await files.mkdir(shard);
        shards.add(shard);
      }
      const source = await open(join(folder, object.path), 'r');
      let copied;
      try {
        copied = await copyHashing(files, source, destination);
      } finally {
        await source.close();
      }
      if (copied.sha256 !== object.sha256 || copied.size_bytes !== object.size_bytes) throw corrupt('changed-during-restore', `A file changed while it was being restored: ${describe(object)}`);
      kill.pass('restore', object.path === DATABASE ? 'database copied' : 'object copied');
    }
    for (const shard of shards) await syncFolder(files, shard);
    if (shards.size) await syncFolder(files, join(staging, OBJECTS));
    await syncFolder(files, staging);
    kill.pass('restore', 'folders synced');
  }

  /** What a failed `createTreeFrom` answers: our own refusal, a full disk, an incompatible database, or internal. */
  private refusal(error: unknown, whileWriting: boolean): Error {
    if (error instanceof ProblemError) return error;
    // The kernel's 507 `disk-full`, with what it means here.
    if (isDiskFull(error)) return Problems.diskFull('There is not enough room in Rootline\'s data folder for the restored tree; nothing was restored');
    if (!whileWriting) return BackupProblems.incompatible('The backup\'s database could not be opened as a tree by this version of Rootline; nothing was restored');
    this.parts.logger.error({ error: loggable(error) }, 'restore failed');
    return Problems.internal('The restore failed; nothing was restored');
  }
}

/** An object named for a person: the database, or a blob by its address (never a path). */
const describe = (object: ManifestObject) => (object.path === DATABASE ? 'the tree\'s database' : `blob ${object.sha256}`);
