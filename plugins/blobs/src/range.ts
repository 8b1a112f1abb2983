/** A byte range to send, inclusive, or the reason none can be. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads one `Range: bytes=...` (RFC 9110 §14): `a-b`, `a-` or the suffix `-n`.
 * Several ranges, other units or a malformed header are ignored (the whole blob is sent),
 * as the RFC allows; a range starting past the end cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'part', start, end };
}
