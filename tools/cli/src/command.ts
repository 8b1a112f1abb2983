/**
 * What every `rootline` command shares. Each command lives in its own file and exports a
 * `register…(program, context)` that adds it to the commander program; main.ts lists them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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

export function dataDirOf(options: { dataDir?: string }, context: CommandContext): string {
  return options.dataDir ?? defaultDataDir(context.env);
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
