import { realpathSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import type { DataDirLayout } from './data-dir.js';

/**
 * Where a folder lies in a data folder: the data folder itself, its `trees` folder or anything in
 * it (a tree's own folder), elsewhere in it (`logs`, a folder of the user's), or outside.
 */
export type DataFolderPlace = 'data-folder' | 'trees' | 'inside' | 'outside';

/** `path` with every symbolic link resolved; for a path that does not exist yet, its nearest existing folder's, then the rest. */
function realPath(path: string): string {
  const rest: string[] = [];
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(realpathSync(at), ...rest);
    } catch {
      if (dirname(at) === at) return path;
      rest.unshift(basename(at));
    }
  }
}

/** Whether `path` is `folder` or inside it (both real paths). */
const within = (path: string, folder: string) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/** Where `path` (a full path) lies in the data folder of `layout`, symbolic links followed. */
export function placeInDataFolder(layout: DataDirLayout, path: string): DataFolderPlace {
  const real = realPath(path);
  const root = realPath(layout.root);
  if (real === root) return 'data-folder';
  if (within(real, realPath(layout.treesDir))) return 'trees';
  return within(real, root) ? 'inside' : 'outside';
}
