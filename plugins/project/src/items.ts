import type { ConflictDto } from '@rootline/contracts/conflicts';

/**
 * What one reader may see of a value (the kernel's `filterForReader` for the request: the
 * views plugin's redactions when it is loaded, else the value itself).
 */
export type Reader = <T>(value: T) => T;

/** The fields of a conflict's claims the digest and settled show. */
const SHOWN = ['value', 'date', 'place'];

/**
 * A conflict as the digest and settled show it, already as the reader may see it
 * (`conflictsService.seenBy`): what disagrees, and where it stands.
 */
export function conflictItem(conflict: ConflictDto) {
  return {
    id: conflict.id,
    kind: conflict.kind,
    status: conflict.status,
    person: conflict.person ?? null,
    persona: conflict.persona ?? null,
    disagreement: conflict.disagreement.detail,
    // The human's reader marks what is redacted (`redacted: [fields]`) on the claims it is
    // shown: of the fields shown here.
    claims: conflict.claims.map(({ assertion, value, date, place, ...rest }) => {
      const redacted = ((rest as { redacted?: string[] }).redacted ?? []).filter((field) => SHOWN.includes(field));
      return { assertion, value, date, place, ...(redacted.length > 0 ? { redacted } : {}) };
    }),
    opened_at_ms: conflict.opened_at_ms,
  };
}
