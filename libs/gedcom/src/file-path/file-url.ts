/**
 * GEDCOM 7's FilePath is a URL string (spec §2 "File Path"; GEDZIP: "must percent-escape
 * characters in the file name that cannot appear literally in a URI reference", while the zip
 * entry's own name is not escaped). GEDCOM 5.5.1's FILE is a plain path. These two functions
 * turn a local path (`media/My photo #1.jpg`) into the URL a 7.0 FILE line carries
 * (`media/My%20photo%20%231.jpg`) and back.
 */

/**
 * Bytes a URL path segment may not hold literally: controls, space, and `"#%<>?[\]^`{|}`;
 * `:` too, so a first segment never reads as a scheme (`c:photo.jpg`). Letters outside ASCII
 * stay as they are (a valid URL string may hold them).
 */
// eslint-disable-next-line no-control-regex -- controls are exactly what must be escaped
const ESCAPED = /[\u0000-\u0020"#%<>?[\\\]^`{|}:\u007f]/g;

const escape = (character: string) =>
  [...Buffer.from(character, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/** The 7.0 FILE payload of a relative local path (`/`-separated, as in a GEDZIP). */
export function fileUrlOf(path: string): string {
  return path.split('/').map((segment) => segment.replace(ESCAPED, escape)).join('/');
}

/**
 * The local path a 7.0 FILE payload names: percent-escapes decoded (a malformed escape is
 * kept as written). A URL with a scheme (`https://...`, `file:///...`) is returned as it is.
 */
export function filePathOf(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return decodeURIComponent(url);
  } catch {
    return url.replace(/%([0-9a-f]{2})/gi, (escaped, hex: string) => {
      const code = parseInt(hex, 16);
      return code < 0x80 ? String.fromCharCode(code) : escaped;
    });
  }
}
