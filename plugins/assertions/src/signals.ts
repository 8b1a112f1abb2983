import type { Tree } from '@rootline/kernel';
import type { DatedClaimRow, UnevidencedClaims } from '@rootline/contracts/assertions';
import { ACTIVE_SQL } from './states.js';

/**
 * Whole-tree reads for the research signals (@rootline/plugin-signals): each one pass over the
 * claims, streamed as plain rows, so a 100,000-person tree is read in one statement per question
 * instead of one per persona.
 */

/** Personas with at least one standing claim that cites a source (or a citation). */
export function* sourcedPersonas(tree: Tree): IterableIterator<string> {
  const statement = tree.prepare(`SELECT DISTINCT persona FROM assertions WHERE ${ACTIVE_SQL} AND (source IS NOT NULL OR citation IS NOT NULL)`).pluck();
  yield* statement.iterate() as IterableIterator<string>;
}

/**
 * Confirmed claims with no source, no citation and no evidence attached: how many, and the first
 * `limit` in capture order (oldest first).
 */
export function unevidencedConfirmed(tree: Tree, limit: number): UnevidencedClaims {
  const from = `FROM assertions a WHERE a.status = 'confirmed' AND a.source IS NULL AND a.citation IS NULL
    AND NOT EXISTS (SELECT 1 FROM assertion_evidence e WHERE e.assertion = a.id)`;
  const count = tree.prepare(`SELECT count(*) ${from}`).pluck().get() as number;
  const first = tree.prepare(`SELECT a.id, a.persona, a.kind ${from} ORDER BY a.created_at_ms, a.id LIMIT ?`).all(limit) as UnevidencedClaims['first'];
  return { count, first };
}

/** Standing claims of `kinds` that have a date: [id, persona, kind, status, date, created_at_ms]. */
export function* datedClaims(tree: Tree, kinds: readonly string[]): IterableIterator<DatedClaimRow> {
  const statement = tree.prepare(`SELECT id, persona, kind, status, date, created_at_ms FROM assertions
    WHERE kind IN (SELECT value FROM json_each(?)) AND ${ACTIVE_SQL} AND date IS NOT NULL`).raw(true);
  yield* statement.iterate(JSON.stringify(kinds)) as IterableIterator<DatedClaimRow>;
}
