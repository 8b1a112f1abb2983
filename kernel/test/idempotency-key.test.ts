import t from 'tap';
import { request as httpRequest } from 'node:http';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';
import { problemOf, refused, snapshot, type Expected } from './fixtures/tables.js';

/**
 * `idempotency-key` (kernel/src/http/idempotency.ts; spec: "Every POST, PUT and DELETE
 * accepts an optional header idempotency-key", 1 to 200 printable non-whitespace ASCII;
 * CONTRACT §5: validated on POST/PUT/DELETE, not deduplicated). Every key of the table is
 * sent with every method, on kernel routes and on the fixture plugin's routes; a refused
 * write must leave the trees, the active tree and every record log as they were.
 */

const invalidKey = refused(400, 'invalid-idempotency-key', /1 to 200 printable ASCII characters without spaces/);
const PRINTABLE = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');

const keys: [name: string, key: string | undefined, valid: boolean][] = [
  ['no header', undefined, true],
  ['1 character', 'k', true],
  ['200 characters', 'x'.repeat(200), true],
  ['the lowest printable character, !', '!', true],
  ['the highest printable character, ~', '~', true],
  ['every printable ASCII character', PRINTABLE, true],
  ['a UUID', '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', true],
  ['empty', '', false],
  ['201 characters', 'x'.repeat(201), false],
  ['a space inside', 'has space', false],
  ['a tab inside', 'has\ttab', false],
  ['a leading space', ' lead', false],
  ['a trailing space', 'trail ', false],
  ['non-ASCII (Latin-1)', 'naïve', false],
  ['non-ASCII (beyond Latin-1)', '日本', false],
  ['a control character', 'a\x01b', false],
  ['NUL', 'a\x00b', false],
  ['DEL', 'a\x7fb', false],
];

interface Operation {
  method: string;
  label: string;
  /** Sends the request; `fresh` is a new value per call (a name, a text). */
  send(s: TestServer, headers: Record<string, string>, fresh: number): Promise<{ statusCode: number; json(): any }>;
  /** The status of success. */
  ok: number;
  /** Whether the method's key is checked at all (POST, PUT and DELETE; a GET changes nothing). */
  validated: boolean;
}

function operations(ids: { first: string; second: string }): Operation[] {
  let target = ids.second;
  return [
    { method: 'POST', label: 'POST /v1/trees (kernel)', ok: 201, validated: true, send: (s, headers, n) => s.request('POST', '/v1/trees', { headers, body: { name: `Tree ${n}` } }) },
    { method: 'POST', label: 'POST /v1/jottings (tree plugin)', ok: 201, validated: true, send: (s, headers, n) => s.request('POST', '/v1/jottings', { headers, body: { target: 't', text: `jotting ${n}` } }) },
    {
      method: 'PUT', label: 'PUT /v1/trees/active (kernel)', ok: 200, validated: true,
      send: async (s, headers) => {
        const reply = await s.request('PUT', '/v1/trees/active', { headers, body: { tree_id: target } });
        if (reply.statusCode === 200) target = target === ids.first ? ids.second : ids.first;
        return reply;
      },
    },
    {
      method: 'DELETE', label: 'DELETE /v1/jottings/:id (tree plugin)', ok: 200, validated: true,
      send: async (s, headers, n) => {
        const { id } = (await s.request('POST', '/v1/jottings', { body: { target: 'd', text: `to delete ${n}` } })).json();
        return s.request('DELETE', `/v1/jottings/${id}`, { headers });
      },
    },
    { method: 'GET', label: 'GET /v1/trees (kernel)', ok: 200, validated: false, send: (s, headers) => s.request('GET', '/v1/trees', { headers }) },
    { method: 'GET', label: 'GET /v1/jottings/paged (tree plugin)', ok: 200, validated: false, send: (s, headers) => s.request('GET', '/v1/jottings/paged', { headers }) },
  ];
}

t.test('idempotency-key table: every key on every method', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const first = s.server.kernel.registry.activeTreeId()!;
  const second = (await s.request('POST', '/v1/trees', { body: { name: 'Second' } })).json().tree_id;
  let fresh = 0;
  for (const operation of operations({ first, second })) {
    for (const [name, key, valid] of keys) {
      const headers: Record<string, string> = key === undefined ? {} : { 'idempotency-key': key };
      // The DELETE row writes its jotting first: the snapshot is taken after that.
      const before = operation.method === 'DELETE' ? null : snapshot(s);
      const reply = await operation.send(s, headers, ++fresh);
      const expected: Expected = valid || !operation.validated ? 'ok' : invalidKey;
      const label = `${operation.label}, ${name}`;
      if (expected === 'ok') {
        t.equal(reply.statusCode, operation.ok, label);
        if (before && operation.validated) t.notSame(snapshot(s), before, `${label}: applied`);
        if (before && !operation.validated) t.same(snapshot(s), before, `${label}: a read writes nothing`);
      } else {
        t.match(problemOf(reply), expected, label);
        t.same(reply.json().errors, [{ location: 'header', name: 'idempotency-key', message: 'must be 1-200 printable non-whitespace ASCII characters' }], `${label}: names the header`);
        if (before) t.same(snapshot(s), before, `${label}: nothing was written`);
      }
    }
  }
});

t.test('a refused DELETE deletes nothing and records nothing', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const { id } = (await s.request('POST', '/v1/jottings', { body: { target: 'x', text: 'keep me' } })).json();
  const before = snapshot(s);
  for (const key of ['', 'has space', 'x'.repeat(201), 'naïve']) {
    t.match(problemOf(await s.request('DELETE', `/v1/jottings/${id}`, { headers: { 'idempotency-key': key } })), invalidKey, JSON.stringify(key).slice(0, 12));
  }
  t.same(snapshot(s), before, 'nothing recorded');
  t.equal((await s.request('GET', '/v1/jottings', { query: { target: 'x' } })).json().length, 1, 'the jotting is still there');
  t.equal((await s.request('DELETE', `/v1/jottings/${id}`, { headers: { 'idempotency-key': 'del-1' } })).statusCode, 200);
  t.equal((await s.request('GET', '/v1/jottings', { query: { target: 'x' } })).json().length, 0);
});

t.test('the key is not deduplicated: a retry with the same key applies again', async (t) => {
  const s = await buildTestServer(t);
  const before = snapshot(s).trees;
  for (let i = 0; i < 2; i++) t.equal((await s.request('POST', '/v1/trees', { body: { name: 'Retry' }, headers: { 'idempotency-key': 'same' } })).statusCode, 201);
  t.equal(snapshot(s).trees, before + 2);
});

t.test('over a real socket: the header sent twice arrives joined with ", " and is refused', async (t) => {
  const s = await buildTestServer(t);
  const before = snapshot(s);
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(`${s.url}/v1/trees`, { method: 'POST', headers: { authorization: `Bearer ${s.humanToken}`, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.setHeader('idempotency-key', ['a', 'b']);
    req.on('error', reject);
    req.end(JSON.stringify({ name: 'Twice' }));
  });
  t.equal(status, 400);
  t.equal(JSON.parse(body).code, 'invalid-idempotency-key');
  t.same(snapshot(s), before);
});
