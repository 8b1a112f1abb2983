import type { ConflictDto } from '@rootline/contracts/conflicts';

/** What a conflict's disagreement reads to an agent not shown one of its claims as it is: the text quotes the claims' dates, places and values. */
const HIDDEN_DISAGREEMENT = 'Not shown: a claim of this conflict is redacted';

/**
 * Conflicts as one reader may see them (`reader`: the kernel's `filterForReader` for the
 * request, the views plugin's redactions when it is loaded). Read filters know an entity by
 * its `id` and a conflict names its claims by `assertion`, so the claims of every conflict go
 * to the reader in one call as `{ id, ... }` and are turned back: an agent reads `[redacted]`
 * in a redacted claim's fields, the human the values with `redacted: [fields]`. When an agent
 * is not shown a claim as it is, the conflict's `disagreement.detail` (which quotes the claims)
 * is hidden too; `disagreement.on` (field names only) stays.
 */
export function seenBy(conflicts: readonly ConflictDto[], reader: <T>(value: T) => T, agent: boolean): ConflictDto[] {
  const claims = conflicts.flatMap((conflict) => conflict.claims.map(({ assertion, ...claim }) => ({ id: assertion, ...claim })));
  const seen = reader(claims);
  // A reader hands back the value itself when it changes nothing (no filter, nothing redacted).
  if (seen === claims) return [...conflicts];
  let at = 0;
  return conflicts.map((conflict) => {
    const shown = conflict.claims.map(() => {
      const { id, ...claim } = seen[at++]!;
      return { assertion: id, ...claim };
    });
    const hidden = agent && shown.some((claim, index) => JSON.stringify(claim) !== JSON.stringify(conflict.claims[index]));
    return { ...conflict, claims: shown, ...(hidden ? { disagreement: { ...conflict.disagreement, detail: HIDDEN_DISAGREEMENT } } : {}) };
  });
}
