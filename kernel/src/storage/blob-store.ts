import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync, type ReadStream } from 'node:fs';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Actor } from '../auth/actor.js';
import type { Clock } from '../ids.js';
import type { Tree } from './tree.js';
import { sniffMediaType, SNIFF_BYTES } from './media-type.js';

/** A stored blob: its content address (bare SHA-256 hex), size and sniffed media type. */
export interface BlobRef {
  address: string;
  size_bytes: number;
  media_type: string;
}

export class BlobTooLargeError extends Error {
  override name = 'BlobTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The upload passed the ceiling of ${maxBytes} bytes`);
  }
}

/**
 * The file-system calls a write makes (node:fs by default). A test passes its own to see
 * the order of write, fsync, rename and folder fsync, or to make one of them fail.
 */
export interface BlobFiles {
  open(path: string, flags: string, mode?: number): Promise<FileHandle>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: boolean }): Promise<void>;
  stat(path: string): Promise<unknown>;
  /** `mkdirSync(path, { recursive: true })`: the first folder it made, or undefined. */
  mkdir(path: string): string | undefined;
}

const nodeFiles: BlobFiles = { open, rename, rm, stat, mkdir: (path) => mkdirSync(path, { recursive: true }) };

const ADDRESS_PATTERN = /^[0-9a-f]{64}$/;
/** Bytes gathered into one write: a socket yields 16-64 KiB at a time, each write is a round trip to the thread pool. */
const WRITE_BATCH_BYTES = 1024 * 1024;
/**
 * Bytes handed to the file system and not yet written, at most: reading and hashing go on
 * while earlier bytes are written, and wait (backpressure: the source is not read) past this.
 */
const WRITE_AHEAD_BYTES = 8 * 1024 * 1024;
const TEMPORARY_PREFIX = '.incoming-';

/**
 * The tree's content-addressed store: `objects/ab/<hex>` plus a `blobs` row.
 *
 * Write order, so a crash at any moment loses nothing acknowledged and leaves nothing
 * half-written: stream into a temporary file in the objects folder while hashing ->
 * fsync the file -> rename it to its address -> fsync the folder -> commit the row (and
 * `blob.stored.v1`). A blob that already exists is not written twice. Temporary files
 * left by a crash are removed when the tree opens.
 */
export class BlobStore {
  constructor(private readonly tree: Tree, private readonly clock: Clock, private readonly files: BlobFiles = nodeFiles) {}

  has(address: string): boolean {
    return ADDRESS_PATTERN.test(address) && this.tree.prepare('SELECT 1 FROM blobs WHERE address = ?').get(address) !== undefined;
  }

  stat(address: string): BlobRef | undefined {
    if (!ADDRESS_PATTERN.test(address)) return undefined;
    return this.tree.prepare('SELECT address, size_bytes, media_type FROM blobs WHERE address = ?').get(address) as BlobRef | undefined;
  }

  /** Whether only the human may download the blob (see `write`'s `humanOnly`). */
  isHumanOnly(address: string): boolean {
    return this.tree.prepare('SELECT 1 FROM human_only_blobs WHERE address = ?').get(address) !== undefined;
  }

