import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { createServer } from '@rootline/kernel/host';
import { problemOf, refused, snapshot, type Expected } from './fixtures/tables.js';

/**
 * The request guard (kernel/src/http/guard.ts, CONTRACT §3) as a table: the Host forms a
 * browser, a DNS-rebinding page or a script can send, then Origin and Sec-Fetch-Site.
 * Every row is sent twice, as a read (GET /v1/trees) and as a write (POST /v1/trees): a
 * refused write must leave the trees as they were.
 */

const misdirected = refused(421, 'misdirected-request', /only on 127\.0\.0\.1, localhost or \[::1\] with its own port/);
const crossOrigin = refused(403, 'cross-origin-refused', /other sites are refused/);
const opaqueOrigin = refused(403, 'cross-origin-refused', /opaque origin/);
const crossSite = refused(403, 'cross-origin-refused', /Cross-site requests are refused/);

type Row = [name: string, headers: Record<string, string>, expected: Expected];

function hostRows(port: number): Row[] {
  const other = port === 8080 ? 8081 : 8080;
  return [
    ['127.0.0.1 with the port', { host: `127.0.0.1:${port}` }, 'ok'],
    ['localhost with the port', { host: `localhost:${port}` }, 'ok'],
    ['[::1] with the port', { host: `[::1]:${port}` }, 'ok'],
    ['LOCALHOST in capitals (host names are case-insensitive)', { host: `LOCALHOST:${port}` }, 'ok'],
    ['127.0.0.1 on another port', { host: `127.0.0.1:${other}` }, misdirected],
    ['localhost on port 1', { host: 'localhost:1' }, misdirected],
    ['[::1] on another port', { host: `[::1]:${other}` }, misdirected],
    ['127.0.0.1 without a port (means 80)', { host: '127.0.0.1' }, misdirected],
    ['localhost without a port', { host: 'localhost' }, misdirected],
    ['[::1] without a port', { host: '[::1]' }, misdirected],
    ['an empty Host', { host: '' }, misdirected],
    ['another host name on our port (DNS rebinding)', { host: `evil.example:${port}` }, misdirected],
    ['a name that merely starts with localhost', { host: `localhost.evil.example:${port}` }, misdirected],
    ['a private IP literal', { host: `10.0.0.1:${port}` }, misdirected],
    ['0.0.0.0', { host: `0.0.0.0:${port}` }, misdirected],
    ['another 127/8 address', { host: `127.0.0.2:${port}` }, misdirected],
    ['IPv4-mapped loopback', { host: `[::ffff:127.0.0.1]:${port}` }, misdirected],
    ['the port with a leading zero', { host: `127.0.0.1:0${port}` }, misdirected],
  ];
}

function originRows(port: number): Row[] {
  const other = port === 8080 ? 8081 : 8080;
  return [
    ['Origin: null (sandboxed frame, file:, data:)', { origin: 'null' }, opaqueOrigin],
    ['http://127.0.0.1 with our port', { origin: `http://127.0.0.1:${port}` }, 'ok'],
    ['http://localhost with our port', { origin: `http://localhost:${port}` }, 'ok'],
    ['http://[::1] with our port', { origin: `http://[::1]:${port}` }, 'ok'],
    ['http://LOCALHOST in capitals', { origin: `http://LOCALHOST:${port}` }, 'ok'],
    ['https://127.0.0.1 with our port (another origin: we speak http)', { origin: `https://127.0.0.1:${port}` }, crossOrigin],
    ['https://localhost with our port', { origin: `https://localhost:${port}` }, crossOrigin],
    ['https://[::1] with our port', { origin: `https://[::1]:${port}` }, crossOrigin],
    ['http://127.0.0.1 on another port (another local app)', { origin: `http://127.0.0.1:${other}` }, crossOrigin],
    ['http://localhost on another port', { origin: `http://localhost:${other}` }, crossOrigin],
    ['http://localhost without a port (80)', { origin: 'http://localhost' }, crossOrigin],
    ['another site', { origin: 'https://evil.example' }, crossOrigin],
    ['another site on our port', { origin: `http://evil.example:${port}` }, crossOrigin],
    ['a private IP literal', { origin: `http://192.168.1.10:${port}` }, crossOrigin],
    ['credentials before another host', { origin: `http://127.0.0.1:${port}@evil.example` }, crossOrigin],
    ['malformed: not a URL', { origin: 'not a url' }, crossOrigin],
    ['malformed: a scheme and nothing else', { origin: 'http://' }, crossOrigin],
    ['malformed: a host without a scheme', { origin: `127.0.0.1:${port}` }, crossOrigin],
    ['malformed: localhost:port parses as a scheme', { origin: `localhost:${port}` }, crossOrigin],
    ['malformed: empty', { origin: '' }, crossOrigin],
    ['file:// origin', { origin: 'file://' }, crossOrigin],
  ];
}

