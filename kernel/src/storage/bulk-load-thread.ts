import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { UNLIST_SQL, type SetAsideIndex } from './deferred-indexes.js';

/** How often the thread copies the write-ahead log into the database during a bulk load. */
const EVERY_MS = 250;

/**
 * The thread's code, plain JavaScript (an eval worker, so the esbuild bundle needs no second
 * file). Its own connection to the tree's database:
 * - runs `wal_checkpoint(PASSIVE)` every `EVERY_MS`. A passive checkpoint copies what no
 *   reader still needs and never waits for the writer, so the import's batches go on meanwhile;
 * - checkpoints at once when asked (`{ checkpoint: true }`) and answers `{ checkpointed: true }`;
 * - builds an index set aside when asked (`{ build: { name, sql } }`): the index and its removal
 *   from `deferred_indexes` in one transaction (nothing if it is no longer listed), as
 *   `DeferredIndexes.build` does on the tree's own connection, and answers `{ built: name }` or
 *   `{ built: name, error }`;
 * - stops after one last checkpoint on any other message.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.everyMs);
const unlist = db.prepare(workerData.unlistSql);
parentPort.on('message', (message) => {
  if (message && message.checkpoint) {
    checkpoint();
    parentPort.postMessage({ checkpointed: true });
    return;
  }
  if (message && message.build) {
    const { name, sql } = message.build;
    try {
      db.transaction(() => { if (unlist.run(name).changes === 1) db.exec(sql); }).immediate();
      parentPort.postMessage({ built: name });
    } catch (error) {
      parentPort.postMessage({ built: name, error: String(error && error.message) });
    }
    return;
  }
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * A second thread for a tree's bulk load, with its own connection to the tree's database, so the
 * event loop's thread neither waits for the disk nor holds requests up for work that can be
 * done beside it:
 * - it checkpoints the write-ahead log. Left to the writing connection, a checkpoint runs inside
 *   the commit that fills the log past 1,000 pages: two fsyncs and a copy on the event loop's
 *   thread, about 330 times in a 23,000-person import (docs/benchmarks.md);
 * - it builds the indexes the load set aside (`buildIndex`). On the event loop's thread each
 *   build held every request up: 150-170 ms at 23,000 persons, ~900 ms at 102,000. Reads are
 *   answered meanwhile; a write waits for the build (up to the busy timeout, 5 s).
 * `stop` ends the thread after one last checkpoint.
 */
export class BulkLoadThread {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  private failure: Error | undefined;
  private waiting: { name: string; done: (error?: Error) => void } | undefined;
  /** Who waits for the checkpoint asked of the thread (`checkpointNow`). */
  private checkpointWaiters: (() => void)[] = [];

  /** `failed` runs if the thread cannot run (the writer then checkpoints and builds as usual again). */
  constructor(file: string, failed: () => void) {
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, { eval: true, workerData: { file, sqlite, everyMs: EVERY_MS, unlistSql: UNLIST_SQL } });
    // Idle between builds, it holds nothing open: only a build or a stop someone awaits does.
    this.worker.unref();
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    // The thread answers the build asked of it (one at a time) and each checkpoint asked, in order.
    this.worker.on('message', (message: { built?: string; checkpointed?: true; error?: string }) => {
      if (message.checkpointed) this.checkpointed();
      else this.answer(message.error === undefined ? undefined : new Error(message.error));
    });
    const end = (error: Error) => {
      this.failure ??= error;
      this.answer(error);
      this.checkpointed(true);
    };
    this.worker.once('error', (error) => {
      end(error);
      failed();
    });
    this.worker.once('exit', () => end(new Error('the bulk load thread has stopped')));
  }

  /**
   * Builds `index` on the thread; rejects if it could not (the caller then builds it itself). One
   * at a time. While one is built the thread holds the process open: someone awaits it.
   */
  buildIndex(index: SetAsideIndex): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.waiting) return Promise.reject(new Error(`index ${this.waiting.name} is still being built`));
    return new Promise((resolve, reject) => {
      this.waiting = { name: index.name, done: (error) => (error ? reject(error) : resolve()) };
      this.worker.ref();
      this.worker.postMessage({ build: { name: index.name, sql: index.sql } });
    });
  }

  /** Ends the wait for the index being built, if any. */
  private answer(error: Error | undefined): void {
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    if (this.checkpointWaiters.length === 0) this.worker.unref();
    waiting.done(error);
  }

  /**
   * A checkpoint now, settled once the thread has made it (at once if the thread has stopped).
   * Asked while the tree's connection writes nothing, it copies the whole log into the database.
   */
  checkpointNow(): Promise<void> {
    if (this.failure) return Promise.resolve();
    return new Promise((resolve) => {
      this.checkpointWaiters.push(resolve);
      this.worker.ref();
      this.worker.postMessage({ checkpoint: true });
    });
  }

  /** Ends the wait for the oldest checkpoint asked (the thread answers in order), or, once it has stopped, every wait. */
  private checkpointed(all = false): void {
    const done = all ? this.checkpointWaiters.splice(0) : this.checkpointWaiters.splice(0, 1);
    if (done.length === 0) return;
    if (!this.waiting && this.checkpointWaiters.length === 0) this.worker.unref();
    for (const resolve of done) resolve();
  }

  /** Ends the thread after one last checkpoint (and the build in progress, if any); holds the process open until it has. */
  async stop(): Promise<void> {
    this.worker.ref();
    this.worker.postMessage('stop');
    await this.exited;
  }
}
