/**
 * What every `rootline` command shares. Each command lives in its own file and exports a
 * `register…(program, context)` that adds it to the commander program; main.ts lists them.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { defaultDataDir, readManifest, ManifestError, type Manifest, type PluginSource } from '@rootline/kernel/host';

export interface CliContext {
  /** The plugins compiled into this build, and its manifest (from tools/build). */
  builtIn?: Map<string, PluginSource>;
  manifest?: Manifest;
  appVersion?: string;
  out?: (line: string) => void;
  err?: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Where import and export draw their progress bar: stderr when it is a terminal, else nowhere. */
  progress?: ((text: string) => void) | null;
}

/** The context with its defaults filled in, and the exit code a command's action sets. */
export interface CommandContext {
  builtIn?: Map<string, PluginSource>;
  manifest?: Manifest;
  appVersion: string;
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  progress?: ((text: string) => void) | null;
  exitCode: number;
}

const DATA_DIR_HELP = 'the data folder (default: $ROOTLINE_HOME, else the OS default)';

/** `--data-dir DIR` on a command. */
export function withDataDir(command: Command): Command {
  return command.option('--data-dir <dir>', DATA_DIR_HELP);
}

/**
 * The data folder as a full path: `--data-dir`, else `$ROOTLINE_HOME`, else the OS default, a
 * relative one taken from the folder the command runs in (a connected assistant's entry names
 * it, and the assistant starts it from a folder of its own).
 */
export function dataDirOf(options: { dataDir?: string }, context: CommandContext): string {
  return resolve(options.dataDir ?? defaultDataDir(context.env));
}

/** ` --data-dir DIR` (a full path, quoted for a shell when it must be) when the user named one, for a command a line suggests; else empty. */
export function dataDirArg(options: { dataDir?: string }, context: CommandContext): string {
  if (options.dataDir === undefined) return '';
  const path = dataDirOf(options, context);
  return ` --data-dir ${/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`}`;
}

/** Where the data folder's path came from, in the words of a message: `--data-dir`, `ROOTLINE_HOME` or the default. */
export function dataDirSource(options: { dataDir?: string }, context: CommandContext): '--data-dir' | 'ROOTLINE_HOME' | 'default' {
  if (options.dataDir !== undefined) return '--data-dir';
  return context.env.ROOTLINE_HOME ? 'ROOTLINE_HOME' : 'default';
}

/** The manifest: `--manifest FILE`, else the build's own, else `rootline.manifest.json` here. Throws a one-line message. */
export function manifestOf(file: string | undefined, context: CommandContext): Manifest {
  try {
    if (file) return readManifest(file);
    if (context.manifest) return context.manifest;
    const here = join(process.cwd(), 'rootline.manifest.json');
    if (existsSync(here)) return readManifest(here);
    return { plugins: [] };
  } catch (error) {
    throw new UsageError(error instanceof ManifestError ? error.message : (error as Error).message);
  }
}

/** A mistake in how the command was called: one line, exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
