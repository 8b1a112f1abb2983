
// Classic TIFF and BigTIFF, little- and big-endian.
const TIFF_MAGIC = [Buffer.from('II*\0', 'latin1'), Buffer.from('MM\0*', 'latin1'), Buffer.from('II+\0', 'latin1'), Buffer.from('MM\0+', 'latin1')];

/** How many leading bytes the sniffer looks at. */
export const SNIFF_BYTES = 4100;

/** The media type read from the bytes themselves (never from a client's claim). */
export async function sniffMediaType(head: Buffer): Promise<string> {
  if (head.length === 0) return 'application/octet-stream';
  // Loaded on the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  if (found) return found.mime;
  // A TIFF whose directory sits at the end of the file (usual for scanners) cannot be
  // told apart further from its first bytes; its magic number is enough.
  if (TIFF_MAGIC.some((magic) => head.subarray(0, 4).equals(magic))) return 'image/tiff';
  return looksLikeText(head) ? 'text/plain' : 'application/octet-stream';
}

function looksLikeText(head: Buffer): boolean {
  const text = head.toString('utf8');
  // A full head may end inside a multi-byte character (one replacement character at the
  // very end); anywhere else a replacement means the bytes are not UTF-8, whatever the length.
  const whole = head.length < SNIFF_BYTES ? text : text.slice(0, -1);
  if (whole.includes('\uFFFD')) return false;
  // Control characters other than tab, line feed, vertical tab, form feed and carriage return mean binary.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return !/[\x00-\x08\x0E-\x1F]/.test(text.slice(0, 1024));
}
