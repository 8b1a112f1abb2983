import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Db, Statement } from './sqlite.js';
import { openDatabase, StatementCache } from './sqlite.js';
import { RecordLog, type NewRecord, type TreeRecord } from '../records.js';
import type { ChangeBus } from '../stream/change-bus.js';
import type { RecordObservers } from '../stream/record-observers.js';
import type { Clock, IdSource } from '../ids.js';
import { BlobStore } from './blob-store.js';
import { DeferredIndexes, type SetAsideIndex } from './deferred-indexes.js';
import { BulkLoadThread } from './bulk-load-thread.js';
import { WriteGate } from './write-gate.js';
import { WalFlush } from './wal-flush.js';
import { RoomWatch } from './room-watch.js';
import { yieldToLoop } from '../yield-to-loop.js';

/** How long after its last batch a bulk job still counts as running (its batches come every few ms). */
const BULK_QUIET_MS = 1000;
/** SQLite's own: a commit that leaves more than 1,000 pages (4 MiB) in the write-ahead log checkpoints it. */
const CHECKPOINT_PAGES = 1000;
/** How long the requests' writes admitted during a bulk load may hold back the next index build. */
const WRITES_FIRST_MS = 1000;
/** How often, at most, a bulk load's pause waits for the whole write-ahead log to be checkpointed (`betweenBatches`). */
const LOG_RESTART_MS = 1000;

/**
 * One open tree: its SQLite database, its objects folder and its record log.
 * Plugins reach it as `request.tree` (or the `tree` of the request scope).
 */
export class Tree {
  readonly db: Db;
  readonly records: RecordLog;
  readonly objectsDir: string;
  /** The database file. */
  private readonly file: string;
  private readonly statements: StatementCache;
  private blobStore: BlobStore | undefined;
  private bulkUntilMs = Number.NEGATIVE_INFINITY;
  private bulkLoadThread: BulkLoadThread | undefined;
  private logRestartDueMs = Number.NEGATIVE_INFINITY;
  /** During a bulk load: the commits not flushed by SQLite, flushed off the event loop's thread. */
  private walFlush: WalFlush | undefined;
  /** Requests' writes and the indexes built on the bulk load's thread, taking turns. */
  private readonly writes = new WriteGate();
  /** The writes waiting for room on the disk (`writeWhenRoom`). */
  private readonly room = new RoomWatch();
  /** The names of the indexes set aside, as last read (`indexedBy`); undefined when it must be read again. */
  private setAsideNames: ReadonlySet<string> | undefined;
  /** The indexes set aside being built again after a build the disk refused (`rebuildWhenRoom`). */
  private rebuilding: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  constructor(
    readonly id: string,
    readonly dir: string,
    private readonly bus: ChangeBus,
    private readonly clock: Clock,
    ids: IdSource,
    observers?: RecordObservers,
    /** Tables whose indexes a bulk load may build at its end instead of row by row (`startBulkLoad`). */
    private readonly bulkLoadTables: ReadonlySet<string> = new Set(),
  ) {
    mkdirSync(dir, { recursive: true });
    this.objectsDir = join(dir, 'objects');
    mkdirSync(this.objectsDir, { recursive: true });
    this.file = join(dir, 'tree.db');
    this.db = openDatabase(this.file);
    this.records = new RecordLog(this.db, clock, ids, observers ? (record) => observers.notify(this, record) : undefined);
    this.statements = new StatementCache(this.db);
  }

  /** The tree's content-addressed files (scans, photographs, exports). */
  get blobs(): BlobStore {
    return (this.blobStore ??= new BlobStore(this, this.clock));
  }

  /** A prepared statement, created once for this database. */
  prepare(sql: string): Statement {
    return this.statements.prepare(sql);
  }

  /**
   * The rows of a query whose one column is each row's JSON, built by SQLite (`json_object(...)`),
   * parsed: for reads of many rows, one string a row crosses into JavaScript instead of a value
   * per column (about 0.65x the time of row objects).
   */
  jsonRows<T>(sql: string, ...params: unknown[]): T[] {
    const items = this.prepare(sql).pluck().all(...params) as string[];
    return items.map((item) => JSON.parse(item) as T);
  }

  /**
   * Runs a change in one transaction. Records appended inside commit with it and are
   * published to the change stream only after the commit. SQLite flushes the commit to disk
   * before this returns, except during a bulk load: then the thread pool does (`flushed`).
   */
  transact<T>(work: () => T): T {
    const flush = this.walFlush;
    if (!flush || flush.closing || this.db.inTransaction) return this.commit(work);
    // The write-ahead log holds the load's unflushed batches: an fsync here would flush them
    // all, on the event loop's thread (~7 ms a write at 23,000 persons). The commit goes to
    // the log unflushed and the thread pool flushes it.
    let result: T;
    this.db.pragma('synchronous = NORMAL');
    try {
      result = this.commit(work);
    } finally {
      this.db.pragma('synchronous = FULL');
    }
    flush.committed();
    return result;
  }

