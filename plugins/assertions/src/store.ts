import { ACTOR_COLUMNS, type Tree } from '@rootline/kernel';
import type { AssertionStatus } from './states.js';
import type { AssertionDto, EvidenceDto } from './schemas/assertion.js';
import type { EvidenceKind } from './schemas/evidence.js';

/** One row of `assertions`, as stored. */
export interface ClaimRow {
  id: string;
  persona: string;
  kind: string;
  status: AssertionStatus;
  value: string | null;
  date: string | null;
  place: string | null;
  source: string | null;
  citation: string | null;
  created_at_ms: number;
  status_changed_at_ms: number;
  actor_kind: 'human' | 'agent' | 'system';
  credential_id: string | null;
  proposer: string | null;
  superseded_by: string | null;
  /** The confirmed claim this pending one would replace (an agent's supersede); null otherwise. */
  replaces: string | null;
}

export interface EvidenceRow {
  id: string;
  assertion: string;
  kind: EvidenceKind;
  blob: string | null;
  url: string | null;
  citation: string | null;
  description: string | null;
  attached_at_ms: number;
  actor_kind: string;
  credential_id: string | null;
  proposer: string | null;
}

export const CLAIM_COLUMNS = `id, persona, kind, status, value, date, place, source, citation, created_at_ms, status_changed_at_ms, ${ACTOR_COLUMNS}, superseded_by, replaces`;

const CLAIM_JSON_FIELDS = `'id', id, 'persona', persona, 'kind', kind, 'status', status, 'value', value, 'date', date,
  'place', place, 'source', source, 'citation', citation, 'captured_by', actor_kind, 'superseded_by', superseded_by,
  'created_at_ms', created_at_ms, 'status_changed_at_ms', status_changed_at_ms`;

/**
 * `claimDto` written in SQL, for lists: SQLite builds each item's JSON, so a page crosses
 * into JavaScript as one string per claim. `proposer` is present only when there is one.
 * Keep the two in step (tests compare them).
 */
const CLAIM_JSON_BASE = `CASE WHEN proposer IS NULL THEN json_object(${CLAIM_JSON_FIELDS})
  ELSE json_object(${CLAIM_JSON_FIELDS}, 'proposer', proposer) END`;
/** `replaces` too is present only when there is one. */
export const CLAIM_JSON = `CASE WHEN replaces IS NULL THEN ${CLAIM_JSON_BASE} ELSE json_set(${CLAIM_JSON_BASE}, '$.replaces', replaces) END`;

/** A claim as raw mode reads it: the values of CLAIM_COLUMNS, in that order. */
export type ClaimValues = [
  id: string, persona: string, kind: string, status: AssertionStatus, value: string | null, date: string | null, place: string | null,
  source: string | null, citation: string | null, created_at_ms: number, status_changed_at_ms: number,
  actor_kind: ClaimRow['actor_kind'], credential_id: string | null, proposer: string | null, superseded_by: string | null, replaces: string | null,
];

/**
 * A claim read as its values (better-sqlite3's raw mode) in its wire shape, key for key what
 * CLAIM_JSON builds (`proposer` and `replaces` last, each only when there is one): for reads of
 * thousands (the export's batches), about a fifth less time than each claim's JSON built by SQLite
 * and parsed. Keep it in step with CLAIM_JSON (batch-read.test.ts compares them).
 */
export function claimOfValues([id, persona, kind, status, value, date, place, source, citation, created_at_ms, status_changed_at_ms, actor_kind, , proposer, superseded_by, replaces]: ClaimValues): AssertionDto {
  const claim: AssertionDto = { id, persona, kind, status, value, date, place, source, citation, captured_by: actor_kind, superseded_by, created_at_ms, status_changed_at_ms };
  if (proposer !== null) claim.proposer = proposer;
  if (replaces !== null) claim.replaces = replaces;
  return claim;
}

