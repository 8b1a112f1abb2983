import { createHash, randomBytes } from 'node:crypto';
import { lstat, open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Clock, Tree } from '@rootline/kernel';
import { copyHashing, hashFile, syncFolder, writeAll, type BackupFiles } from './files.js';
import { BackupFailure, classify, errorCode, loggable } from './failure.js';
import type { KillPoints } from './kill-points.js';
import { backupFolder, DATABASE, MANIFEST, objectPath, OBJECTS, treeFolder } from './layout.js';
import { backupsOfTree } from './listing.js';
import { FORMAT_VERSION, serializeManifest, type Manifest, type ManifestObject } from './manifest.js';
import { toPrune } from './retention.js';
import type { BackupRetention } from './schemas.js';

/** Files copied side by side: enough to overlap one file's fsync with the next one's reads and writes. */
const CONCURRENCY = 4;
/** Database pages copied per step of the online backup (4 MiB of 4 KiB pages): a step holds the event loop a few ms. */
const PAGES_PER_STEP = 1024;
/** Errors of `link` that mean "this file system has no hard links here": copy instead. */
const NO_LINKS = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EMLINK', 'ENOSYS']);

export interface WriterParts {
  files: BackupFiles;
  kill: KillPoints;
  clock: Clock;
  appVersion: string;
  logger: { warn(object: object, message: string): void };
}

/** One backup to make: the tree, its name now, the root and what to keep afterwards. */
export interface BackupTarget {
  tree: Tree;
  treeName: string;
  root: string;
  /** The new backup's id (its folder's name): chosen by the caller, so a failed run's folder can be removed. */
  backupId: string;
  retention: BackupRetention;
}

/** What a job needs of its context (the jobs plugin's JobContext). */
export interface WriterContext {
  signal: AbortSignal;
  progress(done: number, total?: number | null, unit?: string): void;
  checkpoint(): Promise<void>;
}

/** The job's result (no path anywhere). */
export interface BackupResult {
  backup_id: string;
  tree_id: string;
  /** `captured`: an online backup of the live database; `reused`: the previous backup's, the tree's log not having moved since. */
  database: 'captured' | 'reused';
  object_count: number;
  total_bytes: number;
  /** Files written anew (bytes read from the tree and written), and files hard-linked from the previous backup. */
  objects_copied: number;
  objects_linked: number;
  bytes_copied: number;
  /** Earlier backups of the tree deleted by retention after this one was complete. */
  pruned: number;
}

interface Blob {
  address: string;
  size_bytes: number;
}

/** SHA-256 over a database's applied migrations: two databases of one schema agree. */
function schemaChecksum(db: Pick<Database.Database, 'prepare'>): string {
  const rows = db.prepare('SELECT plugin, version, checksum FROM schema_migrations ORDER BY plugin, version').all() as { plugin: string; version: number; checksum: string }[];
  return createHash('sha256').update(rows.map((row) => `${row.plugin}\t${row.version}\t${row.checksum}`).join('\n')).digest('hex');
}

/**
 * Makes one backup of one tree (`<root>/<tree_id>/<backup_id>/`), in this order:
 *
 * 1. folders of this tree left without a manifest (a crash, a failed run) are removed;
 * 2. the database: an online backup of the live database (SQLite's backup API, taken while
 *    writes go on; what is written through the tree's connection meanwhile is in it), switched
 *    to a rollback journal so it is one self-contained file, fsynced and hashed. When the
 *    tree's record log and schema are where the previous backup on this root left them, that
 *    backup's database is hard-linked instead (nothing recorded has changed);
 * 3. every blob the captured database lists: hard-linked from the previous backup when it
 *    holds the same address and size, else copied from the tree while hashing (a file that no
 *    longer matches its address fails the run), each fsynced;
 * 4. the folders fsynced, then `manifest.json` written to a temporary file, fsynced, renamed,
 *    and the folder fsynced: from here on the backup exists (`onCommitted`);
 * 5. retention: earlier backups beyond what it keeps lose their manifest first, then their files.
 *
 * A failure or crash before step 4 leaves a folder without a manifest, which no listing shows
 * and the next run removes.
 */
export class BackupWriter {
  constructor(private readonly parts: WriterParts) {}

