import { parseArgs } from 'node:util';
import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDir, readManifest, openRegistry, ManifestError, type Manifest, type PluginSource } from '@rootline/kernel/host';
import { serve } from './serve.js';
import { agentCommand } from './agent.js';
import { openSession } from './session.js';
import { importCommand } from './import.js';
import { exportCommand } from './export.js';

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

const USAGE = `Usage:
  rootline serve [--data-dir DIR] [--port N] [--manifest FILE]
  rootline token [--data-dir DIR]
  rootline agent create --label LABEL [--data-dir DIR]
  rootline agent list [--data-dir DIR]
  rootline agent revoke ID [--data-dir DIR]
  rootline import FILE [--tree ID] [--allow-duplicate] [--data-dir DIR]
  rootline export [--version 7.0|5.5.1] [--out FILE] [--force] [--tree ID] [--include-living] [--gedzip] [--data-dir DIR]`;

/**
 * How a program on this machine starts this same `rootline` (a connected assistant's server
 * entry): the built bundle is run by this Node with its script; from source, `rootline` on the PATH.
 */
function launcherOf(context: CliContext): { command: string; args: string[] } | undefined {
  const script = process.argv[1];
  return context.builtIn && script ? { command: process.execPath, args: [realpathSync(script)] } : undefined;
}

/** The `rootline` command. Returns the exit code. */
export async function main(argv: string[], context: CliContext = {}): Promise<number> {
  const out = context.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = context.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const env = context.env ?? process.env;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'data-dir': { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        manifest: { type: 'string' },
        label: { type: 'string' },
        tree: { type: 'string' },
        'allow-duplicate': { type: 'boolean' },
        version: { type: 'string' },
        out: { type: 'string' },
        force: { type: 'boolean' },
        'include-living': { type: 'boolean' },
        gedzip: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    err(`rootline: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, sub, arg] = positionals;
  if (values.help || !command) {
    out(USAGE);
    return command || values.help ? 0 : 2;
  }
  const dataDir = values['data-dir'] ?? defaultDataDir(env);

  if (command === 'serve') {
    if (values.host && values.host !== '127.0.0.1') {
      err(`rootline: refusing to listen on ${values.host}: Rootline listens on 127.0.0.1 only`);
      return 2;
    }
    const portText = values.port ?? env.ROOTLINE_PORT ?? '7420';
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port > 65535) {
      err(`rootline: --port must be a number from 0 to 65535, not ${JSON.stringify(portText)}`);
      return 2;
    }
    let manifest = context.manifest;
    try {
      if (values.manifest) manifest = readManifest(values.manifest);
      else if (!manifest && existsSync(join(process.cwd(), 'rootline.manifest.json'))) manifest = readManifest(join(process.cwd(), 'rootline.manifest.json'));
    } catch (error) {
      err(`rootline: ${error instanceof ManifestError ? error.message : (error as Error).message}`);
      return 2;
    }
    if (context.builtIn && manifest) {
      const missing = manifest.plugins.find((entry) => !context.builtIn!.has(entry.name));
      if (missing) {
        err(`rootline: plugin ${missing.name} is not part of this build; rebuild with it in the manifest`);
        return 2;
      }
    }
    return serve({ dataDir, port, manifest: manifest ?? { plugins: [] }, builtIn: context.builtIn, appVersion: context.appVersion ?? '0.1.0', launcher: launcherOf(context), out, err });
  }

  if (command === 'token') {
    const { humanToken, close } = openRegistry(dataDir);
    close();
    out(humanToken);
    return 0;
  }

  if (command === 'agent') {
    return agentCommand({ dataDir, sub, id: arg, label: values.label, out, err, usage: USAGE });
  }

  if (command === 'import' || command === 'export') {
    let manifest = context.manifest;
    try {
      if (values.manifest) manifest = readManifest(values.manifest);
      else if (!manifest && existsSync(join(process.cwd(), 'rootline.manifest.json'))) manifest = readManifest(join(process.cwd(), 'rootline.manifest.json'));
    } catch (error) {
      err(`rootline: ${(error as Error).message}`);
      return 2;
    }
    let session;
    try {
      session = await openSession({ dataDir, manifest: manifest ?? { plugins: [] }, builtIn: context.builtIn, appVersion: context.appVersion ?? '0.1.0' });
    } catch (error) {
      err(`rootline: cannot reach or start the server: ${(error as Error).message}`);
      return 1;
    }
    const progress = context.progress !== undefined ? context.progress : process.stderr.isTTY ? (text: string) => void process.stderr.write(text) : null;
    const common = { session, tree: values.tree, out, err, progress };
    try {
      if (command === 'import') return await importCommand(sub, { ...common, allowDuplicate: values['allow-duplicate'] ?? false });
      return await exportCommand({ ...common, version: values.version ?? '7.0', outFile: values.out, includeLiving: values['include-living'] ?? false, gedzip: values.gedzip ?? false, force: values.force ?? false });
    } catch (error) {
      err(`rootline: ${command} failed: ${(error as Error).message}`);
      return 1;
    } finally {
      await session.close();
    }
  }

  err(`rootline: unknown command ${command}\n${USAGE}`);
  return 2;
}
