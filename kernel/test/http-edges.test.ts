import t from 'tap';
import { connect } from 'node:net';
import { buildTestServer } from '@rootline/kernel/testing';
import { parserProblem, targetOf, loneSurrogateAt, canonicalPathIds, hostOf } from '../src/http/edges.js';
import { jottingsPlugin } from './fixtures/plugins.js';
import { snapshot } from './fixtures/tables.js';

/**
 * The HTTP edges before a route runs (kernel/src/http/edges.ts; issue 17 points 4 to 7),
 * over a real socket: what Node's parser refuses, Host sent twice, absolute-form targets,
 * paths that do not decode, all answered with the one Problem shape.
 */

interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends bytes as they are and reads the whole answer (the server closes after a refusal). */
function raw(port: number, text: string): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = received.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8') });
    });
  });
}

const TITLES: Record<string, string> = {
  'malformed-request': 'The request is not valid HTTP',
  'headers-too-large': 'The request headers are too large',
  'uri-too-long': 'The request target is too long',
  'misdirected-request': 'Request sent to the wrong host',
};

type Row = [name: string, request: (host: string, port: number) => string, status: number, code: string | null, detail: RegExp | null, instance: string];

const long = 'a'.repeat(17 * 1024);
const rows: Row[] = [
  ['a request line that is not HTTP', () => 'GARBAGE\r\n\r\n', 400, 'malformed-request', /^The request is not valid HTTP\/1\.1$/, ''],
  ['a lower-case method', (host) => `get /v1/trees HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 400, 'malformed-request', /^The request is not valid HTTP\/1\.1$/, ''],
  ['an unknown HTTP version', (host) => `GET /v1/trees HTTP/9.9\r\nHost: ${host}\r\n\r\n`, 400, 'malformed-request', /not valid HTTP/, '/v1/trees'],
  ['a header name with a space', (host) => `GET /v1/trees HTTP/1.1\r\nHost: ${host}\r\nBad Header: x\r\n\r\n`, 400, 'malformed-request', /not valid HTTP/, '/v1/trees'],
  ['both Content-Length and Transfer-Encoding', (host) => `POST /v1/trees HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`, 400, 'malformed-request', /^The body framing is ambiguous: .*RFC 9112 §6\.3/, '/v1/trees'],
  ['headers past 16 KiB', (host) => `GET /v1/trees HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${long}\r\n\r\n`, 431, 'headers-too-large', /^The request line and headers together exceed 16 KiB$/, '/v1/trees'],
  ['a URL past 16 KiB', (host) => `GET /v1/${long} HTTP/1.1\r\nHost: ${host}\r\n\r\n`, 431, 'headers-too-large', /exceed 16 KiB/, `/v1/${long}`.slice(0, 200)],
  ['HTTP/1.1 without Host', () => 'GET /v1/trees HTTP/1.1\r\nConnection: close\r\n\r\n', 400, 'malformed-request', /^An HTTP\/1\.1 request must have a Host header \(RFC 9112 §3\.2\)$/, '/v1/trees'],
  ['HTTP/1.0 without Host (not ours to assume)', () => 'GET /v1/trees HTTP/1.0\r\n\r\n', 421, 'misdirected-request', /only on 127\.0\.0\.1/, '/v1/trees'],
  ['Host twice, the same value', (host) => `GET /v1/trees HTTP/1.1\r\nHost: ${host}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 400, 'malformed-request', /^Send one Host header \(RFC 9110 §7\.2\)$/, '/v1/trees'],
  ['Host twice, ours then another', (host) => `GET /v1/trees HTTP/1.1\r\nHost: ${host}\r\nhost: evil.example\r\nConnection: close\r\n\r\n`, 400, 'malformed-request', /^Send one Host header/, '/v1/trees'],
  ['an absolute-form target naming another host', (host) => `GET http://evil.example/v1/trees HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 421, 'misdirected-request', /only on 127\.0\.0\.1/, '/v1/trees'],
  ['an absolute-form target on another port', (_host, port) => `GET http://127.0.0.1:${port === 1 ? 2 : 1}/v1/trees HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`, 421, 'misdirected-request', /only on 127\.0\.0\.1/, '/v1/trees'],
  ['an absolute-form target that does not parse (the router refuses it first)', (host) => `GET http://[/v1/trees HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 400, 'malformed-request', /^The path is not valid percent-encoded UTF-8$/, '/v1/trees'],
  ['an absolute-form target naming us (its authority wins over Host)', (host) => `GET http://${host}/v1/openapi.json HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`, 200, null, null, ''],
  ['a path that does not percent-decode', (host) => `GET /v1/trees/%zz HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 400, 'malformed-request', /^The path is not valid percent-encoded UTF-8$/, '/v1/trees/%zz'],
  ['a path parameter longer than any id', (host) => `GET /v1/trees/${'b'.repeat(101)} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, 414, 'uri-too-long', /^A path segment is longer than any id Rootline has$/, `/v1/trees/${'b'.repeat(101)}`],
];

t.test('refused before routing: the same Problem as every error, over a real socket', async (t) => {
  const s = await buildTestServer(t);
  const host = `127.0.0.1:${s.port}`;
  for (const [name, request, status, code, detail, instance] of rows) {
    const before = snapshot(s);
    const reply = await raw(s.port, request(host, s.port));
    t.equal(reply.status, status, `${name}: status`);
    if (!code) continue;
    t.equal(reply.headers['content-type'], 'application/json; charset=utf-8', `${name}: JSON`);
    t.equal(Number(reply.headers['content-length']), Buffer.byteLength(reply.body), `${name}: the whole body`);
    const body = JSON.parse(reply.body);
    t.match(body, { type: `urn:rootline:problem:${code}`, title: TITLES[code], status, code, detail, instance }, name);
    t.same(Object.keys(body).sort(), ['code', 'detail', 'instance', 'status', 'title', 'type'], `${name}: nothing else`);
    t.same(snapshot(s), before, `${name}: nothing written`);
  }
});

t.test('parser errors by code, and the target named in `instance`', async (t) => {
  const codes: [code: string | undefined, status: number, problem: string][] = [
    ['HPE_HEADER_OVERFLOW', 431, 'headers-too-large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request-timeout'],
    ['HPE_UNEXPECTED_CONTENT_LENGTH', 400, 'malformed-request'],
    ['HPE_INVALID_TRANSFER_ENCODING', 400, 'malformed-request'],
    ['HPE_INVALID_METHOD', 400, 'malformed-request'],
    [undefined, 400, 'malformed-request'],
  ];
  for (const [code, status, problem] of codes) t.match(parserProblem(code), { status, code: problem }, String(code));
  const targets: [packet: string | undefined, expected: string][] = [
    [undefined, ''],
    ['GET /v1/trees?x=1 HTTP/1.1\r\nHost: x', '/v1/trees'],
    ['POST /v1/notes HTTP/1.1', '/v1/notes'],
    ['GET http://evil/v1 HTTP/1.1', ''],
    ['GARBAGE', ''],
    ['get /v1 HTTP/1.1', ''],
    [`GET /${'c'.repeat(300)} HTTP/1.1`, `/${'c'.repeat(199)}`],
    ['GET /caf\u00e9 HTTP/1.1', ''],
  ];
  for (const [packet, expected] of targets) t.equal(targetOf(packet === undefined ? undefined : Buffer.from(packet, 'latin1')), expected, JSON.stringify(packet?.slice(0, 30)));
});

t.test('a client that resets, or a socket already gone, gets nothing written', async (t) => {
  const { clientErrorHandler } = await import('../src/http/edges.js');
  const written: string[] = [];
  let destroyed = 0;
  const socket = (state: { destroyed?: boolean; writable?: boolean }) => ({ destroyed: false, writable: true, ...state, write: (text: string) => written.push(text), destroy: () => destroyed++ }) as never;
  clientErrorHandler(Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket({}));
  clientErrorHandler(Object.assign(new Error('gone'), { code: 'HPE_INVALID_METHOD' }), socket({ destroyed: true }));
  t.same(written, []);
  t.equal(destroyed, 0);
  clientErrorHandler(Object.assign(new Error('half closed'), { code: 'HPE_INVALID_METHOD' }), socket({ writable: false }));
  t.same(written, [], 'a socket that cannot be written is only closed');
  t.equal(destroyed, 1);
});

t.test('ids in paths in canonical form: an upper-case UUID reaches the same tree and entity', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const tree = (await s.request('POST', '/v1/trees', { body: { name: 'Second' } })).json();
  const upper = tree.tree_id.toUpperCase();
  t.not(upper, tree.tree_id);
  const read = await s.request('GET', `/v1/trees/${upper}`);
  t.equal(read.statusCode, 200);
  t.equal(read.json().tree_id, tree.tree_id, 'the tree, under its canonical id');
  const id = (await s.request('POST', `/v1/trees/${upper}/jottings`, { body: { target: 't', text: 'upper mount' } })).json().id;
  t.same((await s.request('GET', `/v1/trees/${tree.tree_id}/jottings`, { query: { target: 't' } })).json(), [{ id, text: 'upper mount' }], 'written into that tree through the upper-case mount');
  const mixed = `${id.slice(0, 18).toUpperCase()}${id.slice(18)}`;
  t.equal((await s.request('DELETE', `/v1/trees/${upper}/jottings/${mixed}`)).statusCode, 200, 'the entity by its id in mixed case');
  t.same((await s.request('GET', `/v1/trees/${tree.tree_id}/jottings`, { query: { target: 't' } })).json(), []);
  t.equal((await s.request('DELETE', `/v1/jottings/${id.toUpperCase()}`)).statusCode, 404, 'gone is gone, in any case');

  const params = { a: 'ABCDEF01-2345-6789-ABCD-EF0123456789', b: 'not-a-uuid-but-36-characters-long-xx', c: 'ABC', d: 7 };
  canonicalPathIds({ params } as never);
  t.same(params, { a: 'abcdef01-2345-6789-abcd-ef0123456789', b: 'not-a-uuid-but-36-characters-long-xx', c: 'ABC', d: 7 }, 'only UUIDs change');
  canonicalPathIds({ params: undefined } as never);
  t.pass('a request without parameters');
});

t.test('a lone surrogate is refused with nothing stored; a valid pair is stored as sent', async (t) => {
  const s = await buildTestServer(t);
  const before = snapshot(s);
  const refused = await s.request('POST', '/v1/trees', { payload: '{"name":"Smith \\ud800"}', headers: { 'content-type': 'application/json' } });
  t.equal(refused.statusCode, 400);
  t.same(snapshot(s), before, 'nothing stored');
  const stored = await s.request('POST', '/v1/trees', { payload: '{"name":"Smith \\ud83c\\udf33"}', headers: { 'content-type': 'application/json' } });
  t.equal(stored.statusCode, 201);
  t.equal(stored.json().name, 'Smith \u{1F333}');
  t.equal((await s.request('GET', `/v1/trees/${stored.json().tree_id}`)).json().name, 'Smith \u{1F333}', 'read back as the reply said');

  const found: [value: unknown, at: string[] | null][] = [
    ['plain', null],
    ['\ud83c\udf33', null],
    [42, null],
    [null, null],
    [{ a: [1, { b: 'x\udc00' }] }, ['a', '1', 'b']],
    [['ok', '\ud800'], ['1']],
    [{ '\ud800': 'x' }, ['\ud800']],
    [{ ok: { fine: ['yes'] } }, null],
  ];
  for (const [value, at] of found) t.same(loneSurrogateAt(value), at, JSON.stringify(value));
});

t.test('a body whose bytes are not UTF-8 is refused 400 malformed-body, nothing stored; UTF-8 is stored as sent', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const json = { 'content-type': 'application/json' };
  const before = snapshot(s);
  const refused: [name: string, bytes: Buffer][] = [
    ['bytes 0xff 0xfe in a string', Buffer.concat([Buffer.from('{"target":"x","text":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')])],
    ['Latin-1 text (é as 0xe9)', Buffer.from('{"target":"x","text":"Ren\xe9e"}', 'latin1')],
    ['a UTF-8 sequence cut short', Buffer.concat([Buffer.from('{"target":"x","text":"'), Buffer.from([0xe2, 0x82]), Buffer.from('"}')])],
    ['an overlong encoding of "/"', Buffer.concat([Buffer.from('{"target":"x","text":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])],
  ];
  for (const [name, payload] of refused) {
    const reply = await s.request('POST', '/v1/jottings', { payload, headers: json });
    t.equal(reply.statusCode, 400, name);
    t.same(reply.json(), {
      type: 'urn:rootline:problem:malformed-body', title: 'The request body cannot be read', status: 400,
      detail: 'The body is not valid UTF-8: JSON text must be sent as UTF-8 (RFC 8259 §8.1)', code: 'malformed-body', instance: '/v1/jottings',
    }, `${name}: why, in words`);
  }
  t.same(snapshot(s), before, 'nothing stored (no U+FFFD in place of the bytes)');
  const stored = await s.request('POST', '/v1/jottings', { payload: Buffer.from('{"target":"x","text":"Renée Łukasz 李 🌳"}', 'utf8'), headers: json });
  t.equal(stored.statusCode, 201);
  t.same((await s.request('GET', '/v1/jottings', { query: { target: 'x' } })).json().map((row: { text: string }) => row.text), ['Renée Łukasz 李 🌳'], 'UTF-8 is kept as sent');
});

t.test('a member named __proto__ (or a constructor holding a prototype) is refused 400 malformed-body saying so, not as JSON that does not parse', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const json = { 'content-type': 'application/json' };
  const before = snapshot(s);
  const refused: [payload: string, detail: string][] = [
    ['{"target":"x","text":"y","__proto__":{"a":1}}', 'The body has a member named "__proto__": Rootline does not accept it (it could change how objects behave); rename or remove it'],
    ['{"target":"x","text":"y","\\u005f_proto__":{"a":1}}', 'The body has a member named "__proto__": Rootline does not accept it (it could change how objects behave); rename or remove it'],
    ['{"target":"x","text":"y","extra":[{"__proto__":null}]}', 'The body has a member named "__proto__" (in extra.0): Rootline does not accept it (it could change how objects behave); rename or remove it'],
    ['{"target":"x","text":"y","constructor":{"prototype":{"a":1}}}', 'The body has a member named "constructor" holding a "prototype": Rootline does not accept it (it could change how objects behave); rename or remove it'],
  ];
  for (const [payload, detail] of refused) {
    const reply = await s.request('POST', '/v1/jottings', { payload, headers: json });
    t.equal(reply.statusCode, 400, payload);
    t.same(reply.json(), { type: 'urn:rootline:problem:malformed-body', title: 'The request body cannot be read', status: 400, detail, code: 'malformed-body', instance: '/v1/jottings' }, `${payload}: why`);
  }
  t.same(snapshot(s), before, 'nothing stored');
  const broken = await s.request('POST', '/v1/jottings', { payload: '{"__proto__":', headers: json });
  t.equal(broken.json().detail, 'The body is not valid JSON', 'JSON that does not parse is still said so');
  const named = await s.request('POST', '/v1/jottings', { payload: '{"target":"constructor","text":"__proto__"}', headers: json });
  t.equal(named.statusCode, 201, 'the words as values are fine');
});

t.test('hostOf: the host the guard checks, from raw headers and the request target', async (t) => {
  const request = (rawHeaders: string[], url: string, httpVersion = '1.1') =>
    ({ raw: { rawHeaders, url, httpVersion }, headers: { host: rawHeaders[rawHeaders.findIndex((name, i) => i % 2 === 0 && name.toLowerCase() === 'host') + 1] } }) as never;
  const rows: [name: string, request: never, expected: string | RegExp][] = [
    ['Host in capitals', request(['Host', 'LOCALHOST:1'], '/v1'), 'localhost:1'],
    ['HOST as the name', request(['HOST', '127.0.0.1:1'], '/v1'), '127.0.0.1:1'],
    ['another header named like it', request(['Host', 'a:1', 'X-Host', 'b', 'Hosts', 'c'], '/v1'), 'a:1'],
    ['Host twice', request(['Host', 'a:1', 'host', 'a:1'], '/v1'), /^Send one Host header/],
    ['no Host, HTTP/1.1', request([], '/v1'), /must have a Host header/],
    ['no Host, HTTP/1.0', request([], '/v1', '1.0'), ''],
    ['absolute-form: the authority', request(['Host', 'a:1'], 'http://B:2/v1'), 'b:2'],
    ['absolute-form without Host', request([], 'http://127.0.0.1:3/v1'), '127.0.0.1:3'],
    ['absolute-form that does not parse', request(['Host', 'a:1'], 'http://[/v1'), ''],
  ];
  for (const [name, req, expected] of rows) {
    if (typeof expected === 'string') t.equal(hostOf(req), expected, name);
    else t.throws(() => hostOf(req), { code: 'malformed-request', status: 400, message: expected }, name);
  }
});
