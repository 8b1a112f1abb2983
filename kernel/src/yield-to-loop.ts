/**
 * Lets the event loop run what waits (requests, timers, I/O) before going on: long work on the
 * server's one thread (an import, an undo, a whole-tree reading) awaits it between batches.
 */
export const yieldToLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
