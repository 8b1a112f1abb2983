import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { root } from './helpers.js';

/**
 * `rootline` from this package's source as a process of its own, as a user runs it: for what only
 * a process shows (Ctrl-C, its working folder, another user's permissions, two processes on one
 * data folder). tsx loads the TypeScript, as in the tests; the default manifest is the build's.
 */

export interface CliProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has ended: its exit code (null when a signal ended it) and signal. */
  ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Imports by full address: the process may run in a folder outside the repository. */
const script = [
  `import { main } from ${JSON.stringify(import.meta.resolve('../src/main.ts'))};`,
  `import { readManifest } from ${JSON.stringify(import.meta.resolve('@rootline/kernel/host'))};`,
  `process.exitCode = await main(process.argv.slice(1), { manifest: readManifest(${JSON.stringify(join(root, 'rootline.manifest.json'))}), appVersion: '9.8.7' });`,
].join('\n');

export function spawnCli(t: { teardown(fn: () => unknown): void }, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; uid?: number; gid?: number; stdin?: 'pipe' | 'ignore' } = {}): CliProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  const node = [process.execPath, '--import', import.meta.resolve('tsx'), '--input-type=module', '--eval', script, ...args];
  // Another user cannot write this user's coverage or tap's records of its processes, which tap's
  // spawn puts back into NODE_OPTIONS: `env` takes it out again just before node starts.
  if (options.uid !== undefined) for (const name of Object.keys(env)) if (/^(NODE_V8_COVERAGE|_TAPJS_PROCESSINFO.*)$/.test(name)) delete env[name];
  const [command, ...rest] = options.uid === undefined ? node : ['/usr/bin/env', '-u', 'NODE_OPTIONS', ...node];
  const child = spawn(command, rest, {
    cwd: options.cwd ?? root,
    env,
    uid: options.uid,
    gid: options.gid,
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, stdout: () => stdout, stderr: () => stderr, ended };
}
