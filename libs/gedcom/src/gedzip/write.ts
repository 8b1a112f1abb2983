/**
 * GEDZIP (GEDCOM 7 section 4): a zip holding `gedcom.ged` and the files its FILE
 * structures name by relative path.
 */
import { zipSync, type Zippable } from 'fflate';

/** A zip path GEDZIP allows for a media file: relative, `/`-separated, nothing escaping the archive. */
function isArchivePath(path: string): boolean {
  return path !== '' && path !== 'gedcom.ged' && !path.startsWith('/') && !path.includes('\\') && !/^[A-Za-z]:/.test(path) &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** The GEDZIP bytes: `gedcom.ged` compressed, media files stored as they are (they are usually compressed already). */
export function writeGedzip(gedcom: Uint8Array, files: Map<string, Uint8Array>): Uint8Array {
  const entries: Zippable = { 'gedcom.ged': [gedcom, { level: 6 }] };
  for (const [path, bytes] of files) {
    if (!isArchivePath(path)) throw new Error(`GEDZIP cannot hold a file at ${JSON.stringify(path)}: use a relative path inside the archive`);
    entries[path] = [bytes, { level: 0 }];
  }
  return zipSync(entries);
}
