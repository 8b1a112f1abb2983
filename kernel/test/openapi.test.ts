import t from 'tap';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildTestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';

/**
 * `GET /v1/openapi.json` (kernel/src/http/openapi.ts, route-conventions.ts) and the docs
 * page `GET /v1/docs` (docs-page.ts): public, every route on both mounts, each with its
 * tier and the Problem statuses it can answer.
 */

const problem = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const TEXT = {
  400: 'Invalid request (Problem: validation-failed, unknown-query-parameter, invalid-cursor, invalid-idempotency-key, ...)',
  401: 'Missing, unknown or revoked token (Problem: unauthorized)',
  403: 'The human token is needed, or a cross-site request (Problem: human-token-required, cross-origin-refused)',
  404: 'Not found (Problem: not-found, tree-not-found)',
  413: 'Body too large (Problem: payload-too-large)',
  415: 'The body is not of a type the route reads: send JSON as `Content-Type: application/json` (Problem: unsupported-media-type)',
  421: 'Wrong Host header (Problem: misdirected-request)',
  500: 'Internal error (Problem: internal)',
  507: 'The disk holding the data folder is full; nothing was changed (Problem: disk-full)',
};

t.test('the OpenAPI document: public, 3.1, bearer auth, both mounts, tiers and Problem statuses', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const reply = await s.request('GET', '/v1/openapi.json', { token: null });
  t.equal(reply.statusCode, 200, 'no token needed');
  const doc = reply.json();
  t.equal(doc.openapi, '3.1.0');
  t.match(doc.info, { title: 'Rootline API', version: '0.1.0', description: /active-tree mount `\/v1\/\.\.\.` and the tree-pinned mount/ });
  t.match(doc.info.description, /answers 507 `disk-full`, and nothing was changed/, 'a full disk, on any route');
  t.same(doc.components.securitySchemes, { bearer: { type: 'http', scheme: 'bearer' } });
  t.same(doc.security, [{ bearer: [] }]);
  t.match(doc.components.schemas.Problem, { type: 'object', required: ['type', 'title', 'status', 'detail', 'code', 'instance'] });

  // 403 on every route a token opens (a cross-site Origin), 413 and 415 with a JSON body, 507 on every change.
  const rows: [path: string, method: string, statuses: number[]][] = [
    ['/v1/trees', 'get', [200, 400, 401, 403, 421, 500]],
    ['/v1/trees', 'post', [201, 400, 401, 403, 413, 415, 421, 500, 507]],
    ['/v1/trees/active', 'put', [200, 400, 401, 403, 404, 413, 415, 421, 500, 507]],
    ['/v1/trees/{tree_id}', 'get', [200, 400, 401, 403, 404, 421, 500]],
    ['/v1/jottings', 'post', [400, 401, 403, 413, 415, 421, 500, 507]],
    ['/v1/trees/{tree_id}/jottings', 'post', [400, 401, 403, 404, 413, 415, 421, 500, 507]],
    ['/v1/trees/{tree_id}/jottings/{id}', 'delete', [400, 401, 403, 404, 421, 500, 507]],
  ];
  for (const [path, method, statuses] of rows) {
    const operation = doc.paths[path]?.[method];
    t.ok(operation, `${method.toUpperCase()} ${path} is documented`);
    if (!operation) continue;
    t.equal(operation['x-service-tier'], 'preview', `${method} ${path}: tier`);
    t.notOk('x-problems' in operation, `${method} ${path}: x-problems becomes responses`);
    t.same(Object.keys(operation.responses).map(Number).sort((a, b) => a - b), statuses, `${method} ${path}: statuses`);
    for (const status of statuses.filter((code) => code >= 400)) {
      t.same(operation.responses[status], problem(TEXT[status as keyof typeof TEXT]), `${method} ${path}: ${status} is a Problem`);
    }
  }
  t.equal(doc.paths['/v1/trees'].get['x-access'], 'agent', 'who may call it: agents too');
  t.equal(doc.paths['/v1/trees'].post['x-access'], 'human', 'who may call it: the human only');
  t.equal(doc.paths['/v1/trees/{tree_id}/jottings'].post['x-access'], 'agent');
  t.match(doc.paths['/v1/trees/{tree_id}/jottings'].post.parameters, [{ in: 'path', name: 'tree_id', required: true }], 'the pinned mount takes tree_id');
  for (const hidden of ['/v1/openapi.json', '/v1/docs', '/v1/docs/', '/v1/docs/init.js', '/v1/docs/assets/{file}']) t.notOk(doc.paths[hidden], `${hidden} is not listed`);
});

