import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';

t.test('an unknown query parameter is 400 unknown-query-parameter on every route', async (t) => {
  const s = await buildTestServer(t);
  for (const path of ['/v1/trees', '/v1/capabilities']) {
    const reply = await s.request('GET', path, { query: { bogus: 1 } });
    t.equal(reply.statusCode, 400, path);
    t.equal(reply.json().code, 'unknown-query-parameter');
    t.same(reply.json().errors, [{ location: 'query', name: 'bogus', message: 'is not a parameter of this route' }]);
  }
});

t.test('unknown body fields are refused, not dropped, and nothing is written', async (t) => {
  const s = await buildTestServer(t);
  const reply = await s.request('POST', '/v1/trees', { body: { name: 'X', colour: 'blue' } });
  t.equal(reply.statusCode, 400);
  t.equal(reply.json().code, 'validation-failed');
  t.equal(reply.json().errors[0].name, 'colour');
  const missing = await s.request('POST', '/v1/trees', { body: {} });
  t.equal(missing.json().errors[0].name, 'name');
  const notJson = await s.request('POST', '/v1/trees', { payload: '{oops', headers: { 'content-type': 'application/json' } });
  t.equal(notJson.statusCode, 400);
  t.equal(notJson.json().code, 'malformed-body');
  t.equal((await s.request('GET', '/v1/trees')).json().total, 1);
});

t.test('idempotency-key: 1-200 printable non-space ASCII on POST/PUT/DELETE, else 400', async (t) => {
  const s = await buildTestServer(t);
  const good = await s.request('POST', '/v1/trees', { body: { name: 'A' }, headers: { 'idempotency-key': 'k-1' } });
  t.equal(good.statusCode, 201);
  const again = await s.request('POST', '/v1/trees', { body: { name: 'A' }, headers: { 'idempotency-key': 'k-1' } });
  t.equal(again.statusCode, 201, 'not deduplicated: a retry applies again');
  for (const key of ['', 'has space', 'x'.repeat(201), 'naïve']) {
    const reply = await s.request('POST', '/v1/trees', { body: { name: 'B' }, headers: { 'idempotency-key': key } });
    t.equal(reply.statusCode, 400, JSON.stringify(key).slice(0, 20));
    t.equal(reply.json().code, 'invalid-idempotency-key');
  }
  t.equal((await s.request('POST', '/v1/trees', { body: { name: 'C' }, headers: { 'idempotency-key': 'x'.repeat(200) } })).statusCode, 201);
  t.equal((await s.request('GET', '/v1/trees', { headers: { 'idempotency-key': 'has space' } })).statusCode, 200, 'GET ignores it');
  t.equal((await s.request('GET', '/v1/trees')).json().total, 4);
});

t.test('an unknown route is 404 route-not-found, distinct from not-found', async (t) => {
  const s = await buildTestServer(t);
  const reply = await s.request('GET', '/v1/nothing-here');
  t.equal(reply.statusCode, 404);
  t.equal(reply.json().code, 'route-not-found');
  t.equal(reply.json().type, 'urn:rootline:problem:route-not-found');
  t.equal(reply.json().instance, '/v1/nothing-here');
});

t.test('trees: list pages, create, read, switch active; unknown tree 404 tree-not-found', async (t) => {
  const s = await buildTestServer(t);
  const created = (await s.request('POST', '/v1/trees', { body: { name: 'Father’s side' } })).json();
  t.equal(created.active, false);
  t.equal((await s.request('GET', `/v1/trees/${created.tree_id}`)).json().name, 'Father’s side');
  const missing = await s.request('GET', '/v1/trees/not-a-tree');
  t.equal(missing.json().code, 'tree-not-found');
  const switched = await s.request('PUT', '/v1/trees/active', { body: { tree_id: created.tree_id } });
  t.same(switched.json(), { tree_id: created.tree_id, name: 'Father’s side' });
  t.equal((await s.request('PUT', '/v1/trees/active', { body: { tree_id: 'nope' } })).statusCode, 404);
  const list = (await s.request('GET', '/v1/trees', { query: { limit: 1 } })).json();
  t.equal(list.items.length, 1);
  t.equal(list.total, 2);
  t.ok(list.next_cursor);
  const second = (await s.request('GET', '/v1/trees', { query: { limit: 1, cursor: list.next_cursor } })).json();
  t.equal(second.items[0].tree_id, created.tree_id);
  t.equal(second.items[0].active, true);
  t.equal(second.next_cursor, null);
});

t.test('limit is clamped, a non-integer limit is 400, cursors are bound to their order', async (t) => {
  const s = await buildTestServer(t);
  for (let i = 0; i < 3; i++) await s.request('POST', '/v1/trees', { body: { name: `T${i}` } });
  t.equal((await s.request('GET', '/v1/trees', { query: { limit: 0 } })).json().items.length, 1);
  t.equal((await s.request('GET', '/v1/trees', { query: { limit: 100000 } })).json().items.length, 4);
  t.equal((await s.request('GET', '/v1/trees', { query: { limit: -5 } })).json().items.length, 1);
  t.equal((await s.request('GET', '/v1/trees', { query: { limit: 'ten' } })).json().code, 'validation-failed');
  const asc = (await s.request('GET', '/v1/trees', { query: { limit: 1, order: 'asc' } })).json();
  const refused = await s.request('GET', '/v1/trees', { query: { limit: 1, order: 'desc', cursor: asc.next_cursor } });
  t.equal(refused.statusCode, 400);
  t.equal(refused.json().code, 'invalid-cursor');
  const forged = await s.request('GET', '/v1/trees', { query: { cursor: 'abc.def' } });
  t.equal(forged.json().code, 'invalid-cursor');
});

t.test('capabilities list the api version and loaded plugins', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const body = (await s.request('GET', '/v1/capabilities')).json();
  t.equal(body.api_version, '1.0');
  t.match(body.platform, /^[a-z0-9]+-[a-z0-9]+$/);
  t.same(body.plugins, [{ name: '@rootline/plugin-jottings', version: '3.1.4' }]);
});

t.test('body fields keep their JSON types: a number is not quietly turned into text', async (t) => {
  const s = await buildTestServer(t);
  for (const name of [5, true, ['X']]) {
    const reply = await s.request('POST', '/v1/trees', { body: { name } });
    t.equal(reply.statusCode, 400, JSON.stringify(name));
    t.equal(reply.json().errors[0].name, 'name');
  }
  t.equal((await s.request('GET', '/v1/trees', { query: { limit: '2' } })).statusCode, 200, 'query text is still coerced');
  t.equal((await s.request('GET', '/v1/trees')).json().total, 1);
});
