/**
 * GEDZIP (.gdz, GEDCOM 7): a ZIP archive whose `gedcom.ged` is the GEDCOM text and whose
 * other entries are the media files its FILE payloads name by relative path.
 */
import { unzipSync } from 'fflate';

export class GedzipError extends Error {
  override name = 'GedzipError';
}

/** A ZIP archive: a local file header (PK 03 04) or an empty archive's end record (PK 05 06). */
export function isZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
}

/**
 * The GEDCOM text and the other files of a GEDZIP. Paths are as in the archive, `/`
 * separated (a `\` written by a Windows zipper is turned into `/`); folders are left out.
 * They are not checked for `..`: whoever writes them to disk must. Throws GedzipError when
 * the bytes are not a ZIP or the archive has no `gedcom.ged` (nor exactly one `.ged` file).
 */
export function readGedzip(bytes: Uint8Array): { gedcom: Uint8Array; files: Map<string, Uint8Array> } {
  if (!isZip(bytes)) throw new GedzipError('not a GEDZIP: the bytes are not a ZIP archive');
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new GedzipError(`not a readable ZIP archive: ${(error as Error).message}`);
  }
  const files = new Map<string, Uint8Array>();
  for (const [name, content] of Object.entries(entries)) {
    const path = name.replaceAll('\\', '/');
    if (!path.endsWith('/')) files.set(path, content);
  }
  // The standard names it gedcom.ged at the root; some zippers add a folder or a capital.
  const ged = [...files.keys()].filter((path) => path.toLowerCase().endsWith('.ged'));
  const name = files.has('gedcom.ged') ? 'gedcom.ged' : ged.length === 1 ? ged[0] : undefined;
  if (name === undefined) throw new GedzipError(ged.length === 0 ? 'the GEDZIP has no gedcom.ged' : `the GEDZIP has no gedcom.ged but ${ged.length} other .ged files`);
  const gedcom = files.get(name) as Uint8Array;
  files.delete(name);
  return { gedcom, files };
}