t.test('every operation has a unique operationId from its method and path, and each change documents the headers it may carry', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const doc = (await s.request('GET', '/v1/openapi.json', { token: null })).json();
  const operations = Object.entries(doc.paths as Record<string, Record<string, { operationId?: string; parameters?: { in: string; name: string; schema: { pattern?: string } }[] }>>)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
  const ids = operations.map(({ operation }) => operation.operationId);
  t.notOk(ids.some((id) => !id), 'every operation is named');
  t.equal(new Set(ids).size, ids.length, `${ids.length} names, none twice`);
  t.equal(doc.paths['/v1/jottings'].post.operationId, 'post_jottings');
  t.equal(doc.paths['/v1/trees/{tree_id}/jottings'].post.operationId, 'post_trees_tree_id_jottings', 'the pinned mount names its tree_id');
  t.equal(doc.paths['/v1/trees/{tree_id}/jottings/{id}'].delete.operationId, 'delete_trees_tree_id_jottings_id');
  t.equal(doc.paths['/v1/trees/active'].put.operationId, 'put_trees_active');
  t.equal(doc.paths['/v1/jottings/by-number/{n}'].get.operationId, 'get_jottings_by_number_n', 'a word of the path with a hyphen');

  const headers = (path: string, method: string) => (doc.paths[path][method].parameters ?? []).filter((p: { in: string }) => p.in === 'header').map((p: { name: string }) => p.name).sort();
  t.same(headers('/v1/jottings', 'post'), ['idempotency-key', 'x-proposer-model'], "an agent's change: both");
  t.same(headers('/v1/trees/{tree_id}/jottings/{id}', 'delete'), ['idempotency-key', 'x-proposer-model']);
  t.same(headers('/v1/trees', 'post'), ['idempotency-key'], "the human's change: no model name");
  t.same(headers('/v1/trees', 'get'), [], 'a read: none');
  const key = doc.paths['/v1/jottings'].post.parameters.find((p: { name: string }) => p.name === 'idempotency-key');
  const pattern = new RegExp(key.schema.pattern);
  t.ok(pattern.test('retry-42'), 'the documented pattern takes a key the server takes');
  t.notOk(pattern.test('two words'), 'and refuses one it refuses');
  t.equal((await s.request('POST', '/v1/jottings', { body: { target: 'x', text: 'y' }, headers: { 'idempotency-key': 'two words' } })).json().code, 'invalid-idempotency-key', 'as the server does');
});

t.test('the docs page: public HTML with a strict CSP, its script and assets from swagger-ui-dist', async (t) => {
  const s = await buildTestServer(t);
  const page = await s.request('GET', '/v1/docs', { token: null });
  t.equal(page.statusCode, 200);
  t.equal(page.headers['content-type'], 'text/html; charset=utf-8');
  t.equal(page.headers['content-security-policy'], "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'");
  for (const src of ['/v1/docs/assets/swagger-ui-bundle.js', '/v1/docs/assets/swagger-ui-standalone-preset.js', '/v1/docs/init.js', '/v1/docs/assets/swagger-ui.css', '/v1/docs/assets/favicon-32x32.png']) {
    t.ok(page.body.includes(`"${src}"`), `the page loads ${src}`);
  }
  const slash = await s.request('GET', '/v1/docs/', { token: null });
  t.equal(slash.statusCode, 200, '/v1/docs/ is the same page');
  t.equal(slash.body, page.body);
  t.equal(slash.headers['content-security-policy'], page.headers['content-security-policy']);
  t.equal(slash.headers['content-type'], 'text/html; charset=utf-8');
  const init = await s.request('GET', '/v1/docs/init.js', { token: null });
  t.equal(init.headers['content-type'], 'text/javascript; charset=utf-8');
  t.match(init.body, /url: '\/v1\/openapi\.json'/);
  t.match(init.body, /persistAuthorization: false/);
  const folder = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const assets: [file: string, type: string][] = [
    ['swagger-ui.css', 'text/css; charset=utf-8'],
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
    ['swagger-ui-standalone-preset.js', 'text/javascript; charset=utf-8'],
    ['favicon-32x32.png', 'image/png'],
  ];
  for (const [file, type] of assets) {
    const asset = await s.request('GET', `/v1/docs/assets/${file}`, { token: null });
    t.equal(asset.statusCode, 200, file);
    t.equal(asset.headers['content-type'], type, `${file}: type`);
    t.equal(asset.headers['cache-control'], 'public, max-age=86400', `${file}: cached a day`);
    t.ok(asset.rawPayload.equals(readFileSync(join(folder, file))), `${file}: the package's bytes`);
  }
  for (const file of ['index.html', 'package.json', '..%2Fpackage.json', 'swagger-ui.js']) {
    const missing = await s.request('GET', `/v1/docs/assets/${file}`, { token: null });
    t.equal(missing.statusCode, 404, `${file}: not served`);
    t.equal(missing.json().code, 'not-found');
    t.equal(missing.json().detail, 'No such file of the docs page');
  }
});
