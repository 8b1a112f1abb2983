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

    // Blobs are immutable and never taken away, so those the live database lists now are all
    // in the database the capture ends with: they are copied (by the kernel) while the database
    // is captured and hashed (on this thread), and what the capture lists beyond them (stored
    // meanwhile) after it. A failure on either side stops the other before the run fails.
    const previousFolder = previous ? backupFolder(root, tree.id, previous.backup_id) : undefined;
    let done = 0;
    const copier = new ObjectCopier(this.parts, tree, folder, previous, previousFolder, context, (bytes) => {
      done += bytes;
      context.progress(done);
    });
    const live = tree.prepare('SELECT address, size_bytes FROM blobs ORDER BY address').all() as Blob[];
    const [database, blobs] = await Promise.allSettled([
      this.database(target, folder, previous, context, () => copier.stopReason()).catch((error: unknown) => {
        copier.abort(error);
        throw error;
      }),
      copier.copyAll(live),
    ]);
    if (database.status === 'rejected') throw database.reason;
    if (blobs.status === 'rejected') throw blobs.reason;
    const captured = database.value;
    const total = captured.blobs.reduce((sum, blob) => sum + blob.size_bytes, captured.entry.size_bytes);
    done += captured.entry.size_bytes;
    context.progress(done, total, 'bytes');
    await copier.copyAll(captured.blobs.filter((blob) => !copier.holds(blob.address)));
    await copier.keepOnly(new Set(captured.blobs.map((blob) => blob.address)));
    await copier.syncAll();
    await syncFolder(files, folder);
    kill.pass('backup', 'folders synced');
    await context.checkpoint();

    const entries = copier.entries();
    const counts = { copied: copier.counts.copied + (captured.linked ? 0 : 1), linked: copier.counts.linked + (captured.linked ? 1 : 0), bytes: copier.counts.bytes + (captured.linked ? 0 : captured.entry.size_bytes) };
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

    // The backups of the tree, newest first: the one just made, then those read at the start (runs of a tree never overlap).
    const pruned = await this.prune(target, [manifest, ...earlier.readable], backupId);
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
  private async database(target: BackupTarget, folder: string, previous: Manifest | undefined, context: WriterContext, stopReason: () => unknown) {
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
      const outcome = await linkFrom(this.parts.files, source, destination, previousDatabase.size_bytes);
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
        // The blobs copied side by side failed: the run fails with their error, no need to go on.
        const stop = stopReason();
        if (stop) throw stop;
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
  private async prune(target: BackupTarget, backups: Manifest[], made: string): Promise<number> {
    const { files, kill, clock, logger } = this.parts;
    let pruned = 0;
    try {
      for (const backupId of toPrune(backups, target.retention, clock.now(), made)) {
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

/** Hard-links `source` (checked to be a file of `size` bytes) to `destination`. */
async function linkFrom(files: BackupFiles, source: string, destination: string, size: number): Promise<'linked' | 'missing' | 'unsupported'> {
  const found = await lstat(source).catch(() => undefined);
  if (!found?.isFile() || found.size !== size) return 'missing';
  try {
    await files.link(source, destination);
    return 'linked';
  } catch (error) {
    const code = errorCode(error);
    if (code && NO_LINKS.has(code)) return 'unsupported';
    throw error;
  }
}

/**
 * Step 3: the blobs of one backup. Each is hard-linked from the previous backup when that one
 * holds the same address and size, else copied from the tree by the kernel (`copyFile`:
 * copy_file_range, no bytes through this process) after checking the tree's file is there and
 * of the size its row says. Blobs are not re-hashed here: a blob's name is its SHA-256, checked
 * by the blob store when it was stored, and restore re-hashes every byte. Files are fsynced
 * together at the end (`syncAll`), which lets the disk write them in large runs.
 */
class ObjectCopier {
  readonly counts = { copied: 0, linked: 0, bytes: 0 };
  private readonly done = new Map<string, ManifestObject>();
  private readonly copied: string[] = [];
  private readonly shards = new Map<string, Promise<void>>();
  private readonly reusable: Map<string, number>;
  private linksWork = true;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly parts: WriterParts,
    private readonly tree: Tree,
    private readonly folder: string,
    previous: Manifest | undefined,
    private readonly previousFolder: string | undefined,
    private readonly context: WriterContext,
    private readonly onBytes: (bytes: number) => void,
  ) {
    this.reusable = new Map((previous?.objects ?? []).filter((object) => object.path !== DATABASE).map((object) => [object.sha256, object.size_bytes]));
  }

  holds(address: string): boolean {
    return this.done.has(address);
  }

  /** Stops the copies at their next file (the database step failed). */
  abort(error: unknown): void {
    this.failure ??= { error };
  }

  /** The error the copies stopped on, if they did: the database step stops on it too. */
  stopReason(): unknown {
    return this.failure?.error;
  }

  /** The manifest entries, in path order. */
  entries(): ManifestObject[] {
    return [...this.done.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  }

  /**
   * Copies `blobs`, a few side by side; the first failure stops the others at their next file,
   * and this settles only once every one has stopped (nothing is written after the cleanup).
   */
  async copyAll(blobs: Blob[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (!this.failure && next < blobs.length) {
        try {
          await this.copyOne(blobs[next++]);
        } catch (error) {
          this.failure ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, blobs.length) }, worker));
    if (this.failure) throw this.failure.error;
  }

  /** Removes what was copied of blobs the captured database does not list (none, while blobs are never taken away). */
  async keepOnly(addresses: Set<string>): Promise<void> {
    for (const [address, entry] of this.done) {
      if (addresses.has(address)) continue;
      await this.parts.files.remove(join(this.folder, entry.path));
      this.done.delete(address);
    }
  }

  /** fsync of every file copied (a link's data is already on disk), then of the folders that name them. */
  async syncAll(): Promise<void> {
    const { files } = this.parts;
    const syncFile = async (file: string) => {
      const handle = await files.open(file, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
    };
    await inParallel(this.copied, syncFile);
    await inParallel([...this.shards.keys()], (shard) => syncFolder(files, shard));
    await syncFolder(files, join(this.folder, OBJECTS));
  }

  private async copyOne(blob: Blob): Promise<void> {
    const { files, kill } = this.parts;
    const path = objectPath(blob.address);
    const shard = join(this.folder, OBJECTS, blob.address.slice(0, 2));
    if (!this.shards.has(shard)) this.shards.set(shard, files.mkdir(shard));
    await this.shards.get(shard);
    const destination = join(this.folder, path);
    let linked = false;
    if (this.linksWork && this.previousFolder && this.reusable.get(blob.address) === blob.size_bytes) {
      const outcome = await linkFrom(files, join(this.previousFolder, path), destination, blob.size_bytes);
      if (outcome === 'unsupported') this.linksWork = false;
      linked = outcome === 'linked';
    }
    if (linked) this.counts.linked++;
    else {
      const source = this.tree.blobs.path(blob.address);
      const found = await stat(source).catch(() => undefined);
      if (!found) throw new BackupFailure('tree-object-missing', `The tree's file of blob ${blob.address} is missing`, { address: blob.address });
      if (found.size !== blob.size_bytes) throw new BackupFailure('tree-object-corrupt', `The tree's file of blob ${blob.address} no longer matches what was stored`, { address: blob.address });
      await files.copyFile(source, destination);
      this.copied.push(destination);
      this.counts.copied++;
      this.counts.bytes += blob.size_bytes;
    }
    this.done.set(blob.address, { path, sha256: blob.address, size_bytes: blob.size_bytes });
    kill.pass('backup', linked ? 'object linked' : 'object copied');
    this.onBytes(blob.size_bytes);
    await this.context.checkpoint();
  }
}

/** Runs `work` on every item, `CONCURRENCY` at a time (file-system calls run on libuv's four threads); rejects with the first failure once all have settled. */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < items.length) {
      try {
        await work(items[next++]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  if (failure) throw failure.error;
}
