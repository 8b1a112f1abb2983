import type { SignalsDto } from './schemas.js';

/**
 * The last signals computed for each tree, with the tree's last record when they were computed
 * (`signalsCache`, one for the server). Every change of a tree appends a record in the change's
 * own transaction (CONTRACT §6), so while the last record is the same the tree is the same and
 * so are its signals: a dashboard read again and again costs one indexed read until something
 * changes. Kept at the largest example cap; a smaller one is a prefix of it.
 */
export class SignalsCache {
  private readonly trees = new Map<string, { seq: number; signals: SignalsDto }>();

  /** The signals of `tree` as of record `seq`, if they were computed then. */
  get(tree: string, seq: number): SignalsDto | undefined {
    const kept = this.trees.get(tree);
    return kept?.seq === seq ? kept.signals : undefined;
  }

  set(tree: string, seq: number, signals: SignalsDto): void {
    this.trees.set(tree, { seq, signals });
  }
}
