import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { faultsPlugin } from './fixtures/faults.js';

/**
 * Every failure is one Problem document (kernel/src/http/problem-handler.ts, CONTRACT §4):
 * schema failures with the field, the location and the reason, Fastify's own body errors
 * with stable codes, and anything else a 500 `internal` that shows nothing of the cause.
 */

type Field = { location: string; name: string; message: string };
type Row = [name: string, method: string, path: string, options: { payload?: string; body?: unknown; headers?: Record<string, string> }, expected: { status: number; code: string; detail: string; errors?: Field[] }];

const JSON_TYPE = { 'content-type': 'application/json' };

/** A JSON string holding a lone UTF-16 surrogate (issue 17 point 6): 400, naming the field. */
const lone = (name: string): Row[4] => ({
  status: 400, code: 'validation-failed', detail: `body ${name} holds a lone UTF-16 surrogate: text must be Unicode (pair \\ud800-\\udbff with \\udc00-\\udfff)`,
  errors: [{ location: 'body', name, message: 'holds a lone UTF-16 surrogate; text must be Unicode' }],
});

const rows: Row[] = [
  ['an unexpected error', 'GET', '/v1/faults/throw', {}, { status: 500, code: 'internal', detail: 'Something went wrong inside Rootline; the log has the details' }],
  ['an error carrying a 5xx status', 'GET', '/v1/faults/server-status', {}, { status: 500, code: 'internal', detail: 'Something went wrong inside Rootline; the log has the details' }],
  ['an error carrying another 4xx status', 'GET', '/v1/faults/client-status', {}, { status: 400, code: 'malformed-body', detail: 'The request cannot be read' }],
  ['a syntax error carrying 400', 'GET', '/v1/faults/syntax', {}, { status: 400, code: 'malformed-body', detail: 'The body is not valid JSON' }],
  ['JSON that does not parse', 'POST', '/v1/trees', { payload: '{oops', headers: JSON_TYPE }, { status: 400, code: 'malformed-body', detail: 'The body is not valid JSON' }],
  // An empty body is no body, with or without a JSON Content-Type: refused only where a body is needed.
  ['an empty JSON body where a body is needed', 'POST', '/v1/trees', { payload: '', headers: JSON_TYPE }, {
    status: 400, code: 'validation-failed', detail: 'body (whole) must be object', errors: [{ location: 'body', name: '(whole)', message: 'must be object' }],
  }],
  ['no body where a body is needed', 'POST', '/v1/trees', {}, {
    status: 400, code: 'validation-failed', detail: 'body (whole) must be object', errors: [{ location: 'body', name: '(whole)', message: 'must be object' }],
  }],
  ['a content type no route takes', 'POST', '/v1/trees', { payload: '<tree/>', headers: { 'content-type': 'application/xml' } }, { status: 415, code: 'unsupported-media-type', detail: 'This route does not accept that Content-Type' }],
  ['plain text where JSON is wanted', 'POST', '/v1/trees', { payload: '{"name":"Smiths"}', headers: { 'content-type': 'text/plain' } }, { status: 415, code: 'unsupported-media-type', detail: 'This route does not accept that Content-Type' }],
  ['plain text with a charset', 'POST', '/v1/faults/optional', { payload: 'hello', headers: { 'content-type': 'text/plain; charset=utf-8' } }, { status: 415, code: 'unsupported-media-type', detail: 'This route does not accept that Content-Type' }],
  ['a body past the limit', 'POST', '/v1/trees', { payload: JSON.stringify({ name: 'x'.repeat(4 * 1024 * 1024) }), headers: JSON_TYPE }, { status: 413, code: 'payload-too-large', detail: 'The request body is larger than this route accepts' }],
  ['a value that is not one of the choices: the choices are named', 'GET', '/v1/faults/choice?sex=male', {}, {
    status: 400, code: 'validation-failed', detail: 'query sex must be one of: "M", "F", "X", "U"',
    errors: [{ location: 'query', name: 'sex', message: 'must be one of: "M", "F", "X", "U"' }],
  }],
  ['a union of constants: one answer naming every choice, not one per choice', 'GET', '/v1/faults/choice?status=retired', {}, {
    status: 400, code: 'validation-failed', detail: 'query status must be one of: "open", "closed"',
    errors: [{ location: 'query', name: 'status', message: 'must be one of: "open", "closed"' }],
  }],
  ['a union of a constant and another type: each alternative as it failed', 'GET', '/v1/faults/choice?limit=none', {}, {
    status: 400, code: 'validation-failed', detail: 'query limit must be equal to constant; query limit must be integer; query limit must match a schema in anyOf',
    errors: [
      { location: 'query', name: 'limit', message: 'must be equal to constant' },
      { location: 'query', name: 'limit', message: 'must be integer' },
      { location: 'query', name: 'limit', message: 'must match a schema in anyOf' },
    ],
  }],
  ['a required field missing', 'POST', '/v1/faults/nested', { body: {} }, {
    status: 400, code: 'validation-failed', detail: "body person must have required property 'person'",
    errors: [{ location: 'body', name: 'person', message: "must have required property 'person'" }],
  }],
  ['a nested required field missing', 'POST', '/v1/faults/nested', { body: { person: {} } }, {
    status: 400, code: 'validation-failed', detail: "body person.name must have required property 'name'",
    errors: [{ location: 'body', name: 'person.name', message: "must have required property 'name'" }],
  }],
  ['an unknown nested field', 'POST', '/v1/faults/nested', { body: { person: { name: 'Ann', colour: 'red' } } }, {
    status: 400, code: 'validation-failed', detail: 'body person.colour is not a field of this request',
    errors: [{ location: 'body', name: 'person.colour', message: 'is not a field of this request' }],
  }],
  ['an unknown field in an array item', 'POST', '/v1/faults/nested', { body: { person: { name: 'Ann' }, tags: [{ label: 'a' }, { label: 'b', x: 1 }] } }, {
    status: 400, code: 'validation-failed', detail: 'body tags.1.x is not a field of this request',
    errors: [{ location: 'body', name: 'tags.1.x', message: 'is not a field of this request' }],
  }],
  ['a text where a body wants a number (no coercion)', 'POST', '/v1/faults/nested', { body: { person: { name: 'Ann', born: '1841' } } }, {
    status: 400, code: 'validation-failed', detail: 'body person.born must be integer',
    errors: [{ location: 'body', name: 'person.born', message: 'must be integer' }],
  }],
  ['a body that is not an object', 'POST', '/v1/faults/nested', { body: [] }, {
    status: 400, code: 'validation-failed', detail: 'body (whole) must be object',
    errors: [{ location: 'body', name: '(whole)', message: 'must be object' }],
  }],
  ['every problem at once, in one answer', 'POST', '/v1/faults/nested', { body: { person: { born: 'x' }, extra: 1 } }, {
    status: 400, code: 'validation-failed',
    detail: 'body extra is not a field of this request; body person.name must have required property \'name\'; body person.born must be integer',
    errors: [
      { location: 'body', name: 'extra', message: 'is not a field of this request' },
      { location: 'body', name: 'person.name', message: "must have required property 'name'" },
      { location: 'body', name: 'person.born', message: 'must be integer' },
    ],
  }],
  ['a path parameter out of range', 'GET', '/v1/faults/params/0', {}, {
    status: 400, code: 'validation-failed', detail: 'path n must be >= 1', errors: [{ location: 'path', name: 'n', message: 'must be >= 1' }],
  }],
  ['a path parameter of the wrong type', 'GET', '/v1/faults/params/abc', {}, {
    status: 400, code: 'validation-failed', detail: 'path n must be integer', errors: [{ location: 'path', name: 'n', message: 'must be integer' }],
  }],
  ['a required header missing', 'GET', '/v1/faults/headers', {}, {
    status: 400, code: 'validation-failed', detail: "header x-count must have required property 'x-count'",
    errors: [{ location: 'header', name: 'x-count', message: "must have required property 'x-count'" }],
  }],
  ['a header of the wrong type', 'GET', '/v1/faults/headers', { headers: { 'x-count': 'many' } }, {
    status: 400, code: 'validation-failed', detail: 'header x-count must be integer', errors: [{ location: 'header', name: 'x-count', message: 'must be integer' }],
  }],
  ['an unknown query parameter', 'GET', '/v1/faults/defaults?bogus=1', {}, {
    status: 400, code: 'unknown-query-parameter', detail: 'This route does not take the query parameter "bogus"',
    errors: [{ location: 'query', name: 'bogus', message: 'is not a parameter of this route' }],
  }],
  ['a query parameter of the wrong type', 'GET', '/v1/faults/defaults?n=x', {}, {
    status: 400, code: 'validation-failed', detail: 'query n must be integer', errors: [{ location: 'query', name: 'n', message: 'must be integer' }],
  }],
  // JSON text whose string is not Unicode: SQLite would keep U+FFFD while the reply echoed the surrogate.
  ['a lone high surrogate in a field', 'POST', '/v1/trees', { payload: '{"name":"\\ud800"}', headers: JSON_TYPE }, lone('name')],
  ['a lone low surrogate inside text, upper-case escape', 'POST', '/v1/faults/nested', { payload: '{"person":{"name":"Ann\\uDC00 Smith"}}', headers: JSON_TYPE }, lone('person.name')],
  ['a high surrogate at the end, after a valid pair', 'POST', '/v1/faults/nested', { payload: '{"person":{"name":"\\ud83d\\ude00\\ud83d"}}', headers: JSON_TYPE }, lone('person.name')],
  ['two high surrogates in a row', 'POST', '/v1/faults/nested', { payload: '{"person":{"name":"\\ud83d\\ud83d\\ude00"}}', headers: JSON_TYPE }, lone('person.name')],
  ['a lone surrogate in an array item', 'POST', '/v1/faults/nested', { payload: '{"person":{"name":"Ann"},"tags":[{"label":"a"},{"label":"\\udfff"}]}', headers: JSON_TYPE }, lone('tags.1.label')],
  ['a lone surrogate in a key', 'POST', '/v1/faults/nested', { payload: '{"person":{"name":"Ann","\\udbff":1}}', headers: JSON_TYPE }, lone('person.\udbff')],
  ['a lone surrogate as the whole body', 'POST', '/v1/faults/nested', { payload: '"\\ud800"', headers: JSON_TYPE }, lone('(whole)')],
  ['a route that does not exist', 'GET', '/v1/faults/nothing?x=1', {}, { status: 404, code: 'route-not-found', detail: 'No route GET /v1/faults/nothing' }],
  ['a method the route does not have', 'DELETE', '/v1/faults/throw', {}, { status: 404, code: 'route-not-found', detail: 'No route DELETE /v1/faults/throw' }],
];

