import { ACTOR_COLUMNS, actorValues, type Actor, type Tree } from '@rootline/kernel';
import type { ProposalDto } from './schemas.js';

interface ProposalRow {
  id: string;
  person_a: string;
  person_b: string;
  rationale: string;
  status: ProposalDto['status'];
  created_at_ms: number;
  decided_at_ms: number | null;
  note: string | null;
  reason: string | null;
  merged_into: string | null;
  proposer: string | null;
}

const COLUMNS = 'id, person_a, person_b, rationale, status, created_at_ms, decided_at_ms, note, reason, merged_into, proposer';

function proposalDto(row: ProposalRow): ProposalDto {
  return {
    id: row.id,
    persons: [row.person_a, row.person_b],
    rationale: row.rationale,
    status: row.status,
    ...(row.proposer ? { proposer: row.proposer } : {}),
    created_at_ms: row.created_at_ms,
    decided_at_ms: row.decided_at_ms,
    note: row.note,
    reason: row.reason,
    merged_into: row.merged_into,
  };
}

/** An unordered pair, sorted: the key of the one-pending rule and of the not-a-match memory. */
const sorted = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/** SQL over the proposals and not-a-match tables of one tree. */
export class ProposalStore {
  constructor(private readonly tree: Tree) {}

  get(id: string): ProposalDto | undefined {
    const row = this.tree.prepare(`SELECT ${COLUMNS} FROM duplicate_proposals WHERE id = ?`).get(id) as ProposalRow | undefined;
    return row && proposalDto(row);
  }

  /** The pending proposal for a pair (either order), if any. */
  pendingFor(a: string, b: string): string | undefined {
    const [lo, hi] = sorted(a, b);
    return this.tree.prepare("SELECT id FROM duplicate_proposals WHERE pair_lo = ? AND pair_hi = ? AND status = 'pending'").pluck().get(lo, hi) as string | undefined;
  }

  insert(actor: Actor, row: { id: string; persons: [string, string]; rationale: string; created_at_ms: number }): void {
    const [lo, hi] = sorted(...row.persons);
    this.tree
      .prepare(`INSERT INTO duplicate_proposals (id, person_a, person_b, pair_lo, pair_hi, rationale, status, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?)`)
      .run(row.id, row.persons[0], row.persons[1], lo, hi, row.rationale, row.created_at_ms, ...actorValues(actor));
  }

  /** A pending proposal decided, or withdrawn (a person of it is gone: withdrawals.ts); a proposal no longer pending is left as it is. */
  decide(id: string, decision: { status: 'approved' | 'denied' | 'withdrawn'; at: number; note?: string | null; reason?: string | null; merged_into?: string | null }): void {
    this.tree
      .prepare("UPDATE duplicate_proposals SET status = ?, decided_at_ms = ?, note = ?, reason = ?, merged_into = ? WHERE id = ? AND status = 'pending'")
      .run(decision.status, decision.at, decision.note ?? null, decision.reason ?? null, decision.merged_into ?? null, id);
  }

  /** The pending proposals naming `person` (either end): the two partial indexes of migration 002. */
  pendingOf(person: string): ProposalDto[] {
    const rows = this.tree
      .prepare(`SELECT ${COLUMNS} FROM duplicate_proposals WHERE person_a = ? AND status = 'pending' UNION SELECT ${COLUMNS} FROM duplicate_proposals WHERE person_b = ? AND status = 'pending' ORDER BY id`)
      .all(person, person) as ProposalRow[];
    return rows.map(proposalDto);
  }

  /** Every pending proposal, oldest first (the check as a tree opens: pending proposals are few). */
  allPending(): ProposalDto[] {
    return (this.tree.prepare(`SELECT ${COLUMNS} FROM duplicate_proposals WHERE status = 'pending' ORDER BY id`).all() as ProposalRow[]).map(proposalDto);
  }

  /** Up to `take` proposals of one status after id `after`, oldest first (ids are UUIDv7). */
  page(status: ProposalDto['status'], after: string | null, take: number): ProposalDto[] {
    const rows = this.tree
      .prepare(`SELECT ${COLUMNS} FROM duplicate_proposals WHERE status = ? AND id > ? ORDER BY id LIMIT ?`)
      .all(status, after ?? '', take) as ProposalRow[];
    return rows.map(proposalDto);
  }

  count(status: ProposalDto['status']): number {
    return this.tree.prepare('SELECT count(*) FROM duplicate_proposals WHERE status = ?').pluck().get(status) as number;
  }

  /** The not-a-match row of a pair (either order): the proposal whose denial made it, or null when inherited through a merge. */
  notAMatch(a: string, b: string): { proposal: string | null } | undefined {
    const [lo, hi] = sorted(a, b);
    return this.tree.prepare('SELECT proposal FROM duplicate_not_a_match WHERE a = ? AND b = ?').get(lo, hi) as { proposal: string | null } | undefined;
  }

  rememberNotAMatch(a: string, b: string, proposal: string, at: number): void {
    const [lo, hi] = sorted(a, b);
    this.tree.prepare('INSERT OR IGNORE INTO duplicate_not_a_match (a, b, proposal, inherited_from, created_at_ms) VALUES (?, ?, ?, NULL, ?)').run(lo, hi, proposal, at);
  }

  /** Every person known not to be `person`. */
  notAMatchWith(person: string): string[] {
    return this.tree.prepare('SELECT b FROM duplicate_not_a_match WHERE a = ? UNION SELECT a FROM duplicate_not_a_match WHERE b = ?').pluck().all(person, person) as string[];
  }

  /**
   * `merged` became part of `survivor`: whoever was not a match for `merged` is not one for
   * `survivor` either (marked as inherited from `merged`, so reversing the merge takes it back).
   */
  inherit(survivor: string, merged: string, at: number): void {
    const insert = this.tree.prepare('INSERT OR IGNORE INTO duplicate_not_a_match (a, b, proposal, inherited_from, created_at_ms) VALUES (?, ?, NULL, ?, ?)');
    for (const other of this.notAMatchWith(merged)) {
      if (other === survivor) continue;
      const [lo, hi] = sorted(survivor, other);
      insert.run(lo, hi, merged, at);
    }
  }

  /** A merge of `merged` into `survivor` was reversed: what `survivor` inherited from it goes. */
  disinherit(survivor: string, merged: string): void {
    this.tree.prepare('DELETE FROM duplicate_not_a_match WHERE inherited_from = ? AND (a = ? OR b = ?)').run(merged, survivor, survivor);
  }
}
