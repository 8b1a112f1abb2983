import type { Actor } from '@rootline/kernel';
import type { PendingClaim } from './schemas.js';

/** A claim as the assertions plugin keeps it (the fields the lane reads). */
export interface LaneClaim {
  id: string;
  created_at_ms: number;
}

export type GroupBy = 'source' | 'proposer';
export type LaneOrder = 'asc' | 'desc';
type LaneKey = [number, string];

export interface LaneFilter {
  status: 'pending';
  source?: string | null;
  proposer?: string | null;
}

export interface BulkOutcome {
  id: string;
  outcome: 'confirmed' | 'already_confirmed' | 'not_found' | 'refused';
  detail?: string;
}

/**
 * What the pending lane uses of the container's `assertionsService` (the assertions
 * plugin owns the claims and their SQL; this plugin never imports it).
 */
export interface AssertionsLane {
  order(query: { sort?: string; order?: string }): LaneOrder;
  /** Up to `limit + 1` claims after `after` (the page probe) and the count of all matches. */
  list(filter: LaneFilter, order: LaneOrder, after: LaneKey | null, limit: number): { rows: LaneClaim[]; total: number };
  first(filter: LaneFilter, order: LaneOrder, n: number): LaneClaim[];
  count(filter: LaneFilter): number;
  buckets(field: GroupBy, filter: LaneFilter, limit: number): { key: string | null; count: number }[];
  toDto(row: LaneClaim): PendingClaim;
  review(actor: Actor, id: string, review: 'defer' | 'undefer'): boolean;
  bulkConfirm(actor: Actor, ids: string[]): BulkOutcome[];
}

export const keyOf = (claim: LaneClaim): LaneKey => [claim.created_at_ms, claim.id];

/** How many claims each bucket shows; the rest are reached by filtering on the bucket's key. */
export const BUCKET_PREVIEW = 5;
/** Most claims one bulk-confirm of a bucket confirms; `remaining` says how many are left. */
export const BULK_CONFIRM_BATCH = 500;

/** The lane grouped: biggest buckets first, each with its count and its first claims. */
export function laneBuckets(assertions: AssertionsLane, groupBy: GroupBy, filter: LaneFilter, order: LaneOrder, limit: number) {
  const buckets = assertions.buckets(groupBy, filter, limit).map(({ key, count }) => ({
    key,
    count,
    items: assertions.first({ ...filter, [groupBy]: key }, order, BUCKET_PREVIEW).map((row) => assertions.toDto(row)),
  }));
  return { buckets, total: assertions.count(filter) };
}

/** Confirms the pending claims of one bucket, oldest first, one batch at a time. */
export function confirmBucket(assertions: AssertionsLane, actor: Actor, groupBy: GroupBy, key: string | null) {
  const bucket: LaneFilter = { status: 'pending', [groupBy]: key };
  const ids = assertions.first(bucket, 'asc', BULK_CONFIRM_BATCH).map((row) => row.id);
  const results = assertions.bulkConfirm(actor, ids);
  return { results, remaining: assertions.count(bucket) };
}
