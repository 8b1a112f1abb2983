import { open, type FileHandle } from 'node:fs/promises';
import { fdatasyncSync } from 'node:fs';

/**
 * Makes commits durable off the event loop's thread: a commit made with `synchronous = NORMAL`
 * is in the write-ahead log but not yet on disk; `fdatasync` of the log file, run by libuv's
 * thread pool, puts it there (what SQLite itself does at commit with `synchronous = FULL`, on
 * the calling thread). Flushes are shared: however many commits wait, one flush runs at a time
 * and the next covers every commit made meanwhile.
 */
export class WalFlush {
  private handle: Promise<FileHandle | undefined> | undefined;
  /** Commits made, and how many of them a finished flush covers. */
  private made = 0;
  private covered = 0;
  private running: Promise<void> | undefined;
  private ended = false;

  constructor(
    /** The write-ahead log (`<database>-wal`). */
    private readonly file: string,
    private readonly openFile: (file: string) => Promise<FileHandle> = (file) => open(file, 'r'),
  ) {}

  /** Whether `close` was called: commits from now on are flushed by SQLite again. */
  get closing(): boolean {
    return this.ended;
  }

  /** A commit was made without an fsync: a flush starts (or the next one will cover it). */
  committed(): void {
    this.made++;
    // Whoever needs it awaits `flushed`, which gives the failure; this start only gets it going.
    this.until(this.made).catch(() => undefined);
  }

  /** Settles once every commit made so far is on disk; undefined when all already are. */
  flushed(): Promise<void> | undefined {
    if (this.covered >= this.made) return undefined;
    return this.until(this.made);
  }

  /** Flushes what is left and lets the log file go. */
  async close(): Promise<void> {
    this.ended = true;
    await this.flushed();
    const handle = await this.handle;
    this.handle = undefined;
    await handle?.close();
  }

  private async until(target: number): Promise<void> {
    while (this.covered < target) {
      this.running ??= this.flushOnce().finally(() => {
        this.running = undefined;
      });
      await this.running;
    }
  }

  private async flushOnce(): Promise<void> {
    const upTo = this.made;
    const handle = await (this.handle ??= this.openLog());
    // No log file: nothing was committed into one, so nothing is waiting for the disk (asked again next time).
    if (!handle) this.handle = undefined;
    else {
      try {
        await handle.datasync();
      } catch {
        // Once more on this thread, as SQLite would have: if the disk refuses again, the wait fails.
        fdatasyncSync(handle.fd);
      }
    }
    this.covered = Math.max(this.covered, upTo);
  }

  private openLog(): Promise<FileHandle | undefined> {
    return this.openFile(this.file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      this.handle = undefined; // asked again by the next flush
      throw error;
    });
  }
}
