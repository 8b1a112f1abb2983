import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Db, Statement } from './sqlite.js';
import { openDatabase, StatementCache } from './sqlite.js';
import { RecordLog, type NewRecord, type TreeRecord } from '../records.js';
import type { ChangeBus } from '../stream/change-bus.js';
import type { RecordObservers } from '../stream/record-observers.js';
import type { Clock, IdSource } from '../ids.js';
import { BlobStore } from './blob-store.js';

/**
 * One open tree: its SQLite database, its objects folder and its record log.
 * Plugins reach it as `request.tree` (or the `tree` of the request scope).
 */
export class Tree {
  readonly db: Db;
  readonly records: RecordLog;
  readonly objectsDir: string;
  private readonly statements: StatementCache;
  private blobStore: BlobStore | undefined;

  constructor(
    readonly id: string,
    readonly dir: string,
    private readonly bus: ChangeBus,
    private readonly clock: Clock,
    ids: IdSource,
    observers?: RecordObservers,
  ) {
    mkdirSync(dir, { recursive: true });
    this.objectsDir = join(dir, 'objects');
    mkdirSync(this.objectsDir, { recursive: true });
    this.db = openDatabase(join(dir, 'tree.db'));
    this.records = new RecordLog(this.db, clock, ids, observers ? (record) => observers.notify(this, record) : undefined);
    this.statements = new StatementCache(this.db);
  }

  /** The tree's content-addressed files (scans, photographs, exports). */
  get blobs(): BlobStore {
    return (this.blobStore ??= new BlobStore(this, this.clock));
  }

  /** A prepared statement, created once for this database. */
  prepare(sql: string): Statement {
    return this.statements.prepare(sql);
  }

  /**
   * Runs a change in one transaction. Records appended inside commit with it and are
   * published to the change stream only after the commit.
   */
  transact<T>(work: () => T): T {
    const { result, records } = this.records.transact(work);
    for (const record of records) this.bus.publish(this.id, record);
    return result;
  }

  /** Shorthand for `records.append` (inside `transact`). */
  record(record: NewRecord): TreeRecord {
    return this.records.append(record);
  }

  /** Runs `work` (usually a `transact`) with every record it appends tagged with `importKey`. */
  withImportKey<T>(importKey: string, work: () => T): T {
    return this.records.withImportKey(importKey, work);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
