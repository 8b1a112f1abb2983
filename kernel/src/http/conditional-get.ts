/**
 * If-None-Match (RFC 9110 §13.1.2): true when the client's copy is current. The header is
 * `*` or a list of entity tags compared weakly, so a cache holding several versions, or one
 * that marked the tag weak, still gets its 304.
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const strong = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === strong);
}