t.test('Problem table: status, code, detail, errors, type, title and instance', async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  const titles: Record<string, string> = {
    internal: 'Internal error',
    'malformed-body': 'The request body cannot be read',
    'unsupported-media-type': 'Unsupported content type',
    'payload-too-large': 'The request body is too large',
    'validation-failed': 'The request is not valid',
    'unknown-query-parameter': 'Unknown query parameter',
    'route-not-found': 'No such route',
  };
  for (const [name, method, path, options, expected] of rows) {
    const reply = await s.request(method, path, options);
    const body = reply.json();
    t.equal(reply.statusCode, expected.status, `${name}: status`);
    t.equal(reply.headers['content-type'], 'application/json; charset=utf-8', `${name}: JSON`);
    t.same(body, {
      type: `urn:rootline:problem:${expected.code}`,
      title: titles[expected.code],
      status: expected.status,
      detail: expected.detail,
      code: expected.code,
      instance: path.split('?')[0],
      ...(expected.errors ? { errors: expected.errors } : {}),
    }, name);
  }
});

t.test("a plugin's extra members never replace a member every Problem has", async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  const reply = await s.request('GET', '/v1/faults/extras');
  t.equal(reply.statusCode, 409);
  t.same(reply.json(), {
    type: 'urn:rootline:problem:demo-already-done', title: 'Already done', status: 409, detail: 'The thing is done',
    code: 'demo-already-done', instance: '/v1/faults/extras', errors: [], thing_status: 'done',
  }, 'status stays the HTTP status, the rest the Problem\'s own; the extra member is kept');
});

