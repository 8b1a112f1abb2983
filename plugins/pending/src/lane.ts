import type { Actor } from '@rootline/kernel';
import type { AssertionsService, BucketField, BulkOutcome, ClaimFilter, SortOrder } from '@rootline/contracts/assertions';

/** The lane's filter: pending claims only, by source and proposer (`null`: has none). */
export interface LaneFilter extends ClaimFilter {
  status: 'pending';
}

/** How many claims each bucket shows; the rest are reached by filtering on the bucket's key. */
const BUCKET_PREVIEW = 5;
/** Most claims one bulk-confirm of a bucket confirms; `remaining` says how many are left. */
const BULK_CONFIRM_BATCH = 500;

/** The lane grouped: biggest buckets first, each with its count and its first claims. */
export function laneBuckets(assertions: AssertionsService, groupBy: BucketField, filter: LaneFilter, order: SortOrder, limit: number) {
  const buckets = assertions.buckets(groupBy, filter, limit).map(({ key, count }) => ({
    key,
    count,
    items: assertions.first({ ...filter, [groupBy]: key }, order, BUCKET_PREVIEW),
  }));
  return { buckets, total: assertions.count(filter) };
}

/** Confirms the pending claims of one bucket, oldest first, one batch at a time. */
export function confirmBucket(assertions: AssertionsService, actor: Actor, groupBy: BucketField, key: string | null): { results: BulkOutcome[]; remaining: number } {
  const bucket: LaneFilter = { status: 'pending', [groupBy]: key };
  const ids = assertions.first(bucket, 'asc', BULK_CONFIRM_BATCH).map((claim) => claim.id);
  return { results: assertions.bulkConfirm(actor, ids), remaining: assertions.count(bucket) };
}
