import type { Db } from './storage/sqlite.js';
import { StatementCache } from './storage/sqlite.js';
import type { Clock, IdSource } from './ids.js';
import type { Actor } from './auth/actor.js';
import { kindKept } from './record-kinds.js';
import { KindCounts } from './record-kind-counts.js';

/** One entry of a tree's append-only history (CONTRACT §6). */
export interface TreeRecord {
  seq: number;
  record_id: string;
  kind: string;
  entity_type: string;
  entity_id: string;
  actor: { kind: 'human' | 'agent' | 'system'; credential_id: string | null; proposer?: string };
  at_ms: number;
  import_key?: string;
  payload: unknown;
}

export interface NewRecord {
  /** `<noun>.<verb>.v<N>`, e.g. `note.created.v1`. */
  kind: string;
  entity_type: string;
  entity_id: string;
  actor: Actor;
  payload?: unknown;
  import_key?: string;
}

/** Records of the log one `besideImport` call looks at, at most (~7 ms at 800,000 records). */
const BESIDE_WINDOW = 20_000;

interface RecordRow {
  seq: number;
  record_id: string;
  kind: string;
  entity_type: string;
  entity_id: string;
  actor_kind: 'human' | 'agent' | 'system';
  credential_id: string | null;
  proposer: string | null;
  at_ms: number;
  import_key: string | null;
  payload: string;
}

const KIND_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+\.v[0-9]+$/;

function recordFromRow(row: RecordRow): TreeRecord {
  return {
    seq: row.seq,
    record_id: row.record_id,
    kind: row.kind,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    actor: { kind: row.actor_kind, credential_id: row.credential_id, ...(row.proposer ? { proposer: row.proposer } : {}) },
    at_ms: row.at_ms,
    ...(row.import_key ? { import_key: row.import_key } : {}),
    payload: JSON.parse(row.payload),
  };
}

/**
 * The record log of one tree. `append` only works inside `Tree.transact`, so a record
 * and the change it describes commit together or not at all; the records of a
 * transaction are returned by `transact` once it commits (the tree then publishes them
 * to the change stream).
 */
