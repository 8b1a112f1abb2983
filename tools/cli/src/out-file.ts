/**
 * The file `rootline export` writes. Its place is checked before the export starts (a job is not
 * run for a file that cannot be written), and the file is written whole: a temporary file beside
 * it, then one rename over it, so `--force` never leaves a half-written file in place of a good one.
 */
import { accessSync, constants, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { inWords } from './file-errors.js';

/** Why `target` cannot be written (one line, what to do), or undefined when it can. */
export function outFileProblem(target: string, force: boolean): string | undefined {
  let existing;
  try {
    existing = statSync(target);
  } catch {
    existing = undefined;
  }
  if (existing?.isDirectory()) return `${target} is a folder: --out needs a file name, e.g. --out ${join(target, 'family.ged')}`;
  if (existing && !force) return `${target} exists; pass --force to overwrite it, or --out another file`;
  const folder = dirname(target);
  let place;
  try {
    place = statSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `cannot write ${target}: the folder ${folder} does not exist; make it first, or --out a file in another folder`;
    return `cannot write ${target}: ${inWords(error)}`;
  }
  if (!place.isDirectory()) return `cannot write ${target}: ${folder} is a file, not a folder`;
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    return `cannot write ${target}: you are not allowed to write in the folder ${folder}; --out a file in a folder of yours`;
  }
  return undefined;
}

/** Writes `bytes` to `target` whole (a temporary file in the same folder, then a rename); throws one line. */
export function writeOutFile(target: string, bytes: Uint8Array): void {
  const temporary = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `the folder ${dirname(target)} is not there any more` : inWords(error);
    throw new Error(`cannot write ${target}: ${reason}`);
  }
}
