import { systemActor, type PluginKernel, type Tree } from '@rootline/kernel';
import type { FastifyBaseLogger } from 'fastify';
import { DuplicateIndex } from './index-store.js';

/**
 * Brings the blocking index of a tree up to date in the background, a batch (index-store.ts
 * BATCH) at a time with the event loop free in between, `delayMs` after a change marked it
 * stale: after a GEDCOM import the index is ready before anyone searches, and a search only
 * catches up what changed in the last moments. While a bulk job writes the tree (an import:
 * `tree.inBulkWork`) it waits, and catches up once the job is done, so the import and the
 * requests answered between its batches keep the event loop. A search always catches up first
 * whatever is left, so results never depend on this timing. The singleton `duplicatesIndexer`.
 */
export class DuplicateIndexer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly kernel: PluginKernel, private readonly logger: Pick<FastifyBaseLogger, 'error'>, private readonly options: { enabled: boolean; delayMs: number }) {}

  /** A change was marked in `tree`: catch up after the delay (once, however many changes come meanwhile). */
  schedule(tree: Tree): void {
    if (!this.options.enabled || this.closed || this.timers.has(tree.id)) return;
    this.timers.set(tree.id, setTimeout(() => this.step(tree), this.options.delayMs));
  }

  private step(tree: Tree): void {
    this.timers.delete(tree.id);
    if (this.closed || !tree.db.open) return;
    if (tree.inBulkWork) {
      this.schedule(tree);
      return;
    }
    try {
      const taken = new DuplicateIndex(tree).catchUp(this.kernel.servicesFor(tree, systemActor));
      if (taken > 0) this.timers.set(tree.id, setTimeout(() => this.step(tree), 0));
    } catch (error) {
      // The next search catches up itself (and reports what fails to its caller).
      this.logger.error({ err: error, tree: tree.id }, 'duplicates: background catch-up failed');
    }
  }

  /** Server closing: no more batches. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