  /**
   * Settles once every commit `transact` made is on disk; undefined when nothing waits (always,
   * outside a bulk load, where SQLite flushes each commit itself). A request that wrote answers
   * only after this (kernel/src/http/write-admission.ts).
   */
  flushed(): Promise<void> | undefined {
    return this.walFlush?.flushed();
  }

  private commit<T>(work: () => T): T {
    const { result, records } = this.records.transact(work);
    for (const record of records) this.bus.publish(this.id, record);
    this.room.committed();
    return result;
  }

  /**
   * Runs `write` (a `transact`, or any write of this tree), and while the disk has no room for it
   * (`SQLITE_FULL`, `ENOSPC`) runs it again: after the tree's next commit that goes through, or
   * after a pause growing from half a second to 30 s. Settles with its answer once it went
   * through; throws a fault other than a full disk at once, and the full disk's error if `signal`
   * aborts or the tree closes first. For writes that must happen and that nobody waits on:
   * the clean-up of a failed job, a job's own state. A request's write is not retried: it fails.
   */
  writeWhenRoom<T>(write: () => T, signal?: AbortSignal): Promise<T> {
    return this.room.retry(write, signal);
  }

  /**
   * `transact` for one batch of a long bulk job (an import): its commit is not flushed to disk
   * by itself (`synchronous = NORMAL` for that commit only, so the event loop does not wait on
   * an fsync per batch). It becomes durable with the next ordinary commit, which flushes the
   * write-ahead log it sits in: the job ends with one. A crash or power cut can lose bulk
   * batches after the last durable commit, never half of one, and never an acknowledged write;
   * the job must be one that is undone whole at the next start when it did not end
   * (an interrupted import is). Inside another transaction it is that transaction.
   */
  bulkTransact<T>(work: () => T): T {
    if (this.db.inTransaction) return this.transact(work);
    try {
      return this.transactUnflushed(work);
    } finally {
      this.bulkUntilMs = this.clock.now() + BULK_QUIET_MS;
    }
  }

  /**
   * `transact` for a change a crash may take back, such as a job's progress: its commit is not
   * flushed to disk by itself (`synchronous = NORMAL` for that commit only), so the event loop
   * does not wait on an fsync for it. It is flushed with the next ordinary commit; a crash or
   * power cut can lose it, never half of it. Inside another transaction it is that transaction.
   */
  transactUnflushed<T>(work: () => T): T {
    if (this.db.inTransaction) return this.commit(work);
    this.db.pragma('synchronous = NORMAL');
    try {
      return this.commit(work);
    } finally {
      this.db.pragma('synchronous = FULL');
    }
  }

  /**
   * Whether a bulk job wrote a batch (an import) or read one (`bulkReadDone`: an export) in the
   * last `BULK_QUIET_MS`: background work that can wait (an index catching up) waits until it is
   * over, instead of taking the event loop and the disk from the job and from the requests
   * answered between its batches.
   */
  get inBulkWork(): boolean {
    return this.writes.closed || this.clock.now() < this.bulkUntilMs;
  }

  /**
   * For a request that may write: undefined when it may go ahead now (no bulk load), else its
   * admission (`WriteGate`), which waits, without holding the event loop, while the bulk load's
   * thread builds an index. The answer is the release, to call when the request is over.
   */
  admitWrite(): Promise<() => void> | undefined {
    return this.bulkLoadThread ? this.writes.admit() : undefined;
  }

  /** A long read job (an export) finished a batch: background work waits as for a bulk write. */
  bulkReadDone(): void {
    this.bulkUntilMs = this.clock.now() + BULK_QUIET_MS;
  }

  /**
   * A bulk job (an import) is about to write many rows: the indexes of the tables that allow it
   * (`bulkLoadTables`) and are still nearly empty are set aside, to be built once by
   * `finishBulkLoad` instead of updated row by row. Unique indexes stay. Until then, reads
   * that would use them scan their table (slower, the same answers). Until it finishes, a second
   * thread (`BulkLoadThread`) checkpoints the write-ahead log, not the commits of the load's
   * batches and of the requests answered between them. Every bulk load that
   * starts must finish (in a `finally`); a crash leaves the list, built when the tree next opens.
   */
  startBulkLoad(): string[] {
    const deferred = new DeferredIndexes(this.db).defer(this.bulkLoadTables);
    this.setAsideNames = undefined;
    if (!this.bulkLoadThread) {
      this.db.pragma('wal_autocheckpoint = 0');
      this.walFlush = new WalFlush(`${this.file}-wal`);
      const thread = new BulkLoadThread(this.file, () => {
        if (this.bulkLoadThread === thread) void this.checkpointOnCommit();
      });
      this.bulkLoadThread = thread;
    }
    return deferred;
  }

  /**
   * For a bulk load's pause between two batches: at most every `LOG_RESTART_MS`, waits (with the
   * event loop free) for the load's thread to checkpoint the write-ahead log while nothing is
   * written, so the whole log is in the database and the next batch starts the log over. SQLite
   * starts it over only at a write that begins after a complete checkpoint; the thread's own
   * checkpoints never were, with batches following each other without a gap, so the log only
   * grew (487 MB for a 23,000-person import). Undefined when there is nothing to wait for.
   */
  betweenBatches(): Promise<void> | undefined {
    const thread = this.bulkLoadThread;
    if (!thread || this.clock.now() < this.logRestartDueMs) return undefined;
    this.logRestartDueMs = this.clock.now() + LOG_RESTART_MS;
    return thread.checkpointNow();
  }

