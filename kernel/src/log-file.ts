import { write } from 'node:fs';

/** The system call the log is appended with (`fs.write`'s shape): tests pass their own to fail it as a full disk would. */
export type WriteLog = (fd: number, data: Buffer, callback: (error: NodeJS.ErrnoException | null, written: number) => void) => void;

/** What was lost while the log could not be written, told once writing works again. */
export interface LostLines {
  lines: number;
  /** The last error's code (`ENOSPC`, `EDQUOT`, `EIO`, ...). */
  code: string;
}

/** At most this much waits while a write is under way; a line past it is lost (and counted). */
const MAX_WAITING_BYTES = 4 * 1024 * 1024;
/** The `code` told when lines were lost because too many waited (a write that does not end), not for an error. */
export const TOO_MANY_WAITING = 'too-many-lines-waiting';
/** After a write fails, lines are dropped (and counted) for this long before the next one is tried. */
export const RETRY_AFTER_MS = 1000;

const defaultWrite: WriteLog = (fd, data, callback) => write(fd, data, 0, data.length, null, callback);

/**
 * Where the logger's lines go: appended to the log file (`<data>/logs/rootline.log`, in the
 * data folder) by asynchronous writes, one at a time, what arrived meanwhile joined into the next.
 *
 * A log that cannot be written never stops the server. A write that fails (a full disk:
 * ENOSPC) loses its lines; for `RETRY_AFTER_MS` after it, lines are dropped and counted; then
 * the next line is tried, and once one is in the file `onResumed` is told how many were lost
 * (the logger notes it, once). Nothing here throws, emits an `error` or waits synchronously.
 * pino's own destination (sonic-boom) did all three on a full disk: its unhandled `error` event
 * ended the process, whose exit then retried a synchronous flush every 100 ms until the disk had
 * room again, the server answering nothing meanwhile. Lines still waiting when the process
 * exits are lost rather than written synchronously: the server waits for them when it closes.
 */
export class LogFile {
  /** pino hands each line to `write`, ending in '\n'. */
  private waiting: string[] = [];
  private waitingBytes = 0;
  private writing = false;
  private lost = 0;
  private lastCode = '';
  private retryAtMs = 0;
  /** A write cut short after part of a line: the next write starts on a new line. */
  private torn = false;
  private idle: (() => void)[] = [];
  /** Told, once, how many lines were lost when a line is written again after a failure. */
  onResumed?: (lost: LostLines) => void;

  constructor(
    private readonly fd: number,
    private readonly writeLog: WriteLog = defaultWrite,
    private readonly now: () => number = Date.now,
  ) {}

  write(line: string): boolean {
    if (this.lost > 0 && this.now() < this.retryAtMs) {
      this.lost++;
      return true;
    }
    if (this.waitingBytes + line.length > MAX_WAITING_BYTES) {
      this.lost++;
      this.lastCode ||= TOO_MANY_WAITING;
      return true;
    }
    this.waiting.push(line);
    this.waitingBytes += line.length;
    if (!this.writing) this.writeWaiting();
    return true;
  }

  /** Whether lines are still on their way to the file. */
  get busy(): boolean {
    return this.writing || this.waiting.length > 0;
  }

  /** Calls back once nothing is on its way to the file (pino's `logger.flush(cb)`). */
  flush(callback?: (error?: Error) => void): void {
    if (!callback) return;
    if (this.busy) this.idle.push(() => callback());
    else callback();
  }

  private writeWaiting(): void {
    const lines = this.waiting.length;
    const text = (this.torn ? '\n' : '') + this.waiting.join('');
    this.waiting = [];
    this.waitingBytes = 0;
    this.writing = true;
    this.writeAll(Buffer.from(text, 'utf8'), 0, (error) => {
      this.writing = false;
      if (error) {
        this.lost += lines;
        this.lastCode = typeof error.code === 'string' ? error.code : 'unknown';
        this.retryAtMs = this.now() + RETRY_AFTER_MS;
        // What waited meanwhile would fail the same way: it is lost too, and nothing is tried until the retry.
        this.lost += this.waiting.length;
        this.waiting = [];
        this.waitingBytes = 0;
      } else {
        this.torn = false;
        if (this.lost > 0) {
          const lost = { lines: this.lost, code: this.lastCode };
          this.lost = 0;
          this.lastCode = '';
          this.onResumed?.(lost);
        }
      }
      if (this.waiting.length && !this.writing) this.writeWaiting();
      if (!this.busy) for (const done of this.idle.splice(0)) done();
    });
  }

  /** Writes all of `data` from `offset`, however many calls it takes; a failure after part of it leaves a torn line. */
  private writeAll(data: Buffer, offset: number, done: (error: NodeJS.ErrnoException | null) => void): void {
    const attempt = (error: NodeJS.ErrnoException | null, written: number) => {
      if (!error && written <= 0) error = Object.assign(new Error('nothing written'), { code: 'EIO' });
      if (error) {
        if (offset > 0) this.torn = true;
        return done(error);
      }
      offset += written;
      if (offset < data.length) this.writeAll(data, offset, done);
      else done(null);
    };
    try {
      this.writeLog(this.fd, offset === 0 ? data : data.subarray(offset), attempt);
    } catch (error) {
      attempt(error as NodeJS.ErrnoException, 0);
    }
  }
}