/** The wire shape of a stored claim. */
export function claimDto(row: ClaimRow): AssertionDto {
  return {
    id: row.id,
    persona: row.persona,
    kind: row.kind,
    status: row.status,
    value: row.value,
    date: row.date,
    place: row.place,
    source: row.source,
    citation: row.citation,
    captured_by: row.actor_kind,
    ...(row.proposer ? { proposer: row.proposer } : {}),
    superseded_by: row.superseded_by,
    created_at_ms: row.created_at_ms,
    status_changed_at_ms: row.status_changed_at_ms,
    ...(row.replaces ? { replaces: row.replaces } : {}),
  };
}

export function evidenceDto(row: EvidenceRow): EvidenceDto {
  return { id: row.id, kind: row.kind, blob: row.blob, url: row.url, citation: row.citation, description: row.description, attached_at_ms: row.attached_at_ms };
}

/** Single-row SQL over `assertions` and `assertion_evidence` (lists live in queries.ts). */
export class ClaimStore {
  constructor(private readonly tree: Tree) {}

  get(id: string): ClaimRow | undefined {
    return this.tree.prepare(`SELECT ${CLAIM_COLUMNS} FROM assertions WHERE id = ?`).get(id) as ClaimRow | undefined;
  }

  insert(row: ClaimRow): void {
    this.tree
      .prepare(
        `INSERT INTO assertions (${CLAIM_COLUMNS}) VALUES (@id, @persona, @kind, @status, @value, @date, @place, @source, @citation,
           @created_at_ms, @status_changed_at_ms, @actor_kind, @credential_id, @proposer, @superseded_by, @replaces)`,
      )
      .run(row);
  }

  setStatus(id: string, status: AssertionStatus, atMs: number, supersededBy: string | null = null): void {
    this.tree
      .prepare('UPDATE assertions SET status = ?, status_changed_at_ms = ?, superseded_by = coalesce(?, superseded_by) WHERE id = ?')
      .run(status, atMs, supersededBy, id);
  }

  setSource(id: string, source: string): void {
    this.tree.prepare('UPDATE assertions SET source = ? WHERE id = ?').run(source, id);
  }

  /** A claim and its evidence, gone (the counts follow by trigger). */
  delete(id: string): void {
    this.tree.prepare('DELETE FROM assertion_evidence WHERE assertion = ?').run(id);
    this.tree.prepare('DELETE FROM assertions WHERE id = ?').run(id);
  }

  evidenceOf(id: string): EvidenceRow[] {
    return this.tree.prepare('SELECT * FROM assertion_evidence WHERE assertion = ? ORDER BY id').all(id) as EvidenceRow[];
  }

  /** The claims with a citation attached as evidence, `take` after `after`: a range of assertion_evidence_by_assertion. */
  claimsWithCitationEvidence(after: string, take: number): string[] {
    return this.tree.prepare("SELECT DISTINCT assertion FROM assertion_evidence WHERE assertion > ? AND kind = 'citation' ORDER BY assertion LIMIT ?").pluck().all(after, take) as string[];
  }

  /** The citations attached as evidence to any of `ids`, by claim, oldest first. */
  citationEvidence(ids: readonly string[]): { assertion: string; citation: string }[] {
    if (ids.length === 0) return [];
    return this.tree
      .prepare("SELECT assertion, citation FROM assertion_evidence WHERE assertion IN (SELECT value FROM json_each(?)) AND kind = 'citation' ORDER BY assertion, id")
      .all(JSON.stringify(ids)) as { assertion: string; citation: string }[];
  }

  insertEvidence(row: EvidenceRow): void {
    this.tree
      .prepare(
        `INSERT INTO assertion_evidence (id, assertion, kind, blob, url, citation, description, attached_at_ms, ${ACTOR_COLUMNS})
         VALUES (@id, @assertion, @kind, @blob, @url, @citation, @description, @attached_at_ms, @actor_kind, @credential_id, @proposer)`,
      )
      .run(row);
  }
}
