import { ACTOR_COLUMNS, actorValues, systemActor, type Actor, type Tree } from '@rootline/kernel';
import type { Compared } from './kinds.js';

export type ConflictStatus = 'open' | 'resolved' | 'withdrawn';

/** One side of a conflict as stored: what its claim said. */
export interface Side {
  claim: string;
  persona: string;
  value: string | null;
  date: string | null;
  place: string | null;
  source: string | null;
}

/** A row of `conflicts`. */
export interface ConflictRow {
  id: string;
  kind: string;
  persona: string | null;
  person: string | null;
  status: ConflictStatus;
  claim_a: string;
  persona_a: string;
  value_a: string | null;
  date_a: string | null;
  place_a: string | null;
  source_a: string | null;
  claim_b: string;
  persona_b: string;
  value_b: string | null;
  date_b: string | null;
  place_b: string | null;
  source_b: string | null;
  disagree_on: string;
  detail: string;
  opened_at_ms: number;
  proof_argument: string | null;
  outcome: string | null;
  withdrawal_reason: string | null;
  withdrawal_automatic: 0 | 1 | null;
  closed_at_ms: number | null;
}

const COLUMNS = `id, kind, persona, person, status, claim_a, persona_a, value_a, date_a, place_a, source_a,
  claim_b, persona_b, value_b, date_b, place_b, source_b, disagree_on, detail, opened_at_ms,
  proof_argument, outcome, withdrawal_reason, withdrawal_automatic, closed_at_ms`;

/** What a known pair's conflicts say: whether the pair may be opened again. */
export interface KnownPair {
  claim_a: string;
  claim_b: string;
  status: ConflictStatus;
  withdrawal_automatic: 0 | 1 | null;
  person: string | null;
}

/** The list filters (at most one of persona and person). */
export interface ConflictFilter {
  persona?: string;
  /** A person and the personas it concludes over. */
  person?: { id: string; personas: readonly string[] };
  openOnly?: boolean;
}

export interface NewConflict {
  id: string;
  kind: string;
  persona: string | null;
  person: string | null;
  a: Side;
  b: Side;
  on: Compared[];
  detail: string;
  openedAtMs: number;
}

/** SQL over `conflicts`. Writes run inside the caller's transaction. */
export class ConflictStore {
  constructor(private readonly tree: Tree) {}

  get(id: string): ConflictRow | undefined {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM conflicts WHERE id = ?`).get(id) as ConflictRow | undefined;
  }

  insert(conflict: NewConflict): void {
    const { a, b } = conflict;
    this.tree
      .prepare(`INSERT INTO conflicts (id, kind, persona, person, status, claim_a, persona_a, value_a, date_a, place_a, source_a,
                  claim_b, persona_b, value_b, date_b, place_b, source_b, disagree_on, detail, opened_at_ms, ${ACTOR_COLUMNS})
                VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(
        conflict.id, conflict.kind, conflict.persona, conflict.person,
        a.claim, a.persona, a.value, a.date, a.place, a.source,
        b.claim, b.persona, b.value, b.date, b.place, b.source,
        JSON.stringify(conflict.on), conflict.detail, conflict.openedAtMs, ...actorValues(systemActor),
      );
  }

  /** Every conflict whose older claim is one of `claims` (the pairs a group's evaluation may meet). */
  knownPairs(claims: readonly string[]): KnownPair[] {
    return this.tree
      .prepare('SELECT claim_a, claim_b, status, withdrawal_automatic, person FROM conflicts WHERE claim_a IN (SELECT value FROM json_each(?))')
      .all(JSON.stringify(claims)) as KnownPair[];
  }

  /** The open conflicts one of whose claims is `claim`. */
  openOfClaim(claim: string): ConflictRow[] {
    return this.tree
      .prepare(`SELECT ${COLUMNS} FROM conflicts WHERE claim_a = ? AND status = 'open'
                UNION ALL SELECT ${COLUMNS} FROM conflicts WHERE claim_b = ? AND status = 'open' ORDER BY id`)
      .all(claim, claim) as ConflictRow[];
  }

