/**
 * Where each media file goes inside a GEDZIP. Every file sits under `media/` by its own
 * name, so the FILE line and the zip entry say the same thing. Two different files of one
 * name (case aside: a Windows or macOS unzip would merge `X.jpg` and `x.jpg`) cannot share
 * an entry: the later ones go into numbered folders (`media/2/x.jpg`), never a changed name,
 * because an importer keeps the last segment of the path as the file's name. The same bytes
 * under the same name are one entry, however many media objects point at them.
 */

/** A file the archive holds: its path there and the blob its bytes are read from. */
export interface ArchivedFile {
  path: string;
  blob: string;
}

/** `.` and `..` are a name on no one's disk but a step in a path: the archive would refuse them. */
const safeName = (name: string) => (/^\.+$/.test(name) ? name.replaceAll('.', '_') : name);

export class MediaArchive {
  /** In the order first placed (media objects are walked oldest first: the same tree gives the same archive). */
  readonly files: ArchivedFile[] = [];
  private readonly paths = new Map<string, string>();
  /** Entry paths and numbered folders taken, lower-cased. */
  private readonly takenFiles = new Set<string>();
  private readonly takenFolders = new Set<string>();

  /** The archive path of this file's bytes (given once per name and blob). */
  place(fileName: string, blob: string): string {
    const key = `${blob}\u0000${fileName}`;
    const known = this.paths.get(key);
    if (known) return known;
    const name = safeName(fileName);
    for (let n = 1; ; n++) {
      const folder = n === 1 ? 'media' : `media/${n}`;
      const path = `${folder}/${name}`;
      const lower = path.toLowerCase();
      if (this.takenFiles.has(lower) || this.takenFolders.has(lower) || (n > 1 && this.takenFiles.has(folder))) continue;
      this.takenFiles.add(lower);
      if (n > 1) this.takenFolders.add(folder);
      this.paths.set(key, path);
      this.files.push({ path, blob });
      return path;
    }
  }
}
