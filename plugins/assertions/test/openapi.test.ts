import t from 'tap';
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

type Schema = { examples?: unknown[]; type?: string; $ref?: string; anyOf?: Schema[] };
type Media = { schema?: Schema; example?: unknown; examples?: Record<string, unknown> };
/** fastify-swagger moves a schema's `examples` to the media type (`example` / `examples`). */
const mediaHasExamples = (media: Media | undefined, components: Record<string, Schema>) =>
  Boolean(media && (media.example !== undefined || (media.examples && Object.keys(media.examples).length) || hasExamples(media.schema, components)));
const hasExamples = (schema: Schema | undefined, components: Record<string, Schema>): boolean => {
  if (!schema) return false;
  if (schema.$ref) return hasExamples(components[schema.$ref.replace(/^#\/components\/schemas\//, '')], components);
  if (schema.anyOf) return schema.anyOf.every((branch) => hasExamples(branch, components));
  return Array.isArray(schema.examples) && schema.examples.length > 0;
};

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
      if (operation.requestBody) t.ok(mediaHasExamples(operation.requestBody.content?.['application/json'], components), `${name} body has examples`);
      const ok = operation.responses['200'];
      t.ok(ok, `${name} documents 200`);
      const media = ok?.content?.['application/json'];
      if (media && media.schema?.type !== 'null') t.ok(mediaHasExamples(media, components), `${name} 200 has examples`);
      if (HUMAN_ONLY.has(path)) t.ok(operation.responses['403'], `${name} documents 403`);
    }
  }
});
