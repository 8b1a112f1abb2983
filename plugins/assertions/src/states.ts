/**
 * The review state machine of an assertion (CONTRACT §7), as plain data so the service,
 * the pending lane and the tests read the same table.
 */
export const STATUSES = ['pending', 'deferred', 'confirmed', 'refuted', 'fabricated', 'superseded'] as const;
export type AssertionStatus = (typeof STATUSES)[number];

/** Active claims are the ones still standing: they count in the tally and in a source's claim_count. */
const ACTIVE_STATUSES: readonly AssertionStatus[] = ['pending', 'deferred', 'confirmed'];
export const isActive = (status: AssertionStatus) => ACTIVE_STATUSES.includes(status);

/** The SQL spelling of "active", inlined (not bound) so SQLite can match the partial indexes. */
export const ACTIVE_SQL = `status IN ('pending', 'deferred', 'confirmed')`;

export type Review = 'confirm' | 'refute' | 'mark-fabricated' | 'supersede' | 'defer' | 'undefer';

interface Rule {
  to: AssertionStatus;
  from: readonly AssertionStatus[];
  /** The record written when the review changes the status. */
  record: string;
}

export const REVIEW_RULES: Record<Review, Rule> = {
  confirm: { to: 'confirmed', from: ['pending', 'deferred'], record: 'assertion.confirmed.v1' },
  refute: { to: 'refuted', from: ['pending', 'deferred', 'confirmed'], record: 'assertion.refuted.v1' },
  'mark-fabricated': { to: 'fabricated', from: ['pending', 'deferred'], record: 'assertion.fabricated.v1' },
  supersede: { to: 'superseded', from: ['pending', 'deferred', 'confirmed'], record: 'assertion.superseded.v1' },
  defer: { to: 'deferred', from: ['pending'], record: 'assertion.deferred.v1' },
  undefer: { to: 'pending', from: ['deferred'], record: 'assertion.undeferred.v1' },
};

export type Step =
  | { outcome: 'change'; from: AssertionStatus; to: AssertionStatus }
  | { outcome: 'unchanged'; status: AssertionStatus }
  | { outcome: 'refused'; from: AssertionStatus };

/** What `review` does to a claim in `current`: repeating the current state is a no-op, not an error. */
export function step(review: Review, current: AssertionStatus): Step {
  const rule = REVIEW_RULES[review];
  if (current === rule.to) return { outcome: 'unchanged', status: current };
  if (rule.from.includes(current)) return { outcome: 'change', from: current, to: rule.to };
  return { outcome: 'refused', from: current };
}