  /** The conflicts naming `person` (claims on two of its personas), any status. */
  ofPerson(person: string): ConflictRow[] {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM conflicts WHERE person = ? ORDER BY id`).all(person) as ConflictRow[];
  }

  /** Names `to` instead of `from` on every conflict naming `from` (a merge). */
  renamePerson(from: string, to: string): void {
    this.tree.prepare('UPDATE conflicts SET person = ? WHERE person = ?').run(to, from);
  }

  setPerson(id: string, person: string): void {
    this.tree.prepare('UPDATE conflicts SET person = ? WHERE id = ?').run(person, id);
  }

  /** A claim gained a source (a citation attached): its sides say so too. */
  setSource(claim: string, source: string): void {
    this.tree.prepare('UPDATE conflicts SET source_a = ? WHERE claim_a = ? AND source_a IS NULL').run(source, claim);
    this.tree.prepare('UPDATE conflicts SET source_b = ? WHERE claim_b = ? AND source_b IS NULL').run(source, claim);
  }

  resolve(id: string, actor: Actor, proofArgument: string, outcome: string | null, atMs: number): void {
    const [kind, credential] = actorValues(actor);
    this.tree
      .prepare(`UPDATE conflicts SET status = 'resolved', proof_argument = ?, outcome = ?, closed_at_ms = ?, closed_actor_kind = ?, closed_credential_id = ?
                WHERE id = ? AND status = 'open'`)
      .run(proofArgument, outcome, atMs, kind, credential, id);
  }

  withdraw(id: string, actor: Actor, reason: string, automatic: boolean, atMs: number): void {
    const [kind, credential] = actorValues(actor);
    this.tree
      .prepare(`UPDATE conflicts SET status = 'withdrawn', withdrawal_reason = ?, withdrawal_automatic = ?, closed_at_ms = ?, closed_actor_kind = ?, closed_credential_id = ?
                WHERE id = ? AND status = 'open'`)
      .run(reason, automatic ? 1 : 0, atMs, kind, credential, id);
  }

  /** Up to `limit` conflicts after id `after` (null: from the first), oldest first. */
  page(filter: ConflictFilter, after: string | null, limit: number): ConflictRow[] {
    const { where, params } = conditions(filter, after);
    return this.tree.prepare(`SELECT ${COLUMNS} FROM conflicts WHERE ${where} ORDER BY id LIMIT ?`).all(...params, limit) as ConflictRow[];
  }

  count(filter: ConflictFilter): number {
    const { where, params } = conditions(filter, null);
    return this.tree.prepare(`SELECT count(*) FROM conflicts WHERE ${where}`).pluck().get(...params) as number;
  }

  /** How many open conflicts have a claim about any of `personas`: two ranges of the open-by-persona indexes. */
  openFor(personas: readonly string[]): number {
    if (personas.length === 0) return 0;
    return this.tree
      .prepare(`SELECT count(*) FROM (
                  SELECT id FROM conflicts WHERE persona_a IN (SELECT value FROM json_each(@personas)) AND status = 'open'
                  UNION SELECT id FROM conflicts WHERE persona_b IN (SELECT value FROM json_each(@personas)) AND status = 'open')`)
      .pluck()
      .get({ personas: JSON.stringify(personas) }) as number;
  }
}

/**
 * The WHERE of a list: each filter leads with the columns of an index of migrations/001
 * (`persona`, `person`, the open ones); the keyset position is `id > ?`.
 */
function conditions(filter: ConflictFilter, after: string | null): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.persona !== undefined) {
    clauses.push('persona = ?');
    params.push(filter.persona);
  } else if (filter.person !== undefined) {
    clauses.push('(person = ? OR persona IN (SELECT value FROM json_each(?)))');
    params.push(filter.person.id, JSON.stringify(filter.person.personas));
  }
  if (filter.openOnly) clauses.push("status = 'open'");
  if (after !== null) {
    clauses.push('id > ?');
    params.push(after);
  }
  return { where: clauses.length ? clauses.join(' AND ') : '1', params };
}
