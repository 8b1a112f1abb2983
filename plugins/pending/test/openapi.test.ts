import t from 'tap';
import { bodyHasExamples } from '@rootline/kernel/testing';
import { laneServer } from './fixtures/helpers.js';

const ROUTES = [
  ['get', '/pending'],
  ['post', '/pending/bulk-confirm'],
  ['post', '/pending/{id}/defer'],
  ['post', '/pending/{id}/undefer'],
] as const;
const HUMAN_ONLY = new Set(['/pending/bulk-confirm']);

t.test('every route is documented on both mounts, with examples for each body and response', async (t) => {
  const s = await laneServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const components = doc.components?.schemas ?? {};
  for (const [method, path] of ROUTES) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
      const operation = doc.paths[`${mount}${path}`]?.[method];
      const name = `${method.toUpperCase()} ${mount}${path}`;
      t.ok(operation, `${name} is documented`);
      if (!operation) continue;
      t.equal(operation['x-service-tier'], 'preview', `${name} tier`);
      if (operation.requestBody) t.ok(bodyHasExamples(operation.requestBody.content?.['application/json'], components), `${name} body has examples`);
      const ok = operation.responses['200'];
      t.ok(ok, `${name} documents 200`);
      const media = ok?.content?.['application/json'];
      if (media && media.schema?.type !== 'null') t.ok(bodyHasExamples(media, components), `${name} 200 has examples`);
      if (HUMAN_ONLY.has(path)) t.ok(operation.responses['403'], `${name} documents 403`);
    }
  }
});
