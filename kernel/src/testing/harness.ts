import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response as InjectResponse } from 'light-my-request';
import { createServer, type RootlineServer } from '../server.js';
import { createAgentCredential } from '../auth/tokens.js';
import type { Clock } from '../ids.js';
import type { ManifestEntry, PluginSource } from '../plugin.js';
import type { TreeRecord } from '../records.js';

/** Who may do what, as one table: every route checked with the human, an agent and no token. */
export { checkRouteAccess, routeAccessTable, type AccessCheckOptions, type AccessRow, type AccessRule, type AccessAssertions } from './access.js';
export { consumerOf } from './consumer.js';
export { bodyHasExamples, exampleProblems, type ExampleProblem } from './examples.js';
/** A real HTTP server on loopback for what a plugin sends off the machine; a dead address; a hand-moved clock. */
export { startReceiver, deadUrl, handClock, type Received } from './receiver.js';
export { waitFor } from './wait.js';
export { logSettled } from './log.js';
export { smallDisk, smallDiskUnavailable, type SmallDisk } from './small-disk.js';
export { startChildServer, type ChildServer } from './child-server.js';
/** A change stream read over a real socket until a line arrives. */
export { openEventStream, type EventStreamReader } from './event-stream.js';

/** The part of a tap test the harness needs. */
export interface TeardownHost {
  teardown(fn: () => unknown): void;
}

export interface TestRequest {
  token?: string | null;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

export interface TestServer {
  server: RootlineServer;
  url: string;
  port: number;
  dataDir: string;
  humanToken: string;
  agentToken: string;
  agentCredentialId: string;
  /**
   * The record log of the active tree (or `treeId`), newest first, filtered by kind prefix:
   * what a plugin's own suite reads to check what a change recorded, without depending on
   * the audit plugin.
   */
  records(options?: { kind?: string; treeId?: string }): TreeRecord[];
  /** app.inject with the human token, the right Host header and JSON bodies by default. */
  request(method: string, path: string, options?: TestRequest): Promise<InjectResponse & { json<T = any>(): T }>;
}

export interface TestServerOptions {
  /** Plugin names, or manifest entries `{ name, options }` to pass a plugin its options. */
  plugins?: (string | ManifestEntry)[];
  builtIn?: PluginSource[];
  clock?: Clock;
  heartbeatMs?: number;
  env?: NodeJS.ProcessEnv;
  dataDir?: string;
}

/**
 * Boots a real server (real SQLite files in a temporary data dir, listening on a real
 * loopback port) with just the chosen plugins, a human token and an agent credential.
 * Closed and removed in teardown.
 */
export async function buildTestServer(t: TeardownHost, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rootline-test-'));
  const server = await createServer({
    dataDir,
    manifest: { plugins: (options.plugins ?? []).map((entry) => (typeof entry === 'string' ? { name: entry } : entry)) },
    builtIn: options.builtIn ? new Map(options.builtIn.map((source) => [source.name, source])) : undefined,
    clock: options.clock,
    heartbeatMs: options.heartbeatMs,
    env: { ...process.env, ...options.env },
  });
  const url = await server.listen(0);
  const port = Number(new URL(url).port);
  const { readFileSync } = await import('node:fs');
  const humanToken = readFileSync(server.layout.humanTokenFile, 'utf8').trim();
  const agent = createAgentCredential(server.kernel.registry, 'test agent');
  t.teardown(async () => {
    await server.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    server,
    url,
    port,
    dataDir,
    humanToken,
    agentToken: agent.token,
    agentCredentialId: agent.credential_id,
    records({ kind, treeId } = {}) {
      const tree = treeId ? server.kernel.trees.get(treeId) : server.kernel.trees.active();
      if (!tree) throw new Error(`No tree ${treeId}`);
      return tree.records.list({ beforeSeq: null, limit: 1_000_000, kindPrefixes: kind ? [kind] : [] });
    },
    async request(method, path, request = {}) {
      const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...request.headers };
      const token = request.token === undefined ? humanToken : request.token;
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | Buffer | undefined = request.payload;
      if (request.body !== undefined) {
        payload = JSON.stringify(request.body);
        headers['content-type'] ??= 'application/json';
      }
      const query = request.query ? Object.fromEntries(Object.entries(request.query).map(([k, v]) => [k, String(v)])) : undefined;
      return server.app.inject({ method: method as never, url: path, headers, payload, query }) as never;
    },
  };
}
export type { PluginSource } from '../plugin.js';
