import { spawn, type ChildProcess } from 'node:child_process';

/** A server started in a child process (a crash test's, a full disk's), as far as a test drives it. */
export interface ChildServer {
  child: ChildProcess;
  url: string;
  token: string;
  /** What the child wrote on stderr so far. */
  stderr(): string;
  /** Resolves with the signal the process ended by and what it wrote on stderr. */
  ended: Promise<{ signal: NodeJS.Signals | null; stderr: string }>;
}

/**
 * Runs `script` (ES module text, run by `node --import tsx`) with `args` in a child process and
 * waits for the line `READY <url> <token>` it prints once its server listens; rejects, with its
 * stderr, when it ends before that. The child is killed (SIGKILL) at the test's end if still running.
 */
export async function startChildServer(
  t: { teardown(fn: () => unknown): void },
  script: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script, ...args], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.env ? { env: options.env } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const ended = new Promise<{ signal: NodeJS.Signals | null; stderr: string }>((resolve) => child.once('exit', (_code, signal) => resolve({ signal, stderr })));
  const [url, token] = await new Promise<string[]>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      out += text;
      const ready = /READY (\S+) (\S+)/.exec(out);
      if (ready) resolve([ready[1], ready[2]]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited before it was ready (${code}): ${stderr}`)));
  });
  return { child, url, token, stderr: () => stderr, ended };
}
