import { request as httpRequest } from 'node:http';
import type { RouteEntry } from '../route-table.js';
import type { TestServer } from './harness.js';

/**
 * Who may do what, as one table (issue 16): every route of a built test server, both mounts,
 * checked with the human token, an agent credential and no token at all.
 *
 * - Every route declares its rule: `config.humanOnly` explicitly `true` or `false`, or
 *   `config.public: true`. (At run time an undeclared route stays open to agents; only this
 *   check is strict, so a new route cannot go unnoticed.)
 * - A human-only route answers the agent 403 `human-token-required` and writes nothing: no
 *   row changes in the registry or in any tree database, no record is appended, no tree or
 *   credential appears.
 * - A route declared `humanOnly: false` never answers the agent 403.
 * - No route answers the human 403 `human-token-required`; every route that is not public
 *   answers a request without a token 401, and a public one never does.
 * - The pinned mount (`/v1/trees/:tree_id/...`) declares the same rule as the active one.
 * - Given `humanOnly`, the human-only routes of the plugin checked (`plugin`, else every
 *   route) are exactly those listed (CONTRACT §3), so opening one to agents fails too.
 *
 * Path parameters get a value their schema accepts: the tree's id for `tree_id`, else the
 * first of a UUID, `sha256:<64 hex>`, 64 hex or `x` that matches the parameter's pattern.
 * Bodies are `{}` (a human-only route must refuse before it validates anything). Requests go
 * over the server's real socket (a change stream answers its headers and is then closed).
 * The human's requests can write (an empty upload, say): give the check a server of its own.
 */

export interface AccessCheckOptions {
  /**
   * The routes that must be human-only, active-mount form: `'PUT /v1/trees/active'`,
   * `'POST /v1/assertions/:id/confirm'`. Compared with the routes of `plugin` only.
   */
  humanOnly?: string[];
  /** Whose routes `humanOnly` lists (a package name, or `@rootline/kernel`); every route when absent. */
  plugin?: string;
  /** Values for path parameters by name, when the defaults do not fit. */
  params?: Record<string, string>;
}

export type AccessRule = 'human-only' | 'agents-too' | 'public' | 'undeclared';

export interface AccessRow {
  method: string;
  url: string;
  plugin: string;
  rule: AccessRule;
  /** The path requested, with its parameters filled in. */
  path: string;
  /** What each caller was answered: status and Problem code. */
  answers: { agent?: Answer; human?: Answer; anonymous?: Answer };
  /** What is wrong with this route; empty when it keeps its rule. */
  problems: string[];
}

interface Answer {
  status: number;
  code?: string;
}

/** The part of a tap test the check asserts with. */
export interface AccessAssertions {
  ok(value: unknown, message: string): unknown;
}

const PINNED = /^\/v1\/trees\/:tree_id(?=\/)/;
const DUMMIES = ['01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', `sha256:${'ab'.repeat(32)}`, 'ab'.repeat(32), 'x'];

function ruleOf(config: RouteEntry['config']): AccessRule {
  if (config.public === true) return 'public';
  if (config.humanOnly === true) return 'human-only';
  if (config.humanOnly === false) return 'agents-too';
  return 'undeclared';
}

/** `METHOD /v1/...`: the route as the active mount has it (the pinned twin maps onto it). */
const routeName = (entry: Pick<RouteEntry, 'method' | 'url'>) => `${entry.method} ${entry.url.replace(PINNED, '/v1')}`;

function fillPath(entry: RouteEntry, treeId: string, overrides: Record<string, string>): string {
  return entry.url
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
      if (overrides[name] !== undefined) return encodeURIComponent(overrides[name]);
      if (name === 'tree_id') return treeId;
      const pattern = entry.params[name]?.pattern;
      const value = pattern ? DUMMIES.find((candidate) => new RegExp(pattern).test(candidate)) : DUMMIES[0];
      return encodeURIComponent(value ?? 'x');
    })
    .replace(/\*$/, 'x');
}