t.test('a Problem never carries a token back, not even the caller\'s own from a path, a query or a field', async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  const token = s.humanToken;
  const agent = 'rla_' + 'A'.repeat(43);
  const replies = [
    await s.request('GET', `/v1/trees/${token}/notes`),
    await s.request('PUT', '/v1/trees/active', { body: { tree_id: agent } }),
    await s.request('GET', '/v1/trees', { query: { [token]: '1' } }),
    await s.request('POST', '/v1/faults/nested', { body: { person: { name: 'Ann' }, [agent]: 1 } }),
    await s.request('GET', `/v1/faults/nothing/${token}`),
    await s.request('GET', `/v1/trees/%72${token.slice(1)}/notes`),
    await s.request('GET', `/v1/faults/nothing/${encodeURIComponent('/')}${token.slice(0, 10)}%5F${token.slice(11)}`),
  ];
  for (const reply of replies) {
    const text = reply.body;
    t.ok(reply.statusCode >= 400, `${reply.statusCode} ${reply.json().code}`);
    t.notMatch(text, /rl[ha]_[A-Za-z0-9_-]{20}/, `${reply.json().code}: no token in the Problem`);
    t.match(text, /\[token\]/, `${reply.json().code}: the token's place marked`);
  }
  t.equal(replies[0].json().instance, '/v1/trees/[token]/notes', 'instance too');
  t.equal(replies[5].json().instance, '/v1/trees/[token]/notes', 'a token percent-encoded in the path is masked as well (read decoded)');
  t.match(replies[2].json().errors, [{ location: 'query', name: '[token]' }], 'and a field error\'s name');
  const plain = await s.request('GET', '/v1/trees/rlh_short/notes');
  t.match(plain.json().detail, /rlh_short/, 'what is not a token is left as it was');
});

