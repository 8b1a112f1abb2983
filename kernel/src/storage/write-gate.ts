/**
 * Requests that may write, and the long writes of a bulk load's thread (an index being built),
 * taking turns on one tree without the event loop waiting on SQLite's lock.
 *
 * A write on the event loop's thread while the other thread holds the database's write lock
 * waits for it synchronously (the busy timeout, 5 s), and every other request waits with it: at
 * 102,000 persons an index takes up to ~900 ms to build, at a million it would take longer than
 * the timeout, and the write would fail. So a request that may write is admitted first
 * (`admit`): while an index is being built (`closedWhile`) it waits for the end of that build,
 * without holding the event loop; and before the next build starts, the writes admitted are
 * let finish (`settled`), for at most a bound so that a stream of writes cannot hold the
 * indexes back for ever.
 */
export class WriteGate {
  private closing: Promise<void> | undefined;
  private inFlight = 0;
  private drained: (() => void)[] = [];

  /** Whether a long write of the other thread is under way. */
  get closed(): boolean {
    return this.closing !== undefined;
  }

  /** Keeps requests' writes waiting until `work` (a build on the other thread) settles; its outcome. */
  async closedWhile<T>(work: Promise<T>): Promise<T> {
    const closing = work.then(
      () => undefined,
      () => undefined,
    );
    this.closing = closing;
    try {
      return await work;
    } finally {
      if (this.closing === closing) this.closing = undefined;
    }
  }

  /** Lets a write go once no long write is under way; call the answer when the request is over (once is enough, more do nothing). */
  async admit(): Promise<() => void> {
    while (this.closing) await this.closing;
    this.inFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const done of this.drained.splice(0)) done();
    };
  }

  /** Resolves once no admitted write is in flight, or after `maxMs`, whichever comes first. */
  settled(maxMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxMs);
      this.drained.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
