import t from 'tap';
import { bodyHasExamples } from '@rootline/kernel/testing';
import { personsServer } from './fixtures/helpers.js';

const ROUTES = [
  ['post', '/persons', '201'],
  ['get', '/persons', '200'],
  ['get', '/persons/{id}', '200'],
  ['put', '/persons/{id}/living-status', '200'],
  ['post', '/persons/{id}/retract', '200'],
  ['post', '/persons/{id}/split', '200'],
] as const;

t.test('every route is documented on both mounts, with examples, and living-status as human only', async (t) => {
  const s = await personsServer(t);
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
      t.ok(bodyHasExamples(operation.responses[status]?.content?.['application/json'], components), `${name} ${status} has examples`);
      t.equal(Boolean(operation.responses['403']), path === '/persons/{id}/living-status', `${name}: 403 only where human only`);
    }
  }
});
