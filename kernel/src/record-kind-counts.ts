import type { Db } from './storage/sqlite.js';
import { StatementCache } from './storage/sqlite.js';

/**
 * How many records of each kind a tree's log holds, kept in memory and brought up to date from
 * the records written since it last looked (`current`). What the audit's `total` and a filtered
 * walk of the log read instead of counting or scanning 600,000 records on every request.
 *
 * Exact because the log is append-only: no code updates or deletes a record, and `seq` (SQLite's
 * AUTOINCREMENT) only grows, one transaction writing at a time. So once every committed record
 * up to `upTo` is counted, no record with a smaller `seq` can ever appear: the records after
 * `upTo` are all that is left to count, whichever connection wrote them. Counts are kept only
 * from reads outside a transaction, which see committed records alone.
 */
export class KindCounts {
  private readonly statements: StatementCache;
  private counts = new Map<string, number>();
  /** The last `seq` counted. */
  private upTo = 0;

  constructor(private readonly db: Db) {
    this.statements = new StatementCache(db);
  }

  /**
   * The counts of every record up to the log's last `seq` (returned as `upTo`). Inside a
   * transaction the records it wrote are counted, as its reads see them, but not kept: it may
   * still roll back, and the `seq` it took would then be given to another record.
   */
  current(): { counts: ReadonlyMap<string, number>; upTo: number } {
    const last = this.statements.prepare('SELECT coalesce(max(seq), 0) FROM records').pluck().get() as number;
    if (last === this.upTo) return { counts: this.counts, upTo: last };
    // Counting the new records reads each of them (~0.4 µs a record); counting all of them
    // again reads the (kind, seq) index, about four times cheaper a record. A log that seems to
    // have shrunk (it cannot) is counted again rather than trusted.
    const again = last < this.upTo || last - this.upTo > this.upTo / 4;
    const counts = again ? new Map<string, number>() : this.db.inTransaction ? new Map(this.counts) : this.counts;
    const rows = again
      ? this.statements.prepare('SELECT kind, count(*) AS n FROM records WHERE seq <= ? GROUP BY kind').raw().all(last)
      : this.statements.prepare('SELECT kind, count(*) AS n FROM records WHERE seq > ? AND seq <= ? GROUP BY kind').raw().all(this.upTo, last);
    for (const [kind, n] of rows as [string, number][]) counts.set(kind, (counts.get(kind) ?? 0) + n);
    if (!this.db.inTransaction) {
      this.counts = counts;
      this.upTo = last;
    }
    return { counts, upTo: last };
  }
}
