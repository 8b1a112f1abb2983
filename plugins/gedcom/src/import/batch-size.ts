import type { GedcomNode } from '@rootline/gedcom';

/**
 * How long one batch (one transaction) may hold the event loop: every other request waits for
 * it, and the issue wants their p99 under 50 ms while an import runs. A commit, a WAL
 * checkpoint or a garbage collection can land in any batch on top of this.
 */
export const BATCH_MS = 20;
/** The first batch of a pass, before anything is known of its records' cost. */
const FIRST_LINES = 250;
/** The fewest a batch holds: below this, a transaction's own cost (its commit) would be most of it. */
export const MIN_LINES = 20;
const MAX_LINES = 40_000;

/** A record's lines, itself included: what it costs to map is about proportional to them. */
export function linesOf(record: GedcomNode): number {
  let lines = 1;
  for (const child of record.children) lines += linesOf(child);
  return lines;
}

/**
 * Lines per batch, from the time per line the last batches of the same pass took. Measured
 * in lines, not records: an individual with forty facts costs ten times a family with four.
 * (An undo counts the items it takes away of one kind the same way: `undo.ts`.)
 * A batch slower than expected shrinks the next one at once, a faster one lets it grow slowly
 * (a moving average, and at most twice the last batch).
 */
export class BatchSize {
  private msPerLine: number | undefined;
  /** The lines of the last timed batch: read only once one was timed. */
  private last = 0;

  /** `first`: the first batch, before anything is known (an undo starts each kind at the fewest: some cost a millisecond an item). */
  constructor(private readonly now: () => number = () => performance.now(), private readonly budgetMs = BATCH_MS, private readonly first = FIRST_LINES) {}

  get lines(): number {
    if (this.msPerLine === undefined) return this.first;
    const fit = Math.floor(this.budgetMs / this.msPerLine);
    return Math.max(MIN_LINES, Math.min(MAX_LINES, this.last * 2, fit));
  }

  /** Runs and times one batch of `lines` lines. */
  time(lines: number, work: () => void): void {
    const started = this.now();
    work();
    if (lines === 0) return;
    const perLine = (this.now() - started) / lines;
    this.last = lines;
    this.msPerLine = this.msPerLine === undefined ? perLine : Math.max(perLine, 0.7 * this.msPerLine + 0.3 * perLine);
  }
}