export class RecordLog {
  private readonly statements: StatementCache;
  private readonly kindCounts: KindCounts;
  private pending: TreeRecord[] | null = null;
  private importKey: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    /** Told of each record right after it is written, inside the same transaction. */
    private readonly observe: (record: TreeRecord) => void = () => undefined,
  ) {
    this.statements = new StatementCache(db);
    this.kindCounts = new KindCounts(db);
  }

  /** Runs `work` in one transaction; returns its result and the records it appended. */
  transact<T>(work: () => T): { result: T; records: TreeRecord[] } {
    if (this.pending) return { result: this.db.transaction(work)(), records: [] };
    this.pending = [];
    try {
      const result = this.db.transaction(work).immediate();
      return { result, records: this.pending };
    } finally {
      this.pending = null;
    }
  }

  /**
   * Runs `work` with every record appended inside it tagged `importKey` (unless the record
   * names its own): how an import run marks all it wrote, through whichever plugin's service
   * wrote it, so undo and the audit can find it.
   */
  withImportKey<T>(importKey: string, work: () => T): T {
    const outer = this.importKey;
    this.importKey = importKey;
    try {
      return work();
    } finally {
      this.importKey = outer;
    }
  }

  /**
   * Writes one record and answers it as a read would, without reading it back: the payload is
   * the object given (stored as its JSON), so a caller must not change it afterwards.
   */
  append(record: NewRecord): TreeRecord {
    if (!this.pending || !this.db.inTransaction) {
      throw new Error(`Record ${record.kind} appended outside a transaction: wrap the change in tree.transact()`);
    }
    if (!KIND_PATTERN.test(record.kind)) throw new Error(`Record kind ${record.kind} is not <noun>.<verb>.v<N>`);
    const recordId = this.ids.next();
    const atMs = this.clock.now();
    const importKey = record.import_key ?? this.importKey;
    const payload = record.payload ?? {};
    const { actor } = record;
    const { lastInsertRowid } = this.statements
      .prepare(`INSERT INTO records (record_id, kind, entity_type, entity_id, actor_kind, credential_id, proposer, at_ms, import_key, payload)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(recordId, record.kind, record.entity_type, record.entity_id, actor.kind, actor.credentialId, actor.proposer ?? null, atMs, importKey, JSON.stringify(payload));
    const saved: TreeRecord = {
      seq: Number(lastInsertRowid),
      record_id: recordId,
      kind: record.kind,
      entity_type: record.entity_type,
      entity_id: record.entity_id,
      actor: { kind: actor.kind, credential_id: actor.credentialId, ...(actor.proposer ? { proposer: actor.proposer } : {}) },
      at_ms: atMs,
      ...(importKey ? { import_key: importKey } : {}),
      payload,
    };
    this.pending.push(saved);
    this.observe(saved);
    return saved;
  }

  /**
   * Newest first, keyset on `seq`; `kindPrefixes` keeps the records whose kind one of them keeps
   * (`kindKept`). Filtered, the kinds kept are picked from the counts of every kind
   * (`KindCounts`), each one's newest records are read from the (kind, seq) index and the newest
   * of them all make the page: a few index ranges whether the kinds are rare or make half the log.
   * A scan newest first testing each record read the whole log for a kind it does not hold (a
   * sort of every match when the filter was an index range instead: 0.3 s for `assertion`).
   * The page ends at the last record counted, so a kind first written after that cannot be missed
   * while later records of other kinds are shown.
   */
  list(options: { beforeSeq: number | null; limit: number; kindPrefixes: string[] }): TreeRecord[] {
    const { beforeSeq, limit, kindPrefixes } = options;
    if (!kindPrefixes.length) {
      const rows = beforeSeq === null
        ? this.statements.prepare('SELECT * FROM records ORDER BY seq DESC LIMIT ?').all(limit)
        : this.statements.prepare('SELECT * FROM records WHERE seq < ? ORDER BY seq DESC LIMIT ?').all(beforeSeq, limit);
      return (rows as RecordRow[]).map(recordFromRow);
    }
    const { counts, upTo } = this.kindCounts.current();
    const before = Math.min(beforeSeq ?? Number.POSITIVE_INFINITY, upTo + 1);
    const newest = this.statements.prepare('SELECT seq FROM records WHERE kind = ? AND seq < ? ORDER BY seq DESC LIMIT ?').pluck();
    const seqs: number[] = [];
    for (const kind of counts.keys()) {
      if (kindKept(kindPrefixes, kind)) for (const seq of newest.all(kind, before, limit) as number[]) seqs.push(seq);
    }
    if (!seqs.length) return [];
    const page = seqs.sort((a, b) => b - a).slice(0, limit);
    const rows = this.statements.prepare('SELECT * FROM records WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY seq DESC').all(JSON.stringify(page));
    return (rows as RecordRow[]).map(recordFromRow);
  }

  /** How many records the filter keeps (all of them without one), summed from the counts of every kind. */
  count(kindPrefixes: string[]): number {
    let total = 0;
    for (const [kind, n] of this.kindCounts.current().counts) if (!kindPrefixes.length || kindKept(kindPrefixes, kind)) total += n;
    return total;
  }

  /**
   * Records written since an import's first record by anything but that import, oldest first:
   * what later work did beside, or upon, what the import created. One call reads the records after
   * `afterSeq` (null: after the import's first) up to `limit` of them, looking at most `window`
   * records of the log, however many of those are the import's own: at 102,000 persons an
   * import wrote 800,000, and one query over them all held the event loop 0.2 s. `next` is where
   * the next call starts (null once the log's end was reached); a page may be empty before it.
   * Nothing beside an import that wrote nothing.
   */
  besideImport(importKey: string, afterSeq: number | null, limit: number, window = BESIDE_WINDOW): { records: TreeRecord[]; next: number | null } {
    const from = afterSeq ?? (this.statements.prepare('SELECT min(seq) FROM records WHERE import_key = ?').pluck().get(importKey) as number | null);
    if (from === null) return { records: [], next: null };
    // The window's last record; none when fewer than `window` are left: the rest is the last window.
    const last = this.statements.prepare('SELECT seq FROM records WHERE seq > ? ORDER BY seq LIMIT 1 OFFSET ?').pluck().get(from, window - 1) as number | undefined;
    const rows = this.statements
      .prepare('SELECT * FROM records WHERE seq > ? AND seq <= ? AND (import_key IS NULL OR import_key <> ?) ORDER BY seq LIMIT ?')
      .all(from, last ?? Number.MAX_SAFE_INTEGER, importKey, limit) as RecordRow[];
    const records = rows.map(recordFromRow);
    if (records.length === limit) return { records, next: records[limit - 1].seq };
    return { records, next: last ?? null };
  }

  /**
   * Which of `ids` are entities an import wrote a record about (it created them): one index lookup
   * each. The `+` keeps SQLite off the import's own index, which it otherwise picks (the ids' list
   * has no size it knows), reading every record of the import: 0.2-0.4 s at 800,000.
   */
  writtenByImport(importKey: string, ids: readonly string[]): Set<string> {
    if (ids.length === 0) return new Set();
    const sql = 'SELECT DISTINCT entity_id FROM records WHERE entity_id IN (SELECT value FROM json_each(?)) AND +import_key = ?';
    return new Set(this.statements.prepare(sql).pluck().all(JSON.stringify(ids), importKey) as string[]);
  }

  lastSeq(): number {
    return (this.statements.prepare('SELECT coalesce(max(seq), 0) AS seq FROM records').get() as { seq: number }).seq;
  }
}
