import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database during a bulk load. */
const EVERY_MS = 250;

/**
 * The thread's code, plain JavaScript (an eval worker, so the esbuild bundle needs no second
 * file): its own connection to the tree's database runs `wal_checkpoint(PASSIVE)` every
 * `EVERY_MS` until told to stop. A passive checkpoint copies what no reader still needs and
 * never waits for the writer, so the import's batches go on meanwhile.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlite);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints a tree's database from a second thread while a bulk load writes it. Left to the
 * writing connection, a checkpoint runs inside the commit that fills the log past 1,000 pages:
 * two fsyncs and a copy on the event loop's thread, about 330 times in a 23,000-person import
 * (docs/benchmarks.md). `stop` ends the thread after one last checkpoint.
 */
export class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;

  /** `failed` runs if the thread cannot run (the writer then checkpoints as usual again). */
  constructor(file: string, failed: () => void) {
    const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD, { eval: true, workerData: { file, sqlite, everyMs: EVERY_MS } });
    // A server closing mid-load does not wait for it.
    this.worker.unref();
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.once('error', failed);
  }

  async stop(): Promise<void> {
    this.worker.postMessage('stop');
    await this.exited;
  }
}