  async run(target: BackupTarget, context: WriterContext, onCommitted: (backupId: string) => void): Promise<BackupResult> {
    const { files, kill } = this.parts;
    const { tree, root, backupId } = target;
    kill.pass('backup', 'start');
    const rootFound = await stat(root).catch(() => undefined);
    if (!rootFound?.isDirectory()) throw new BackupFailure('backup-root-unavailable');
    const treeDir = treeFolder(root, tree.id);
    await files.mkdir(treeDir);
    const earlier = await backupsOfTree(root, tree.id);
    for (const leftover of earlier.unfinished) {
      await files.remove(backupFolder(root, tree.id, leftover));
      kill.pass('backup', 'leftover removed');
    }
    const previous = earlier.readable[0];
    const folder = backupFolder(root, tree.id, backupId);
    await files.mkdir(join(folder, OBJECTS));
    await syncFolder(files, treeDir);
    await syncFolder(files, root);
    kill.pass('backup', 'folder made');

    const captured = await this.database(target, folder, previous, context);
    const total = captured.blobs.reduce((sum, blob) => sum + blob.size_bytes, captured.entry.size_bytes);
    let done = captured.entry.size_bytes;
    context.progress(done, total, 'bytes');
    await context.checkpoint();

    const previousFolder = previous && backupFolder(root, tree.id, previous.backup_id);
    const reusable = new Map((previous?.objects ?? []).filter((object) => object.path !== DATABASE).map((object) => [object.sha256, object.size_bytes]));
    const counts = { copied: captured.linked ? 0 : 1, linked: captured.linked ? 1 : 0, bytes: captured.linked ? 0 : captured.entry.size_bytes };
    const shards = new Map<string, Promise<void>>();
    const entries: ManifestObject[] = [];
    let linksWork = true;
    let next = 0;
    let failure: { error: unknown } | undefined;
    const copyOne = async (blob: Blob) => {
      const path = objectPath(blob.address);
      const shard = join(folder, OBJECTS, blob.address.slice(0, 2));
      if (!shards.has(shard)) shards.set(shard, files.mkdir(shard));
      await shards.get(shard);
      const destination = join(folder, path);
      let linked = false;
      if (linksWork && previousFolder && reusable.get(blob.address) === blob.size_bytes) {
        const outcome = await this.linkFrom(join(previousFolder, path), destination, blob.size_bytes);
        if (outcome === 'unsupported') linksWork = false;
        linked = outcome === 'linked';
      }
      if (linked) counts.linked++;
      else {
        await this.copyBlob(tree, blob, destination);
        counts.copied++;
        counts.bytes += blob.size_bytes;
      }
      entries.push({ path, sha256: blob.address, size_bytes: blob.size_bytes });
      kill.pass('backup', linked ? 'object linked' : 'object copied');
      done += blob.size_bytes;
      context.progress(done);
      await context.checkpoint();
    };
    // A few files side by side; the first failure stops the others at their next file, and
    // the run fails only once every one has stopped (nothing is written after the cleanup).
    const worker = async () => {
      while (!failure && next < captured.blobs.length) {
        try {
          await copyOne(captured.blobs[next++]);
        } catch (error) {
          failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, captured.blobs.length) }, worker));
    if (failure) throw failure.error;

    for (const shard of shards.keys()) await syncFolder(files, shard);
    await syncFolder(files, join(folder, OBJECTS));
    await syncFolder(files, folder);
    kill.pass('backup', 'folders synced');
    await context.checkpoint();

    entries.sort((a, b) => (a.path < b.path ? -1 : 1));
    const objects = [captured.entry, ...entries];
    const manifest: Manifest = {
      format_version: FORMAT_VERSION,
      backup_id: backupId,
      tree_id: tree.id,
      tree_name: target.treeName,
      app_version: this.parts.appVersion,
      created_at_ms: captured.createdAtMs,
      event_count: captured.eventCount,
      object_count: objects.length,
      total_bytes: total,
      last_seq: captured.lastSeq,
      schema_checksum: captured.schema,
      objects,
    };
    await this.writeManifest(folder, manifest);
    onCommitted(backupId);

