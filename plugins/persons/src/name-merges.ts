import { isDiskFull, type Tree } from '@rootline/kernel';

/** The persons' two full-text name indexes (FTS5, `contentless_delete`). */
const INDEXES = ['person_names', 'person_names_trigram'] as const;

/** FTS5's own default `automerge`: what a released index goes back to. */
const AUTOMERGE = 4;

/**
 * Pages one catch-up step may write: at most ~15 ms on a 2-core machine with half of 102,000
 * names deleted. An index whose every name was deleted writes none, and is merged in one step
 * (~60 ms each at 102,000 names).
 */
const MERGE_PAGES = 16;

/** A catch-up step's fault: a full disk ends the catch-up quietly (later writes' own merges finish it); any other is thrown. */
function endsCatchUp(error: unknown): void {
  if (!isDiskFull(error)) throw error;
}

/** Who holds a tree's merges now (two undos at once release them when the second ends). */
const holders = new WeakMap<Tree, number>();

/**
 * The name indexes' segment merges, held while many persons are retracted in a row. FTS5 merges
 * an index's segments inside whichever write crosses its thresholds, and deletions count: a
 * level a tenth deleted (`deletemerge`) is rewritten then, in one go when most of it is deleted.
 * During an undo of 102,000 persons about 35 transactions held every request 230-530 ms that
 * way. Held (`automerge` 0), a retraction only marks its names deleted; on release the indexes
 * catch up a bounded step at a time, each step its own transaction.
 *
 * The settings live in the database (`<index>_config`), so a crash while they are held leaves
 * them held: the tree's open releases them (`mendAfterCrash`). Merging is housekeeping: an index
 * answers the same held or not, so a hold or release the disk refuses never fails the work;
 * the tree's next open mends it. Any other fault is thrown.
 */
export class NameIndexMerges {
  constructor(private readonly tree: Tree) {}

  /** Holds the merges (if no one holds them yet). */
  hold(): void {
    const count = holders.get(this.tree) ?? 0;
    if (count === 0 && !this.tryToSet(0)) return;
    holders.set(this.tree, count + 1);
  }

  /** Lets go of a hold; the last one out releases the merges and catches up, with `pause` between steps. */
  async release(pause: () => Promise<void>): Promise<void> {
    const count = holders.get(this.tree) ?? 0;
    if (count === 0) return;
    holders.set(this.tree, count - 1);
    if (count > 1 || !this.tryToSet(AUTOMERGE)) return;
    await this.catchUp(pause);
  }

  /** Steps until no work is left, `pause` between. */
  private async catchUp(pause: () => Promise<void>): Promise<void> {
    try {
      while (this.step()) await pause();
    } catch (error) {
      endsCatchUp(error);
    }
  }

  /** The same without pauses (the tree's open). */
  private catchUpNow(): void {
    try {
      while (this.step());
    } catch (error) {
      endsCatchUp(error);
    }
  }

  /** Whether the merges are held: a hold going on, or one a crash cut off. */
  held(): boolean {
    return INDEXES.some((index) => this.tree.prepare(`SELECT v FROM ${index}_config WHERE k = 'automerge'`).pluck().get() === 0);
  }

  /**
   * As the tree opens, before any request: merges a crash left held are released and caught up.
   * On a full disk they stay as they are (the tree opens all the same) until an open with room.
   */
  mendAfterCrash(): void {
    if (!this.held() || !this.tryToSet(AUTOMERGE)) return;
    this.catchUpNow();
  }

  /**
   * One bounded merge step (`MERGE_PAGES`), in its own transaction, on the first index with work
   * left: false once neither has any. FTS5's `merge` command changes at least two rows when it
   * did some work (its documented test).
   */
  step(): boolean {
    return this.tree.bulkTransact(() => {
      for (const index of INDEXES) {
        const before = this.totalChanges();
        this.tree.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('merge', ?)`).run(MERGE_PAGES);
        if (this.totalChanges() - before >= 2) return true;
      }
      return false;
    });
  }

  private tryToSet(automerge: number): boolean {
    try {
      this.tree.transact(() => this.setAutomerge(automerge));
      return true;
    } catch (error) {
      if (isDiskFull(error)) return false;
      throw error;
    }
  }

  private setAutomerge(automerge: number): void {
    // FTS5 takes an integer only; a JS number binds as a real.
    for (const index of INDEXES) this.tree.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('automerge', ?)`).run(BigInt(automerge));
  }

  private totalChanges(): number {
    return this.tree.prepare('SELECT total_changes()').pluck().get() as number;
  }
}
