import type { Tree } from '@rootline/kernel';
import type { DatedClaimRow, UnevidencedClaimRow } from '@rootline/contracts/assertions';
import { ACTIVE_SQL } from './states.js';

/**
 * Reads for the research signals (@rootline/plugin-signals): each one pass over the claims,
 * streamed as plain rows, so a 100,000-person tree is read in one statement per question
 * instead of one per persona. Given ids (personas, claims), only their rows: how the signals
 * bring their picture up to date after a change.
 */

const only = (column: string, ids: readonly string[] | undefined) => (ids === undefined ? '' : ` AND ${column} IN (SELECT value FROM json_each(?))`);
const params = (ids: readonly string[] | undefined) => (ids === undefined ? [] : [JSON.stringify(ids)]);

/** Personas with at least one standing claim that cites a source (or a citation); of `personas` when given. */
export function* sourcedPersonas(tree: Tree, personas?: readonly string[]): IterableIterator<string> {
  const statement = tree.prepare(`SELECT DISTINCT persona FROM assertions WHERE ${ACTIVE_SQL} AND (source IS NOT NULL OR citation IS NOT NULL)${only('persona', personas)}`).pluck();
  yield* statement.iterate(...params(personas)) as IterableIterator<string>;
}

/** Confirmed claims with no source, no citation and no evidence attached (of `claims` when given): [id, persona, created_at_ms]. */
export function* unevidencedClaims(tree: Tree, claims?: readonly string[]): IterableIterator<UnevidencedClaimRow> {
  const statement = tree.prepare(`SELECT a.id, a.persona, a.created_at_ms FROM assertions a WHERE a.status = 'confirmed' AND a.source IS NULL AND a.citation IS NULL
    AND NOT EXISTS (SELECT 1 FROM assertion_evidence e WHERE e.assertion = a.id)${only('a.id', claims)}`).raw(true);
  yield* statement.iterate(...params(claims)) as IterableIterator<UnevidencedClaimRow>;
}

/** Standing claims of `kinds` that have a date (of `personas` when given): [id, persona, kind, status, date, created_at_ms]. */
export function* datedClaims(tree: Tree, kinds: readonly string[], personas?: readonly string[]): IterableIterator<DatedClaimRow> {
  const statement = tree.prepare(`SELECT id, persona, kind, status, date, created_at_ms FROM assertions
    WHERE kind IN (SELECT value FROM json_each(?)) AND ${ACTIVE_SQL} AND date IS NOT NULL${only('persona', personas)}`).raw(true);
  yield* statement.iterate(JSON.stringify(kinds), ...params(personas)) as IterableIterator<DatedClaimRow>;
}
