import type { ConflictDto } from '@rootline/contracts/conflicts';

/** A conflict as the digest and settled show it: what disagrees, and where it stands. */
export const conflictItem = (conflict: ConflictDto) => ({
  id: conflict.id,
  kind: conflict.kind,
  status: conflict.status,
  person: conflict.person ?? null,
  persona: conflict.persona ?? null,
  disagreement: conflict.disagreement.detail,
  claims: conflict.claims.map((claim) => ({ assertion: claim.assertion, value: claim.value, date: claim.date, place: claim.place })),
  opened_at_ms: conflict.opened_at_ms,
});
