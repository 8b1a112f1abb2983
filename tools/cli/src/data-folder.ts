/**
 * Whether a command may use the data folder it was given. `serve` and `import` may make a new
 * one (a first start, a first import into a folder of the user's choosing); every other command
 * works on data that is already there, so a mistyped --data-dir is said at once instead of being
 * made into a new, empty data folder with a fresh token, or an empty export.
 */
import { readdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { dataDirOf, dataDirSource, type CommandContext } from './command.js';
import { inWords } from './file-errors.js';

/** The data folder named as the user named it: `--data-dir /x`, `ROOTLINE_HOME /x`, `the default data folder /x`. */
function named(path: string, source: ReturnType<typeof dataDirSource>): string {
  return source === 'default' ? `the default data folder ${path}` : `${source} ${path}`;
}

const capitalised = (text: string) => text[0].toUpperCase() + text.slice(1);

/** The nearest part of `path` that exists, and whether it is a folder. */
function nearestExisting(path: string): { at: string; folder: boolean } | undefined {
  for (let at = path; ; at = dirname(at)) {
    try {
      return { at, folder: statSync(at).isDirectory() };
    } catch {
      if (dirname(at) === at) return undefined;
    }
  }
}

/** The data folder of a command that may make it (serve, import): refused only when it is, or lies under, a file. */
export function dataFolderToMake(options: { dataDir?: string }, context: CommandContext): string {
  const path = dataDirOf(options, context);
  const existing = nearestExisting(path);
  if (existing && !existing.folder) {
    const where = named(path, dataDirSource(options, context));
    throw new Error(existing.at === path
      ? `${capitalised(where)} is a file, not a folder: name the folder Rootline keeps its data in`
      : `${capitalised(where)} cannot be a folder: ${existing.at} is a file; name the folder Rootline keeps its data in`);
  }
  return path;
}

/** The data folder of a command that works on data already there: it must hold Rootline's registry. */
export function existingDataFolder(options: { dataDir?: string }, context: CommandContext): string {
  const path = dataFolderToMake(options, context);
  const source = dataDirSource(options, context);
  const where = capitalised(named(path, source));
  const start = `start Rootline there once with \`rootline serve${source === '--data-dir' ? ` --data-dir ${path}` : ''}\``;
  let names: string[];
  try {
    names = readdirSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${where} does not exist: check the path, or ${start}`);
    throw new Error(`${where} cannot be read: ${inWords(error)}`);
  }
  if (names.includes('registry.db')) return path;
  if (names.length === 0) throw new Error(`${where} holds no Rootline data yet: ${start}`);
  throw new Error(`${where} holds no Rootline data (no registry.db): check the path; the data folder is the one holding registry.db`);
}
