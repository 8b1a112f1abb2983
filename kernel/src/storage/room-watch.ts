import { isDiskFull } from './disk-full.js';

/** The first pause before a write the disk refused is tried again; each pause after doubles, up to `LONGEST_PAUSE_MS`. */
const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 30_000;

/** Why a write that waited for room gave up: the tree closed. */
class TreeClosed extends Error {
  constructor() {
    super('The tree closed before there was room for the write');
    this.name = 'TreeClosed';
  }
}

/**
 * The writes of one tree waiting for room on its disk (`Tree.writeWhenRoom`). A write the disk
 * refused (`isDiskFull`) is tried again as soon as another commit of the tree goes through (there
 * is room again, at least for a while) or after a pause that grows from half a second to 30 s,
 * until it goes through, throws something else, its signal aborts or the tree closes.
 * Costs a commit one check of an empty set while nothing waits.
 */
export class RoomWatch {
  private readonly waiting = new Set<() => void>();
  private closed = false;

  /** A commit went through: the writes waiting for room try again now. */
  committed(): void {
    if (this.waiting.size === 0) return;
    for (const wake of [...this.waiting]) wake();
  }

  /**
   * Runs `write` until the disk takes it; its answer. A fault other than a full disk is thrown at
   * once; a full disk's error is thrown when `signal` aborts or the tree closes while waiting.
   */
  async retry<T>(write: () => T, signal?: AbortSignal): Promise<T> {
    let pauseMs = FIRST_PAUSE_MS;
    for (;;) {
      if (this.closed) throw new TreeClosed();
      try {
        return write();
      } catch (error) {
        if (!isDiskFull(error)) throw error;
        if (!(await this.pause(pauseMs, signal))) throw error;
        pauseMs = Math.min(pauseMs * 2, LONGEST_PAUSE_MS);
      }
    }
  }

  /** The tree is closing: every write waiting for room gives up. */
  close(): void {
    this.closed = true;
    this.committed();
  }

  /** Waits for the next commit or `ms`; false when the wait was cut short by `signal` or the tree closing. */
  private pause(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      const done = (goOn: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        this.waiting.delete(wake);
        resolve(goOn);
      };
      const wake = () => done(!this.closed);
      const aborted = () => done(false);
      // Unref'd: a write waiting for room does not keep the process alive on its own.
      const timer = setTimeout(wake, ms);
      timer.unref();
      signal?.addEventListener('abort', aborted, { once: true });
      this.waiting.add(wake);
    });
  }
}
