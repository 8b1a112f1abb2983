import t from 'tap';
import { bodyHasExamples } from '@rootline/kernel/testing';
import { evidenceServer } from './fixtures/helpers.js';

const ROUTES = [
  ['get', '/assertions'],
  ['post', '/assertions/capture'],
  ['post', '/assertions/transcription-claim'],
  ['get', '/assertions/unsourced'],
  ['get', '/assertions/unsourced/tally'],
  ['get', '/assertions/{id}'],
  ['post', '/assertions/{id}/attach-evidence'],
  ['post', '/assertions/{id}/attach-evidence-and-confirm'],
  ['post', '/assertions/{id}/confirm'],
  ['post', '/assertions/{id}/mark-fabricated'],
  ['post', '/assertions/{id}/refute'],
  ['post', '/assertions/{id}/supersede'],
  ['get', '/sources/{id}/cited-by'],
] as const;
const HUMAN_ONLY = new Set(['/assertions/{id}/confirm', '/assertions/{id}/mark-fabricated', '/assertions/{id}/refute']);

t.test('every route is documented on both mounts, with examples for each body and response', async (t) => {
  const s = await evidenceServer(t);
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
