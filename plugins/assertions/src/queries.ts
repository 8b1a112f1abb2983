import type { Tree } from '@rootline/kernel';
import { ACTIVE_SQL, STATUSES, isActive, type AssertionStatus } from './states.js';
import { CLAIM_COLUMNS, CLAIM_JSON, claimOfValues, type ClaimRow, type ClaimValues } from './store.js';
import type { ClaimFilter } from '@rootline/contracts/assertions';
import type { AssertionDto } from './schemas/assertion.js';

/** What a list keeps (the contract's): `null` for source/proposer means "has none". */
export type { ClaimFilter };

export type SortOrder = 'asc' | 'desc';
/** Keyset position: (created_at_ms, id) of the last row of the previous page. */
export type ClaimKey = [number, string];
export const keyOf = (row: ClaimRow): ClaimKey => [row.created_at_ms, row.id];

export type BucketField = 'source' | 'proposer';
export interface BucketCount {
  key: string | null;
  count: number;
}

/**
 * List SQL over `assertions`. Each filter combination is one prepared statement whose
 * WHERE starts with the columns of an index in migrations/001 and whose order is that
 * index's (created_at_ms, id) tail, so a page is a range read and a count reads only the index.
 * Statuses are inlined (from the fixed vocabulary) so the partial indexes match.
 */
export class ClaimQueries {
  /** Names an index in the SQL, or nothing while a first import has it set aside (`Tree.indexedBy`). */
  private readonly indexedBy = (index: string) => this.tree.indexedBy(index);

  constructor(private readonly tree: Tree) {}

  /** Up to `limit` claims after the keyset position `after` (null: from the start). */
  page(filter: ClaimFilter, order: SortOrder, after: ClaimKey | null, limit: number): ClaimRow[] {
    const { sql, params } = pageSql(CLAIM_COLUMNS, filter, order, after, this.indexedBy);
    return this.tree.prepare(sql).all(...params, limit) as ClaimRow[];
  }

  /** The same page with each claim as JSON built by SQLite, and its keyset position. */
  pageJson(filter: ClaimFilter, order: SortOrder, after: ClaimKey | null, limit: number): { item: string; key: ClaimKey }[] {
    const { sql, params } = pageSql(`${CLAIM_JSON} AS item, created_at_ms, id`, filter, order, after, this.indexedBy);
    return (this.tree.prepare(sql).raw().all(...params, limit) as [string, number, string][]).map(([item, created, id]) => ({ item, key: [created, id] }));
  }

  count(filter: ClaimFilter): number {
    if (filter.persona !== undefined && !filter.activeOnly && filter.proposer === undefined) return this.personaCount(filter);
    if (answeredByTotals(filter)) return this.treeCount(filter);
    const { clauses, params } = conditions(filter);
    return (this.tree.prepare(`SELECT count(*) AS n FROM assertions ${whereOf(clauses)}`).get(...params) as { n: number }).n;
  }

  /** A persona's matches from `assertion_counts` (kept by triggers): a few rows summed, not thousands counted. */
  private personaCount(filter: ClaimFilter): number {
    const { clauses, params } = conditions({ ...filter, source: filter.source === null ? '' : filter.source });
    return (this.tree.prepare(`SELECT coalesce(sum(n), 0) AS n FROM assertion_counts ${whereOf(clauses)}`).get(...params) as { n: number }).n;
  }

  /**
   * The whole tree's matches (no persona, kind or proposer; by status, active or not, and citing
   * no source at most) summed from `assertion_totals` (kept by triggers): a few rows, where a
   * count read an index entry per claim (the unsourced lane's total: 17-31 ms at 91,000 claims).
   */
  private treeCount(filter: ClaimFilter): number {
    if (filter.status !== undefined && !STATUSES.includes(filter.status)) throw new Error(`Unknown status ${filter.status}`);
    const statuses = STATUSES.filter((status) => (filter.status === undefined || status === filter.status) && (!filter.activeOnly || isActive(status)));
    return this.tree
      .prepare(`SELECT coalesce(sum(n), 0) FROM assertion_totals WHERE status IN (SELECT value FROM json_each(?))${filter.source === null ? ' AND sourced = 0' : ''}`)
      .pluck()
      .get(JSON.stringify(statuses)) as number;
  }