t.test('a route whose body is optional takes an empty body, with a JSON Content-Type or without one, and writes nothing for the refused', async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  for (const [name, options] of [
    ['no body, no Content-Type', {}],
    ['an empty body with a JSON Content-Type (what many clients send)', { payload: '', headers: JSON_TYPE }],
    ['an empty body with a JSON Content-Type and a charset', { payload: '', headers: { 'content-type': 'application/json; charset=utf-8' } }],
  ] as const) {
    const reply = await s.request('POST', '/v1/faults/optional', options);
    t.equal(reply.statusCode, 201, name);
    t.same(reply.json(), {}, `${name}: read as {}`);
  }
  const given = await s.request('POST', '/v1/faults/optional', { payload: '{"note":"kept"}', headers: JSON_TYPE });
  t.same([given.statusCode, given.json()], [201, { note: 'kept' }], 'a body given is still read');
  const blank = await s.request('POST', '/v1/faults/optional', { payload: ' ', headers: JSON_TYPE });
  t.same([blank.statusCode, blank.json().code], [400, 'malformed-body'], 'a body of white space only is not JSON');
  const trees = (await s.request('GET', '/v1/trees')).json().total;
  await s.request('POST', '/v1/trees', { payload: '', headers: JSON_TYPE });
  t.equal((await s.request('GET', '/v1/trees')).json().total, trees, 'an empty body where one is needed makes no tree');
});

t.test('a 500 shows nothing of its cause; the log has it, by method and path', async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  const reply = await s.request('GET', '/v1/faults/throw');
  t.notMatch(reply.body, /home|locked|registry\.db|at /, 'no message, path or stack');
  const fourHundred = await s.request('GET', '/v1/faults/client-status');
  await s.server.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  const lines = readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  const failures = lines.filter((line) => line.msg === 'request failed');
  t.equal(failures.length, 1, 'one error logged: the 500, not the 400');
  t.match(failures[0], { method: 'GET', path: '/v1/faults/throw', err: { message: /is locked/ } });
  t.equal(fourHundred.statusCode, 400);
});

t.test('query text is coerced to the declared types and defaults are filled in; bodies are not coerced', async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  t.same((await s.request('GET', '/v1/faults/defaults')).json(), { mode: 'plain' }, 'a default');
  t.same((await s.request('GET', '/v1/faults/defaults?mode=x&n=5&flag=true')).json(), { mode: 'x', n: 5, flag: true }, 'text to integer and boolean');
  t.same((await s.request('GET', '/v1/faults/params/7')).json(), { n: 7 }, 'a path parameter to integer');
  t.same((await s.request('GET', '/v1/faults/headers', { headers: { 'x-count': '3' } })).json(), { count: 3 }, 'a header to integer');
  t.same((await s.request('POST', '/v1/faults/nested', { body: { person: { name: 'Ann', born: 1841 } } })).json(), { person: { name: 'Ann', born: 1841 } });
});
