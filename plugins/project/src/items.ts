import type { ConflictDto } from '@rootline/contracts/conflicts';

/**
 * What one reader may see of a value (the kernel's `filterForReader` for the request: the
 * views plugin's redactions when it is loaded, else the value itself).
 */
export type Reader = <T>(value: T) => T;

/** What a conflict's disagreement reads when a claim of it is hidden from the reader: the text quotes the claims. */
const HIDDEN_DISAGREEMENT = 'Not shown: a claim of this conflict is redacted';

/**
 * A conflict as the digest and settled show it: what disagrees, and where it stands. Read
 * filters know an entity by its `id`, and a claim here is named by `assertion`, so the
 * reply hook of the views plugin would not see a redacted claim: each claim is handed to
 * `reader` as `{ id, ... }` and turned back. When the reader was not shown a claim whole (an
 * agent, a redacted claim) the disagreement, which quotes the claims, is hidden too.
 */
export function conflictItem(conflict: ConflictDto, reader: Reader, agent: boolean) {
  const claims = conflict.claims.map((claim) => ({ id: claim.assertion, value: claim.value, date: claim.date, place: claim.place }));
  const seen = reader(claims);
  const hidden = agent && seen.some((claim, at) => JSON.stringify(claim) !== JSON.stringify(claims[at]));
  return {
    id: conflict.id,
    kind: conflict.kind,
    status: conflict.status,
    person: conflict.person ?? null,
    persona: conflict.persona ?? null,
    disagreement: hidden ? HIDDEN_DISAGREEMENT : conflict.disagreement.detail,
    claims: seen.map(({ id, ...claim }) => ({ assertion: id, ...claim })),
    opened_at_ms: conflict.opened_at_ms,
  };
}
