import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { faultsPlugin } from './fixtures/faults.js';
import { jottingsPlugin } from './fixtures/plugins.js';

/**
 * The conventions every route gets, whoever declares it (kernel/src/http/route-conventions.ts):
 * unknown body fields refused at every depth and in every branch unless a schema opens
 * itself, a strict query unless it opens itself, `tree_id` beside a pinned route's own
 * parameters, and the Problem statuses documented (openapi.ts).
 */

const plugins = { builtIn: [faultsPlugin(), jottingsPlugin()], plugins: ['@rootline/plugin-faults', '@rootline/plugin-jottings'] };

t.test('body table: what an open schema keeps, and what every other branch refuses', async (t) => {
  const s = await buildTestServer(t, plugins);
  const rows: [name: string, body: unknown, refused: string | null][] = [
    ['an object that opens itself keeps unknown fields', { open: { known: 'k', extra: 1 } }, null],
    ['an object with patternProperties keeps matching fields', { patterned: { 'x-colour': 'red' } }, null],
    ['the first branch of an anyOf', { either: { a: 'x' } }, null],
    ['the second branch of an anyOf', { either: { b: 2 } }, null],
    ['an unknown field in an anyOf branch', { either: { a: 'x', extra: 1 } }, 'either'],
    ['a branch of a oneOf', { one: { c: 'x' } }, null],
    ['an unknown field in a oneOf branch', { one: { c: 'x', extra: 1 } }, 'one'],
    ['an unknown field at the top', { colour: 'red' }, 'colour'],
  ];
  for (const [name, body, refused] of rows) {
    const reply = await s.request('POST', '/v1/faults/shapes', { body });
    if (refused === null) {
      t.equal(reply.statusCode, 201, name);
      t.same(reply.json(), body, `${name}: kept as sent`);
    } else {
      t.equal(reply.statusCode, 400, name);
      t.equal(reply.json().code, 'validation-failed', name);
      t.ok(reply.json().errors.some((error: { name: string }) => error.name.startsWith(refused)), `${name}: names ${refused}`);
    }
  }
});

t.test('query strings: strict unless the route opens its query; a missing required one is not "unknown"', async (t) => {
  const s = await buildTestServer(t, plugins);
  t.same((await s.request('GET', '/v1/faults/open-query', { query: { anything: 'goes' } })).json(), { anything: 'goes' });
  const missing = await s.request('GET', '/v1/faults/required');
  t.equal(missing.json().code, 'validation-failed');
  t.same(missing.json().errors, [{ location: 'query', name: 'name', message: "must have required property 'name'" }]);
  t.same((await s.request('GET', '/v1/faults/required', { query: { name: 'x' } })).json(), { name: 'x' });
  t.equal((await s.request('GET', '/v1/faults/required', { query: { name: 'x', other: 'y' } })).json().code, 'unknown-query-parameter');
});

t.test('a pinned route keeps its own typed parameters beside tree_id, on both mounts', async (t) => {
  const s = await buildTestServer(t, plugins);
  const tree = s.server.kernel.registry.activeTreeId();
  for (const prefix of ['/v1', `/v1/trees/${tree}`]) {
    t.same((await s.request('GET', `${prefix}/jottings/by-number/7`)).json(), { n: 7 }, `${prefix}: coerced to a number`);
    const refused = await s.request('GET', `${prefix}/jottings/by-number/0`);
    t.equal(refused.statusCode, 400, `${prefix}: validated`);
    t.same(refused.json().errors, [{ location: 'path', name: 'n', message: 'must be >= 1' }]);
  }
  t.equal((await s.request('GET', '/v1/trees/nope/jottings/by-number/7')).json().code, 'tree-not-found');
});

t.test('OpenAPI: every Problem status a route names, a route\'s own responses kept, public routes without 401', async (t) => {
  const s = await buildTestServer(t, plugins);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const declared = doc.paths['/v1/faults/declared'].get.responses;
  const problem = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } });
  const rows: [status: number, description: string][] = [
    [409, 'Conflict with the current state'],
    [413, 'Body too large (Problem: payload-too-large)'],
    [416, 'Range not satisfiable'],
    [418, 'Problem'],
    [422, 'Refused by a rule of the domain'],
    [429, 'Rate limited (Problem: rate-limited)'],
    [502, 'An outside service could not be reached'],
    [503, 'Not accepted right now'],
  ];
  for (const [status, description] of rows) t.same(declared[status], problem(description), `${status}`);
  t.match(declared[404], { description: 'This route\'s own 404', content: { 'application/json': { schema: { properties: { mine: { type: 'string' } } } } } }, 'the route\'s own 404 is kept');
  const open = doc.paths['/v1/faults/public'].get;
  t.notOk(open.responses[401], 'a public route never answers 401');
  t.ok(open.responses[421], 'but the guard still applies');
  t.ok(doc.paths['/v1/faults/declared'].get.responses[401]);
  const raw = doc.paths['/v1/faults/raw'].post;
  t.same(raw.requestBody, { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }, 'x-raw-body: the request body of the document');
  t.notOk(JSON.stringify(raw).includes('x-raw-body'), 'and no trace of the key');
  t.notOk(doc.paths['/v1/faults/nested'].post.requestBody.content['application/octet-stream'], 'others keep their JSON body');
  const sent = await s.request('POST', '/v1/faults/raw', { payload: '{"any":"json"}', headers: { 'content-type': 'application/json' } });
  t.equal(sent.statusCode, 201, 'the declared body is not validated');
  const pinned = doc.paths['/v1/trees/{tree_id}/jottings/by-number/{n}'].get.parameters;
  t.match(pinned, [{ in: 'path', name: 'tree_id', required: true, description: 'The tree this request acts on', schema: { type: 'string', minLength: 1 } }, { in: 'path', name: 'n', required: true }]);
});
