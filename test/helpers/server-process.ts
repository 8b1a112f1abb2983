import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { request as httpRequest } from 'node:http';

const root = resolve(import.meta.dirname, '../..');

/** Builds a bundle from a manifest (half a second), so a test never runs a stale build. */
export function ensureBundle(manifest = 'rootline.manifest.json', out = 'dist/rootline.mjs'): string {
  const file = join(root, out);
  execFileSync(process.execPath, [join(root, 'tools/build/src/build.mjs'), '--manifest', join(root, manifest), '--out', file, '--quiet']);
  return file;
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  token: string;
  child: ChildProcess;
  stdout: string[];
  cli(...args: string[]): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `rootline serve --port 0` from a bundle as a real process and waits for its one line. */
export async function startServer(bundle: string, options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rootline-e2e-'));
  const child = spawn(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', dataDir], { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolvePromise, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        stdout.push(line);
        const match = /^Rootline listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
        if (match) resolvePromise(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  const cli = (...args: string[]) => execFileSync(process.execPath, [bundle, ...args, '--data-dir', dataDir], { encoding: 'utf8' }).trim();
  return {
    url,
    port: Number(new URL(url).port),
    dataDir,
    token: readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim(),
    child,
    stdout,
    cli,
    stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolvePromise) => {
        child.once('exit', (code) => resolvePromise(code));
        child.kill(signal);
      });
    },
  };
}

/**
 * `rootline agent create` run against the server's data folder; its token, checked for its
 * form: a CLI that printed anything else fails here, naming what it printed, not later as
 * an unexplained 401.
 */
export function createAgent(server: RunningServer, label: string): string {
  const printed = server.cli('agent', 'create', '--label', label);
  if (!/^rla_[A-Za-z0-9_-]{43}$/.test(printed)) throw new Error(`rootline agent create printed ${JSON.stringify(printed)}, not one agent token`);
  return printed;
}

export function cleanup(server: RunningServer) {
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** A fetch Response whose json() is untyped, as tests read it. */
export type JsonResponse = Omit<Response, 'json'> & { json(): Promise<any> };

/** fetch against a running server with its human token (or `token`, or none with `null`) and JSON bodies. */
export type Api = (path: string, init?: RequestInit & { token?: string | null }) => Promise<JsonResponse>;

export function apiOf(server: RunningServer): Api {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    const token = init.token === undefined ? server.token : init.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    return fetch(`${server.url}${path}`, { ...init, headers }) as Promise<JsonResponse>;
  };
}

/**
 * A server of the test's own, from `bundle` in a fresh data folder, stopped and removed in
 * the test's teardown: no end-to-end test depends on what another one did, or on running
 * after it.
 */
export async function ownServer(t: { teardown(fn: () => unknown): void }, bundle: string, options: { env?: NodeJS.ProcessEnv } = {}): Promise<RunningServer & { api: Api }> {
  const server = await startServer(bundle, options);
  t.teardown(async () => {
    await server.stop();
    cleanup(server);
  });
  return Object.assign(server, { api: apiOf(server) });
}

/** A raw HTTP request (fetch will not let a test send a foreign Host header). */
export function rawRequest(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolvePromise, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolvePromise({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}