  /** The two halves of the sourcing tally (from `assertion_totals`); the caller adds them up, never counts a total itself. */
  tallyHalves(): { sourced: number; needs_source: number } {
    return this.tree
      .prepare(`SELECT coalesce(sum(n) FILTER (WHERE sourced = 1), 0) AS sourced, coalesce(sum(n) FILTER (WHERE sourced = 0), 0) AS needs_source
                FROM assertion_totals WHERE ${ACTIVE_SQL}`)
      .get() as { sourced: number; needs_source: number };
  }

  /** Matches per value of `field`, biggest first, at most `limit` buckets. */
  buckets(field: BucketField, filter: ClaimFilter, limit: number): BucketCount[] {
    const { clauses, params } = conditions(filter);
    const sql = `SELECT ${field} AS key, count(*) AS count FROM assertions ${whereOf(clauses)}
                 GROUP BY ${field} ORDER BY count DESC, key ASC LIMIT ?`;
    return this.tree.prepare(sql).all(...params, limit) as BucketCount[];
  }

  /** The claims with these ids (any persona, any status); unknown ids are left out. */
  byIds(ids: string[]): ClaimRow[] {
    return this.tree.prepare(`SELECT ${CLAIM_COLUMNS} FROM assertions WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as ClaimRow[];
  }

  /** Up to `limit` claims of one persona in one status, oldest first: one range of assertions_by_persona_status. */
  firstOfPersona(persona: string, status: AssertionStatus, limit: number): ClaimRow[] {
    return this.tree
      .prepare(`SELECT ${CLAIM_COLUMNS} FROM assertions ${this.indexedBy('assertions_by_persona_status')} WHERE persona = ? AND status = ? ORDER BY created_at_ms, id LIMIT ?`)
      .all(persona, status, limit) as ClaimRow[];
  }

  /**
   * Every claim of these personas in these statuses, by persona then oldest first: one read for
   * a batch of personas. One range of the primary key (persona, created_at_ms, id) per persona,
   * already in the order asked; the status is checked on the row. Through
   * assertions_by_persona_status it took twice as long: a lookup of each row by its key, then a sort.
   */
  ofPersonas(personas: readonly string[], statuses: readonly AssertionStatus[]): AssertionDto[] {
    if (personas.length === 0 || statuses.length === 0) return [];
    // Each claim as an array of its values (raw mode), made a claim here (claimOfValues).
    const rows = this.tree
      .prepare(
        `SELECT ${CLAIM_COLUMNS} FROM assertions
         WHERE persona IN (SELECT value FROM json_each(?)) AND status IN (SELECT value FROM json_each(?)) ORDER BY persona, created_at_ms, id`,
      )
      .raw()
      .all(JSON.stringify(personas), JSON.stringify(statuses)) as ClaimValues[];
    return rows.map(claimOfValues);
  }

  /** How many claims these personas have in these statuses, summed from `assertion_counts`. */
  countOfPersonas(personas: string[], statuses: readonly AssertionStatus[]): number {
    return this.tree
      .prepare('SELECT coalesce(sum(n), 0) FROM assertion_counts WHERE persona IN (SELECT value FROM json_each(?)) AND status IN (SELECT value FROM json_each(?))')
      .pluck()
      .get(JSON.stringify(personas), JSON.stringify(statuses)) as number;
  }

  /** The distinct sources that these personas' claims in these statuses cite (from `assertion_counts`). */
  sourcesOfPersonas(personas: string[], statuses: readonly AssertionStatus[]): string[] {
    return this.tree
      .prepare(`SELECT DISTINCT source FROM assertion_counts
                WHERE persona IN (SELECT value FROM json_each(?)) AND status IN (SELECT value FROM json_each(?)) AND source <> '' AND n > 0 ORDER BY source`)
      .pluck()
      .all(JSON.stringify(personas), JSON.stringify(statuses)) as string[];
  }

  /**
   * The standing claims of `kinds` about any of `personas`: confirmed first, then pending and
   * deferred, each oldest first. Reads assertions_by_persona_kind, one range per (persona, kind).
   */
  vitalClaims(personas: readonly string[], kinds: readonly string[]): VitalClaim[] {
    if (personas.length === 0 || kinds.length === 0) return [];
    return this.tree
      .prepare(`SELECT id, persona, kind, status, date, place, created_at_ms FROM assertions
                WHERE persona IN (SELECT value FROM json_each(?)) AND kind IN (SELECT value FROM json_each(?)) AND ${ACTIVE_SQL}
                ORDER BY status = 'confirmed' DESC, created_at_ms, id`)
      .all(JSON.stringify(personas), JSON.stringify(kinds)) as VitalClaim[];
  }
}

/** A standing claim about a life event of a persona: what a person's birth or death summary rests on. */
export interface VitalClaim {
  id: string;
  persona: string;
  kind: string;
  status: AssertionStatus;
  date: string | null;
  place: string | null;
  created_at_ms: number;
}

/** Names the index in the SQL (the query-plan test's); the queries pass `Tree.indexedBy`, which leaves it out while a first import has it set aside. */
const namedIndex = (index: string) => `INDEXED BY ${index}`;

/** SELECT <columns> of one keyset page; `limit` is the last parameter (exported for the query-plan test). */
export function pageSql(columns: string, filter: ClaimFilter, order: SortOrder, after: ClaimKey | null, indexedBy: (index: string) => string = namedIndex): { sql: string; params: unknown[] } {
  const { clauses, params } = conditions(filter);
  if (after) {
    clauses.push(`(created_at_ms, id) ${order === 'asc' ? '>' : '<'} (?, ?)`);
    params.push(after[0], after[1]);
  }
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const index = personaIndex(filter);
  return { sql: `SELECT ${columns} FROM assertions${index ? ` ${indexedBy(index)}` : ''} ${whereOf(clauses)} ORDER BY created_at_ms ${direction}, id ${direction} LIMIT ?`, params };
}

/**
 * The index whose leading columns are exactly a persona list's filters (migrations 001 and
 * 002), named rather than left to the planner: without ANALYZE statistics (a tree never has
 * them) SQLite prefers the table's own key (persona, created_at_ms, id) and tests every claim
 * of the persona against the other filters, which grows with the persona's claims.
 * Undefined when the table's key is the range itself (persona alone) or there is no persona.
 */
function personaIndex(filter: ClaimFilter): string | undefined {
  if (filter.persona === undefined || filter.activeOnly || filter.proposer !== undefined) return undefined;
  const columns = (['status', 'kind', 'source'] as const).filter((column) => filter[column] !== undefined);
  return columns.length ? `assertions_by_persona_${columns.join('_')}` : undefined;
}

function conditions(filter: ClaimFilter): { clauses: string[]; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.persona !== undefined) {
    clauses.push('persona = ?');
    params.push(filter.persona);
  }
  if (filter.status !== undefined) {
    if (!STATUSES.includes(filter.status)) throw new Error(`Unknown status ${filter.status}`);
    clauses.push(`status = '${filter.status}'`);
  }
  if (filter.activeOnly) clauses.push(ACTIVE_SQL);
  if (filter.kind !== undefined) {
    clauses.push('kind = ?');
    params.push(filter.kind);
  }
  for (const column of ['source', 'proposer'] as const) {
    const value = filter[column];
    if (value === null) clauses.push(`${column} IS NULL`);
    else if (value !== undefined) {
      clauses.push(`${column} = ?`);
      params.push(value);
    }
  }
  return { clauses, params };
}

/** What `assertion_totals` can answer: the whole tree's claims by status (or active ones), all of them or those citing no source. */
const answeredByTotals = (filter: ClaimFilter) =>
  filter.persona === undefined && filter.kind === undefined && filter.proposer === undefined && (filter.source === undefined || filter.source === null);

const whereOf = (clauses: string[]) => (clauses.length ? `WHERE ${clauses.join(' AND ')}` : '');
