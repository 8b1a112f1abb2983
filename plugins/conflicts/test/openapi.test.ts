import t from 'tap';
import { bodyHasExamples } from '@rootline/kernel/testing';
import { conflictsServer } from './fixtures/helpers.js';

const ROUTES = [
  ['get', '/conflicts', '200'],
  ['get', '/conflicts/{id}', '200'],
  ['post', '/conflicts/{id}/resolution', '200'],
  ['post', '/conflicts/{id}/withdrawal', '200'],
] as const;

t.test('every route is documented on both mounts, with examples, its problems, and settling as human only', async (t) => {
  const s = await conflictsServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const components = doc.components?.schemas ?? {};
  for (const [method, path, status] of ROUTES) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
      const name = `${method.toUpperCase()} ${mount}${path}`;
      const operation = doc.paths[`${mount}${path}`]?.[method];
      t.ok(operation, `${name} is documented`);
      if (!operation) continue;
      t.equal(operation['x-service-tier'], 'preview', `${name} tier`);
      if (operation.requestBody) t.ok(bodyHasExamples(operation.requestBody.content?.['application/json'], components), `${name} body has examples`);
      if (path !== '/conflicts') t.ok(bodyHasExamples(operation.responses[status]?.content?.['application/json'], components), `${name} ${status} has examples`);
      const settling = method === 'post';
      t.equal(operation['x-access'], settling ? 'human' : 'agent', `${name}: human only where it settles`);
      t.equal(Boolean(operation.responses['409']), settling, `${name}: 409 already-settled where it settles`);
      t.ok(operation.responses['404'], `${name}: 404`);
    }
  }
  const conflict = JSON.stringify(doc);
  for (const field of ['withdrawal', 'resolution', 'automatic', 'withdrawn_at_ms', 'resolved_at_ms', 'proof_argument', 'disagreement']) t.ok(conflict.includes(`"${field}"`), `${field} documented`);
  t.match(doc.paths['/v1/conflicts'].get.description, /ABT ±3, EST ±3, CAL ±2 years/);
});