const fetchSiteRows: Row[] = [
  ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }, 'ok'],
  ['Sec-Fetch-Site: none (typed in the address bar)', { 'sec-fetch-site': 'none' }, 'ok'],
  // Same site is another port of this machine: without an Origin it is a plain navigation
  // or an image, which carries no bearer token; with one, the Origin rows refuse it.
  ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }, 'ok'],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, crossSite],
];

t.test('guard table: Host, Origin and Sec-Fetch-Site on a read and on a write', async (t) => {
  const s = await buildTestServer(t);
  const rows = [...hostRows(s.port), ...originRows(s.port), ...fetchSiteRows];
  let created = 0;
  for (const [name, headers, expected] of rows) {
    const read = await s.request('GET', '/v1/trees', { headers });
    const before = snapshot(s);
    const write = await s.request('POST', '/v1/trees', { headers, body: { name: `Tree ${created + 1}` } });
    if (expected === 'ok') {
      t.equal(read.statusCode, 200, `${name}: read`);
      t.equal(write.statusCode, 201, `${name}: write`);
      created++;
      t.equal(snapshot(s).trees, before.trees + 1, `${name}: the tree was created`);
    } else {
      t.match(problemOf(read), expected, `${name}: read`);
      t.match(problemOf(write), expected, `${name}: write`);
      t.same(snapshot(s), before, `${name}: nothing was written`);
    }
    t.notOk(read.headers['access-control-allow-origin'], `${name}: never a CORS header`);
  }
  t.equal(s.server.kernel.registry.countTrees(), 1 + created);
});

t.test('combinations: the guard runs before authentication, and every check must pass', async (t) => {
  const s = await buildTestServer(t);
  const good = { host: `127.0.0.1:${s.port}`, origin: `http://127.0.0.1:${s.port}` };
  const rows: [string, Record<string, string>, 'human' | 'agent' | 'none', Expected][] = [
    ['no token and a foreign Host: 421, not 401', { host: 'evil.example' }, 'none', misdirected],
    ['no token and Origin: null: 403, not 401', { origin: 'null' }, 'none', opaqueOrigin],
    ['no token and cross-site: 403, not 401', { 'sec-fetch-site': 'cross-site' }, 'none', crossSite],
    ['a foreign Host wins over a good Origin', { ...good, host: 'evil.example' }, 'human', misdirected],
    ['a good Origin does not excuse cross-site', { ...good, 'sec-fetch-site': 'cross-site' }, 'human', crossSite],
    ['good Host and Origin, no token: then 401', good, 'none', refused(401, 'unauthorized')],
    ['good Host and Origin with the agent token', good, 'agent', 'ok'],
  ];
  const tokens = { human: s.humanToken, agent: s.agentToken, none: null };
  for (const [name, headers, token, expected] of rows) {
    const reply = await s.request('GET', '/v1/trees', { headers, token: tokens[token] });
    if (expected === 'ok') t.equal(reply.statusCode, 200, name);
    else t.match(problemOf(reply), expected, name);
  }
});

t.test('a server that is not listening (in-process inject) expects the inject default Host localhost:80', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-guard-'));
  const server = await createServer({ dataDir, manifest: { plugins: [] } });
  t.teardown(async () => {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const { readFileSync } = await import('node:fs');
  const authorization = `Bearer ${readFileSync(server.layout.humanTokenFile, 'utf8').trim()}`;
  const at = (host: string) => server.app.inject({ method: 'GET', url: '/v1/trees', headers: { host, authorization } });
  t.equal((await at('localhost:80')).statusCode, 200);
  t.equal((await at('127.0.0.1:80')).statusCode, 200);
  t.equal((await at('localhost:0')).statusCode, 421, 'port 0 is never a Host');
});
