import type { Db } from './sqlite.js';

/**
 * A table counts as new for a bulk load while it has fewer rows than this: building its indexes
 * afterwards from everything costs less than keeping them row by row through the load.
 */
const BULK_LOAD_MAX_ROWS = 10_000;

/** Takes a built index off the list (here, and on the bulk load's thread: bulk-load-thread.ts). */
export const UNLIST_SQL = 'DELETE FROM deferred_indexes WHERE name = ?';

/** An index set aside: its name and the SQL that builds it. */
export interface SetAsideIndex {
  name: string;
  sql: string;
}

/**
 * Indexes set aside for a bulk load (a first import into a new tree): each row inserted then
 * updates only its table and the indexes that keep it correct (unique ones), and the others are
 * built once, sorted, at the end. What was set aside is written in `deferred_indexes` in the
 * same transaction that drops it, so a crash mid-load leaves a list, never a lost index: the
 * tree builds what is listed when it next opens.
 */
export class DeferredIndexes {
  constructor(private readonly db: Db) {}

  /**
   * Sets aside the indexes of each of `tables` that has fewer than `maxRows` rows, other than
   * unique ones and those SQLite makes itself (constraints). One transaction; the names set aside.
   */
  defer(tables: Iterable<string>, maxRows = BULK_LOAD_MAX_ROWS): string[] {
    return this.db.transaction(() => {
      const deferred: string[] = [];
      for (const table of tables) {
        if (!this.isSmall(table, maxRows)) continue;
        const indexes = this.db
          .prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name")
          .all(table) as SetAsideIndex[];
        for (const index of indexes) {
          if (/^\s*CREATE\s+UNIQUE\b/i.test(index.sql)) continue;
          this.db.prepare('INSERT INTO deferred_indexes (name, table_name, sql) VALUES (?, ?, ?)').run(index.name, table, index.sql);
          this.db.exec(`DROP INDEX "${index.name.replaceAll('"', '""')}"`);
          deferred.push(index.name);
        }
      }
      return deferred;
    }).immediate();
  }

  /** The next index set aside (by name), or undefined when none is left. */
  next(): SetAsideIndex | undefined {
    return this.db.prepare('SELECT name, sql FROM deferred_indexes ORDER BY name LIMIT 1').get() as SetAsideIndex | undefined;
  }

  /** The names of the indexes set aside. */
  names(): string[] {
    return this.db.prepare('SELECT name FROM deferred_indexes ORDER BY name').pluck().all() as string[];
  }

  /**
   * Builds an index set aside and takes it off the list, in one transaction; nothing when it is
   * no longer listed (the bulk load's thread built it, and its answer was lost with the thread).
   */
  build(index: SetAsideIndex): void {
    this.db.transaction(() => {
      if (this.db.prepare(UNLIST_SQL).run(index.name).changes === 1) this.db.exec(index.sql);
    }).immediate();
  }

  /** Builds the next index set aside; false when none is left. */
  buildNext(): boolean {
    const next = this.next();
    if (!next) return false;
    this.build(next);
    return true;
  }

  /** Builds every index set aside: what a tree does as it opens, after a crash mid-load. */
  buildAll(): number {
    let built = 0;
    while (this.buildNext()) built++;
    return built;
  }

  private isSmall(table: string, maxRows: number): boolean {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    const { rows } = this.db.prepare(`SELECT count(*) AS rows FROM (SELECT 1 FROM ${quoted} LIMIT ?)`).get(maxRows) as { rows: number };
    return rows < maxRows;
  }
}
