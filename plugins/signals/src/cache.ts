import type { TreePicture } from './picture.js';
import type { SignalsDto } from './schemas.js';

/** One tree's signals as last brought up to date: the picture, the record it is as of, and what was shown of it then. */
export interface KeptSignals {
  picture: TreePicture;
  /** The tree's last record when the picture was last brought up to date (0 and '' for an empty log). */
  seq: number;
  recordId: string;
  /** The signals as shown at that record, at the largest example cap (a smaller one is a prefix); none yet right after a whole reading. */
  shown?: SignalsDto;
}

/**
 * The signals of each tree kept in memory (`signalsCache`, one for the server). Every change of
 * a tree appends a record in the change's own transaction (CONTRACT §6): while the last record is
 * the same the signals are, and after a change the records since say what to read again.
 */
export class SignalsCache {
  private readonly trees = new Map<string, KeptSignals>();
  private readonly readings = new Map<string, Promise<void>>();

  get(tree: string): KeptSignals | undefined {
    return this.trees.get(tree);
  }

  set(tree: string, kept: KeptSignals): void {
    this.trees.set(tree, kept);
  }

  /** Runs `read` (a whole reading of `tree`), or waits for the one already running: requests that come meanwhile share it. */
  reading(tree: string, read: () => Promise<KeptSignals>): Promise<void> {
    let running = this.readings.get(tree);
    if (!running) {
      running = read()
        .then((kept) => this.set(tree, kept))
        .finally(() => this.readings.delete(tree));
      this.readings.set(tree, running);
    }
    return running;
  }
}
