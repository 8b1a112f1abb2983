/** A byte range to send, inclusive, or the reason none can be. */
export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const WHOLE: RangeAnswer = { kind: 'whole' };
const UNSATISFIABLE: RangeAnswer = { kind: 'unsatisfiable' };

/**
 * Reads `Range` for a blob of `size` bytes (RFC 9110 §14.1-14.2). What each form gets:
 *
 * - `bytes=a-b`: bytes a..b; an end past the last byte is clamped to `size - 1` (§14.1.2).
 * - `bytes=a-`: from a to the end. `bytes=-n`: the last n bytes (all of them when n >= size).
 * - A first byte at or past the end (`bytes=<size>-`, anything on an empty blob) and the suffix
 *   `bytes=-0` are unsatisfiable: 416 with `Content-Range: bytes *\/<size>` (§14.1.1: a set is
 *   satisfiable only with a range starting before the end or a suffix of non-zero length).
 * - Ignored, the whole blob sent with 200, as §14.2 allows ("MAY ignore or reject" an invalid
 *   set; MUST ignore an unknown unit): an invalid range such as `bytes=5-2` (last before
 *   first), anything that is not the grammar (`bytes=0 - 1`, `bytes=x-`, `bytes=`), another
 *   unit (`items=0-1`), and several ranges (`bytes=0-1,3-4`): no multipart/byteranges here,
 *   and one whole answer is what a viewer can always use.
 * - Whitespace: the field value is trimmed, the unit is case-insensitive (`Bytes=0-1`), and
 *   whitespace around each range of the list is allowed, empty list elements dropped (the list
 *   rule of §5.6.1: `bytes=0-1 ,` is one range). Whitespace inside a range (`0 - 1`) is not
 *   the grammar: ignored.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return WHOLE;
  const value = header.trim();
  const equals = value.indexOf('=');
  if (equals < 0 || value.slice(0, equals).toLowerCase() !== 'bytes') return WHOLE;
  const specs = value.slice(equals + 1).split(',').map((spec) => spec.trim()).filter((spec) => spec !== '');
  if (specs.length !== 1) return WHOLE;
  const spec = specs[0];
  const suffix = /^-(\d+)$/.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    if (length === 0 || size === 0) return UNSATISFIABLE;
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const range = /^(\d+)-(\d*)$/.exec(spec);
  if (!range) return WHOLE;
  const start = Number(range[1]);
  const last = range[2] === '' ? null : Number(range[2]);
  if (last !== null && last < start) return WHOLE;
  if (start >= size) return UNSATISFIABLE;
  return { kind: 'part', start, end: last === null ? size - 1 : Math.min(last, size - 1) };
}