    const pruned = await this.prune(target, backupId);
    return {
      backup_id: backupId,
      tree_id: tree.id,
      database: captured.database,
      object_count: objects.length,
      total_bytes: total,
      objects_copied: counts.copied,
      objects_linked: counts.linked,
      bytes_copied: counts.bytes,
      pruned,
    };
  }

  /** Step 2: the database file of the backup, its manifest entry, and what it says about the tree. */
  private async database(target: BackupTarget, folder: string, previous: Manifest | undefined, context: WriterContext) {
    const { tree } = target;
    const { kill, clock } = this.parts;
    const destination = join(folder, DATABASE);
    // Read in one turn of the event loop, so nothing is written to the tree in between.
    const lastSeq = tree.records.lastSeq();
    const schema = schemaChecksum(tree.db);
    const previousDatabase = previous?.objects.find((object) => object.path === DATABASE);
    if (previous && previousDatabase && previous.last_seq === lastSeq && previous.schema_checksum === schema) {
      const blobs = tree.prepare('SELECT address, size_bytes FROM blobs ORDER BY address').all() as Blob[];
      const createdAtMs = clock.now();
      const source = join(backupFolder(target.root, tree.id, previous.backup_id), DATABASE);
      const outcome = await this.linkFrom(source, destination, previousDatabase.size_bytes);
      // No hard links here (exFAT, say): a checked copy. The previous file gone or changed: a new capture.
      if (outcome === 'linked' || (outcome === 'unsupported' && (await this.copyVerified(source, destination, previousDatabase)))) {
        kill.pass('backup', 'database reused');
        return { database: 'reused' as const, linked: outcome === 'linked', entry: { ...previousDatabase }, blobs, eventCount: previous.event_count, lastSeq, schema, createdAtMs };
      }
    }

    let first = true;
    await tree.db.backup(destination, {
      progress: () => {
        context.signal.throwIfAborted();
        if (first) kill.pass('backup', 'database capture under way');
        first = false;
        return PAGES_PER_STEP;
      },
    });
    const createdAtMs = clock.now();
    kill.pass('backup', 'database captured');
    // One self-contained file: the copy's header says WAL (copied from the live database); a
    // rollback journal makes it readable without -wal/-shm files and read-only elsewhere.
    const copy = new Database(destination);
    let facts: { blobs: Blob[]; eventCount: number; lastSeq: number; schema: string };
    try {
      copy.pragma('journal_mode = DELETE');
      facts = {
        blobs: copy.prepare('SELECT address, size_bytes FROM blobs ORDER BY address').all() as Blob[],
        eventCount: copy.prepare('SELECT count(*) FROM records').pluck().get() as number,
        lastSeq: copy.prepare('SELECT coalesce(max(seq), 0) FROM records').pluck().get() as number,
        schema: schemaChecksum(copy),
      };
    } finally {
      copy.close();
    }
    const entry = { path: DATABASE, ...(await hashFile(this.parts.files, destination, { sync: true })) };
    kill.pass('backup', 'database hashed');
    return { database: 'captured' as const, linked: false, entry, ...facts, createdAtMs };
  }

  /** Hard-links `source` (checked to be a file of `size` bytes) to `destination`. */
  private async linkFrom(source: string, destination: string, size: number): Promise<'linked' | 'missing' | 'unsupported'> {
    const found = await lstat(source).catch(() => undefined);
    if (!found?.isFile() || found.size !== size) return 'missing';
    try {
      await this.parts.files.link(source, destination);
      return 'linked';
    } catch (error) {
      const code = errorCode(error);
      if (code && NO_LINKS.has(code)) return 'unsupported';
      throw error;
    }
  }

  /** Copies a blob from the tree while hashing; a file that does not match its address (or is gone) fails the run. */
  private async copyBlob(tree: Tree, blob: Blob, destination: string): Promise<void> {
    let source;
    try {
      source = await open(tree.blobs.path(blob.address), 'r');
    } catch {
      throw new BackupFailure('tree-object-missing', `The tree's file of blob ${blob.address} is missing`, { address: blob.address });
    }
    try {
      const copied = await copyHashing(this.parts.files, source, destination);
      if (copied.sha256 !== blob.address || copied.size_bytes !== blob.size_bytes) {
        throw new BackupFailure('tree-object-corrupt', `The tree's file of blob ${blob.address} no longer matches its address`, { address: blob.address });
      }
    } finally {
      await source.close();
    }
  }

  /** Copies a file of the previous backup (a file system without hard links); false, and no copy, if it no longer matches its entry. */
  private async copyVerified(sourceFile: string, destination: string, entry: ManifestObject): Promise<boolean> {
    const source = await open(sourceFile, 'r');
    let copied;
    try {
      copied = await copyHashing(this.parts.files, source, destination);
    } finally {
      await source.close();
    }
    if (copied.sha256 === entry.sha256 && copied.size_bytes === entry.size_bytes) return true;
    await this.parts.files.remove(destination);
    return false;
  }

  /** Step 4: temporary file, fsync, rename, fsync of the folder; the rename is the moment the backup exists. */
  private async writeManifest(folder: string, manifest: Manifest): Promise<void> {
    const { files, kill } = this.parts;
    const temporary = join(folder, `.manifest-${randomBytes(6).toString('hex')}.tmp`);
    const handle = await files.open(temporary, 'wx', 0o600);
    try {
      await writeAll(handle, Buffer.from(serializeManifest(manifest), 'utf8'));
      await handle.sync();
    } finally {
      await handle.close();
    }
    kill.pass('backup', 'manifest written beside');
    await files.rename(temporary, join(folder, MANIFEST));
    kill.pass('backup', 'manifest in place');
    await syncFolder(files, folder);
    kill.pass('backup', 'manifest durable');
  }

  /** Step 5: retention. A backup loses its manifest first (it no longer exists), then its files. Failures are logged, not fatal. */
  private async prune(target: BackupTarget, made: string): Promise<number> {
    const { files, kill, clock, logger } = this.parts;
    let pruned = 0;
    try {
      const { readable } = await backupsOfTree(target.root, target.tree.id);
      for (const backupId of toPrune(readable, target.retention, clock.now(), made)) {
        const folder = backupFolder(target.root, target.tree.id, backupId);
        await files.remove(join(folder, MANIFEST));
        await syncFolder(files, folder);
        kill.pass('backup', 'pruned manifest removed');
        await files.remove(folder);
        kill.pass('backup', 'pruned backup removed');
        pruned++;
      }
    } catch (error) {
      logger.warn({ error: loggable(error), failure: classify(error).code, tree_id: target.tree.id }, 'backup retention stopped');
    }
    return pruned;
  }
}