  /**
   * Builds every index set aside, one per transaction, calling `between` after each (where a job
   * reports progress and yields the event loop). The bulk load's thread builds them, so requests
   * are answered meanwhile; without one (it failed), the event loop's thread does. The tree is
   * in bulk work until the last is built. If `between` throws (a cancel), the building goes on,
   * yielding only, and the error is thrown once the last index is built. If a build fails, the
   * error is thrown and what is still set aside is built again when the disk has room
   * (`rebuildWhenRoom`): reads that name an index scan meanwhile (`indexedBy`).
   */
  async finishBulkLoad(between: () => Promise<void> = yieldToLoop): Promise<void> {
    const indexes = new DeferredIndexes(this.db);
    let stop: unknown;
    try {
      for (let next = indexes.next(); next; next = indexes.next()) {
        try {
          await this.buildSetAside(indexes, next);
        } finally {
          this.setAsideNames = undefined;
        }
        // Still bulk work: background work that waits for the load (an index catching up) waits for this too.
        this.bulkUntilMs = this.clock.now() + BULK_QUIET_MS;
        try {
          await (stop === undefined ? between() : yieldToLoop());
        } catch (error) {
          stop = error;
        }
      }
    } catch (error) {
      await this.checkpointOnCommit();
      this.rebuildWhenRoom();
      throw error;
    }
    await this.checkpointOnCommit();
    if (stop !== undefined) throw stop;
  }

  /**
   * What a read that names its index (`INDEXED BY`, where the planner would choose worse) puts
   * after its table: `INDEXED BY "<index>"`, or nothing while a bulk load has that index set aside
   * (the read then scans, slower, with the same answers), where naming it would fail with
   * "no such index".
   */
  indexedBy(index: string): string {
    this.setAsideNames ??= new Set(new DeferredIndexes(this.db).names());
    return this.setAsideNames.has(index) ? '' : `INDEXED BY "${index.replaceAll('"', '""')}"`;
  }

  /**
   * The indexes still set aside after a build failed (a full disk at the end of an import) are
   * built again, one at a time on the event loop's thread, each waiting for room
   * (`writeWhenRoom`), until none is left, a new bulk load takes them over (it builds them at its
   * end), or the tree closes. Without room before the tree closes, the next open builds them.
   */
  private rebuildWhenRoom(): void {
    if (this.rebuilding || !this.db.open) return;
    const indexes = new DeferredIndexes(this.db);
    this.rebuilding = (async () => {
      try {
        for (;;) {
          const built = await this.writeWhenRoom(() => !this.bulkLoadThread && indexes.buildNext());
          this.setAsideNames = undefined;
          if (!built) return;
          await yieldToLoop();
        }
      } catch {
        // The tree closed, or the build fails for another reason: the next open builds what is listed.
      } finally {
        this.rebuilding = undefined;
      }
    })();
  }

  /** One index set aside, built by the bulk load's thread, or here if there is none or it could not. */
  private async buildSetAside(indexes: DeferredIndexes, index: SetAsideIndex): Promise<void> {
    const thread = this.bulkLoadThread;
    if (thread) {
      try {
        // The writes admitted meanwhile first (they are short); the writes asked during the build wait for it.
        await this.writes.settled(WRITES_FIRST_MS);
        await this.writes.closedWhile(thread.buildIndex(index));
        return;
      } catch {
        // Built here instead: a real fault in the index then throws from here.
      }
    }
    indexes.build(index);
  }

  /** Back to checkpoints made by the commit that fills the log (ending the bulk load's thread). */
  private async checkpointOnCommit(): Promise<void> {
    const thread = this.bulkLoadThread;
    const flush = this.walFlush;
    this.bulkLoadThread = undefined;
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
    const closed = flush?.close();
    await thread?.stop();
    await closed;
    if (this.walFlush === flush) this.walFlush = undefined;
  }

  /** Builds the indexes a bulk load cut off by a crash left set aside: as the tree opens. */
  buildDeferredIndexes(): number {
    this.setAsideNames = undefined;
    return new DeferredIndexes(this.db).buildAll();
  }

  /** Shorthand for `records.append` (inside `transact`). */
  record(record: NewRecord): TreeRecord {
    return this.records.append(record);
  }

  /** Runs `work` (usually a `transact`) with every record it appends tagged with `importKey`. */
  withImportKey<T>(importKey: string, work: () => T): T {
    return this.records.withImportKey(importKey, work);
  }

  /**
   * Closes the database at once. A bulk load's thread (if one runs) ends after its last
   * checkpoint: the promise, the same for every call, settles when it has, so a server closing
   * leaves no connection writing beside its folder. Callers that need not wait ignore it.
   */
  close(): Promise<void> {
    if (!this.closing) {
      this.room.close();
      this.closing = this.checkpointOnCommit();
      if (this.db.open) this.db.close();
    }
    return this.closing;
  }
}
