/** What is left when a path names nothing (`C:\`, `/`, a bare URL host): a file name is never empty. */
const NO_FILE_NAME = 'unnamed';

/**
 * The file name of a path as a GEDCOM FILE line (or a client naming an upload) wrote it, and nothing of its folders: the
 * last segment after any `/` or `\` (`C:\Users\ann\Pictures\x.jpg` -> `x.jpg`,
 * `/home/ann/x.jpg` -> `x.jpg`, `https://host/a/x.jpg?size=2` -> `x.jpg`), without a drive
 * letter (`C:x.jpg` -> `x.jpg`). A folder of the user's machine names them, their family and
 * their habits; the spec has no folder reported or accepted, so none is stored.
 */
export function fileNameOf(written: string): string {
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(written);
  // A URL's path is decoded before it is cut: `%2F` and `%5C` are folders too (`file:///C%3A%5CUsers%5Cann%5Cx.jpg`).
  const path = isUrl ? decoded(written.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '')) : written;
  const segments = path.split(/[/\\]/).map((segment) => segment.trim()).filter((segment) => segment !== '');
  const last = (segments.at(-1) ?? '').replace(/^[a-z]:/i, '');
  return last || NO_FILE_NAME;
}

/** A URL's path percent-decoded, each part between slashes on its own: a part that does not decode (a lone `%`) stays as written. */
function decoded(path: string): string {
  return path
    .split('/')
    .map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    })
    .join('/');
}