  /**
   * Streams bytes from disk; `start`/`end` are inclusive byte offsets. Reads 1 MiB at a
   * time: with the default 64 KiB a large download spends its time on per-chunk overhead.
   */
  openRead(address: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.fileOf(address), { ...(range ? { start: range.start, end: range.end } : {}), highWaterMark: 1 << 20 });
  }

  /** Where a blob's file is, for code that must hand it to a tool or a worker; never shown to clients. */
  path(address: string): string {
    return this.fileOf(address);
  }

  /**
   * Streams `source` into the store. Rejects with BlobTooLargeError past `maxBytes`, or with
   * the signal's reason once `signal` aborts (a cancelled import), leaving nothing behind.
   *
   * A bounded pipeline: each chunk is hashed as it arrives and gathered into 1 MiB writes at
   * their offsets, which the file system performs while the next chunks are read and hashed; at
   * most 8 MiB may wait to be written before reading pauses. Every write has finished (and
   * none failed) before the fsync, so the durability order below is unchanged.
   *
   * `humanOnly`: what the human stores this way (an uploaded GEDCOM file, the human's export) only
   * the human may download; an agent storing the same bytes has them already, which lifts it.
   */
  async write(
    source: AsyncIterable<Buffer | Uint8Array> | Iterable<Buffer | Uint8Array> | Readable,
    options: { maxBytes: number; actor: Actor; signal?: AbortSignal; humanOnly?: boolean },
  ): Promise<BlobRef & { created: boolean }> {
    const temporary = join(this.tree.objectsDir, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
    const file = await this.files.open(temporary, 'wx', 0o600);
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    // A source that stalls never yields another chunk to check the signal on: end it instead.
    const stopSource = () => (source as Readable).destroy?.(options.signal?.reason);
    options.signal?.addEventListener('abort', stopSource, { once: true });
    const writes = new WritePipeline(file);
    let batch: Buffer[] = [];
    let batchBytes = 0;
    try {
      for await (const chunk of source) {
        options.signal?.throwIfAborted();
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        size += bytes.length;
        if (size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
        hash.update(bytes);
        if (headBytes < SNIFF_BYTES) {
          head.push(bytes.subarray(0, SNIFF_BYTES - headBytes));
          headBytes += Math.min(bytes.length, SNIFF_BYTES - headBytes);
        }
        batch.push(bytes);
        batchBytes += bytes.length;
        if (batchBytes >= WRITE_BATCH_BYTES) {
          await writes.add(batch.length === 1 ? batch[0] : Buffer.concat(batch, batchBytes), size - batchBytes);
          batch = [];
          batchBytes = 0;
        }
      }
      if (batchBytes > 0) await writes.add(Buffer.concat(batch, batchBytes), size - batchBytes);
      await writes.finish();
      options.signal?.throwIfAborted();
      await file.sync();
    } catch (error) {
      // No write may land after the file is closed and removed.
      await writes.settle();
      await file.close().catch(() => undefined);
      await this.files.rm(temporary, { force: true });
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', stopSource);
    }
    await file.close();
    const address = hash.digest('hex');
    const target = this.fileOf(address);
    try {
      if (await this.files.stat(target).then(() => true, () => false)) await this.files.rm(temporary, { force: true });
      else await this.moveIntoPlace(temporary, target);
    } catch (error) {
      await this.files.rm(temporary, { force: true });
      throw error;
    }
    const mediaType = await sniffMediaType(Buffer.concat(head));
    const created = this.tree.transact(() => {
      const inserted = this.tree
        .prepare('INSERT INTO blobs (address, size_bytes, media_type, created_at_ms) VALUES (?, ?, ?, ?) ON CONFLICT (address) DO NOTHING')
        .run(address, size, mediaType, this.clock.now()).changes > 0;
      if (inserted) {
        this.tree.record({ kind: 'blob.stored.v1', entity_type: 'blob', entity_id: address, actor: options.actor, payload: { size_bytes: size, media_type: mediaType } });
      }
      if (options.humanOnly && options.actor.kind === 'human') this.tree.prepare('INSERT OR IGNORE INTO human_only_blobs (address) VALUES (?)').run(address);
      else if (options.actor.kind === 'agent') this.tree.prepare('DELETE FROM human_only_blobs WHERE address = ?').run(address);
      return inserted;
    });
    const row = this.stat(address)!;
    return { ...row, created };
  }

  /** Removes temporary files a crash left behind (called when the tree opens). */
  removeLeftovers(): number {
    if (!existsSync(this.tree.objectsDir)) return 0;
    let removed = 0;
    for (const name of readdirSync(this.tree.objectsDir)) {
      if (name.startsWith(TEMPORARY_PREFIX)) {
        rmSync(join(this.tree.objectsDir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }

  private fileOf(address: string): string {
    if (!ADDRESS_PATTERN.test(address)) throw new Error('Not a blob address');
    return join(this.tree.objectsDir, address.slice(0, 2), address);
  }

  private async moveIntoPlace(temporary: string, target: string): Promise<void> {
    const folder = join(target, '..');
    // A new shard folder is itself an entry of the objects folder: make that entry durable too.
    if (this.files.mkdir(folder)) await this.syncFolder(this.tree.objectsDir);
    await this.files.rename(temporary, target);
    await this.syncFolder(folder);
  }

  /** fsync of a folder, so a rename into it survives a power cut. */
  private async syncFolder(folder: string): Promise<void> {
    const handle = await this.files.open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
}

/**
 * Writes at their offsets, several at once, at most WRITE_AHEAD_BYTES waiting: `add` resolves
 * once there is room for more (backpressure), and rejects with the first write's failure.
 */
class WritePipeline {
  private readonly running = new Set<Promise<void>>();
  private waiting = 0;
  private failure: { error: unknown } | undefined;

  constructor(private readonly file: FileHandle) {}

  async add(bytes: Buffer, position: number): Promise<void> {
    this.throwIfFailed();
    this.waiting += bytes.length;
    const write: Promise<void> = writeAll(this.file, bytes, position).then(
      () => this.done(write, bytes.length),
      (error: unknown) => {
        this.failure ??= { error };
        this.done(write, bytes.length);
      },
    );
    this.running.add(write);
    while (this.waiting > WRITE_AHEAD_BYTES && !this.failure) await Promise.race(this.running);
    this.throwIfFailed();
  }

  /** Every write done; rejects if any failed. */
  async finish(): Promise<void> {
    await Promise.all(this.running);
    this.throwIfFailed();
  }

  /** Every write done, failed or not (before the file is closed on an error). */
  async settle(): Promise<void> {
    await Promise.all(this.running);
  }

  private done(write: Promise<void>, length: number): void {
    this.running.delete(write);
    this.waiting -= length;
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}

/**
 * Writes every byte at `position`: a write may take only part of a buffer (a full disk, a
 * signal), and a silently short file would no longer match its address.
 */
async function writeAll(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) offset += (await file.write(bytes, offset, bytes.length - offset, position + offset)).bytesWritten;
}
