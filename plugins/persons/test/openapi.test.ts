import t from 'tap';
import { personsServer } from './fixtures/helpers.js';

const ROUTES = [
  ['post', '/persons', '201'],
  ['get', '/persons', '200'],
  ['get', '/persons/{id}', '200'],
  ['put', '/persons/{id}/living-status', '200'],
  ['post', '/persons/{id}/retract', '200'],
  ['post', '/persons/{id}/split', '200'],
] as const;

type Schema = { examples?: unknown[]; $ref?: string };
type Media = { schema?: Schema; example?: unknown; examples?: Record<string, unknown> };
/** fastify-swagger moves a schema's `examples` to the media type (`example` / `examples`). */
const hasExamples = (media: Media | undefined, components: Record<string, Schema>) => {
  if (!media) return false;
  if (media.example !== undefined || (media.examples && Object.keys(media.examples).length)) return true;
  const schema = media.schema?.$ref ? components[media.schema.$ref.replace(/^#\/components\/schemas\//, '')] : media.schema;
  return Array.isArray(schema?.examples) && schema.examples.length > 0;
};

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
      if (operation.requestBody) t.ok(hasExamples(operation.requestBody.content?.['application/json'], components), `${name} body has examples`);
      t.ok(hasExamples(operation.responses[status]?.content?.['application/json'], components), `${name} ${status} has examples`);
      t.equal(Boolean(operation.responses['403']), path === '/persons/{id}/living-status', `${name}: 403 only where human only`);
    }
  }
});