/** Rows changed in the registry and every tree database, every tree's last record, the trees and credentials. */
function footprint(s: TestServer): string {
  const { registry, trees } = s.server.kernel;
  const changes = (db: { prepare(sql: string): { get(): unknown } }) => (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
  const rows = registry.listTrees(null, 'asc', 100_000);
  return JSON.stringify({
    registry: changes(registry.db),
    active: registry.activeTreeId(),
    trees: rows.map((row) => {
      const tree = trees.get(row.tree_id);
      return [row.tree_id, row.name, tree?.records.lastSeq() ?? null, tree ? changes(tree.db) : null];
    }),
    credentials: (['human', 'agent'] as const).map((kind) => registry.listCredentials(kind).map((row) => [row.credential_id, row.revoked_at_ms])),
  });
}

/** One request over the real socket; a streaming answer is closed once its status is known. */
function send(s: TestServer, method: string, path: string, token: string | null): Promise<Answer> {
  const body = ['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method) ? undefined : '{}';
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(body.length) });
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${s.url}${path}`, { method, headers, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      if (String(response.headers['content-type']).startsWith('text/event-stream')) {
        response.destroy();
        request.destroy();
        resolve({ status });
        return;
      }
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        let code: string | undefined;
        if (status >= 400 && text) {
          try {
            code = (JSON.parse(text) as { code?: string }).code;
          } catch {
            code = undefined;
          }
        }
        resolve({ status, code });
      });
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`${method} ${path}: no answer within 10 s`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Calls every route of `s` as the agent, the human and nobody, and says per route what is
 * wrong (see the module comment). Assert with `checkRouteAccess`; this is the table itself.
 */
export async function routeAccessTable(s: TestServer, options: AccessCheckOptions = {}): Promise<AccessRow[]> {
  const treeId = s.server.kernel.registry.activeTreeId()!;
  const entries = s.server.kernel.routes();
  const byName = new Map<string, RouteEntry>();
  for (const entry of entries) if (!PINNED.test(entry.url)) byName.set(routeName(entry), entry);
  const rows: AccessRow[] = [];
  for (const entry of entries) {
    const rule = ruleOf(entry.config);
    const path = fillPath(entry, treeId, options.params ?? {});
    const row: AccessRow = { method: entry.method, url: entry.url, plugin: entry.plugin, rule, path, answers: {}, problems: [] };
    rows.push(row);
    if (rule === 'undeclared') {
      row.problems.push('declares no rule: add config { humanOnly: true } or { humanOnly: false } (or { public: true })');
    }
    if (PINNED.test(entry.url)) {
      const twin = byName.get(routeName(entry));
      if (twin && ruleOf(twin.config) !== rule) row.problems.push(`the active mount's twin is ${ruleOf(twin.config)}, this one ${rule}`);
    }
    if (rule === 'public') {
      const anonymous = (row.answers.anonymous = await send(s, entry.method, path, null));
      if (anonymous.status === 401) row.problems.push('public, yet answered 401 without a token');
      continue;
    }
    const before = footprint(s);
    const agent = (row.answers.agent = await send(s, entry.method, path, s.agentToken));
    const after = footprint(s);
    if (rule === 'human-only') {
      const expectCode = entry.method !== 'HEAD';
      if (agent.status !== 403 || (expectCode && agent.code !== 'human-token-required')) {
        row.problems.push(`human-only, yet the agent was answered ${agent.status}${agent.code ? ` ${agent.code}` : ''}, not 403 human-token-required`);
      }
      if (after !== before) row.problems.push('human-only, yet the agent\'s refused request wrote something');
    } else if (agent.status === 403) {
      row.problems.push(`declared open to agents (humanOnly: false), yet the agent was answered 403${agent.code ? ` ${agent.code}` : ''}`);
    }
    const human = (row.answers.human = await send(s, entry.method, path, s.humanToken));
    if (human.status === 403 && human.code === 'human-token-required') row.problems.push('the human was answered 403 human-token-required');
    const anonymous = (row.answers.anonymous = await send(s, entry.method, path, null));
    if (anonymous.status !== 401) row.problems.push(`answered ${anonymous.status} without a token, not 401`);
  }
  if (options.humanOnly) {
    const mine = rows.filter((row) => !options.plugin || row.plugin === options.plugin);
    const expected = new Set(options.humanOnly);
    for (const row of mine) {
      const name = routeName(row);
      if (expected.has(name) && row.rule !== 'human-only') row.problems.push(`the contract makes it human-only, but it is ${row.rule}`);
      if (!expected.has(name) && row.rule === 'human-only') row.problems.push('human-only, but not in the table of human-only routes this suite expects');
    }
    for (const name of expected) {
      if (!mine.some((row) => routeName(row) === name)) rows.push({ method: name.split(' ')[0], url: name.split(' ')[1], plugin: options.plugin ?? '', rule: 'undeclared', path: '', answers: {}, problems: ['listed as human-only, but the server has no such route'] });
    }
  }
  return rows;
}

/**
 * Asserts the access table of `s`: one assertion per route (and method), naming the route,
 * its rule and what is wrong with it. Returns the rows, for a suite that checks more.
 */
export async function checkRouteAccess(t: AccessAssertions, s: TestServer, options: AccessCheckOptions = {}): Promise<AccessRow[]> {
  const rows = await routeAccessTable(s, options);
  t.ok(rows.length > 0, 'the server has routes to check');
  for (const row of rows) {
    const answered = Object.entries(row.answers).map(([who, answer]) => `${who} ${answer.status}`).join(', ');
    t.ok(row.problems.length === 0, `${row.method} ${row.url} [${row.rule}]${answered ? ` (${answered})` : ''}${row.problems.length ? `: ${row.problems.join('; ')}` : ''}`);
  }
  return rows;
}
