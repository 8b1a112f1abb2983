import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The shared GEDCOM corpus: `../shared/corpus` from the repository root, or $ROOTLINE_CORPUS. */
export const CORPUS = process.env.ROOTLINE_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');

/** Every `.ged` and `.gdz` under `folder` (the corpus by default), in path order. */
export function corpusFiles(folder: string = CORPUS): string[] {
  return readdirSync(folder).sort().flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return corpusFiles(path);
    return /\.(ged|gdz)$/i.test(name) ? [path] : [];
  });
}
