import t from 'tap';
import { buildTestServer, consumerOf } from '@rootline/kernel/testing';
import { laneServer } from './fixtures/helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID_FIELDS = new Set(['id', 'persona', 'source']);

/** Every `example` and `examples` value anywhere under `node`, with where it was found. */
function examplesIn(node: unknown, at: string, found: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(node)) node.forEach((item, index) => examplesIn(item, `${at}[${index}]`, found));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'example') found.push([`${at}.example`, value]);
      else if (key === 'examples') {
        const values = Array.isArray(value) ? value : Object.values(value as object).map((entry) => (entry as { value: unknown }).value);
        values.forEach((example, index) => found.push([`${at}.examples[${index}]`, example]));
      } else examplesIn(value, `${at}.${key}`, found);
    }
  }
  return found;
}

/** Blank strings, and ids that are not UUIDs, anywhere in an example. */
function flaws(example: unknown, at: string, found: string[] = []): string[] {
  if (Array.isArray(example)) example.forEach((item, index) => flaws(item, `${at}[${index}]`, found));
  else if (example && typeof example === 'object') {
    for (const [key, value] of Object.entries(example)) {
      if (ID_FIELDS.has(key) && !(typeof value === 'string' && UUID.test(value))) found.push(`${at}.${key} is not a UUID`);
      else if (key === 'ids' && !(Array.isArray(value) && value.length > 0 && value.every((id) => UUID.test(id)))) found.push(`${at}.ids are not UUIDs`);
      flaws(value, `${at}.${key}`, found);
    }
  } else if (typeof example === 'string' && example.trim() === '') found.push(`${at} is blank`);
  return found;
}

t.test('the lane\'s examples are claims a reader could believe: no blank text, ids that are UUIDs, pending agent claims', async (t) => {
  const s = await laneServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const paths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/v1/pending'));
  t.equal(paths.length, 4);
  for (const [path, operations] of paths) {
    const found = examplesIn(operations, path);
    t.ok(found.length > 0, `${path} has examples`);
    for (const [where, example] of found) t.same(flaws(example, where), [], where);
  }
  const page = examplesIn(doc.paths['/v1/pending'].get.responses['200'], 'page').map(([, example]) => example as { items?: unknown[]; buckets?: { items: unknown[] }[] });
  const claims = page.flatMap((example) => [...(example.items ?? []), ...(example.buckets ?? []).flatMap((bucket) => bucket.items)]);
  t.ok(claims.length >= 2, 'the page and the buckets each show a claim');
  t.match(claims, claims.map(() => ({ status: 'pending', captured_by: 'agent', proposer: /\S/, kind: /\S/, created_at_ms: Number })));
});

t.test('the API description lists the review problems and the outcomes of bulk-confirm', async (t) => {
  const s = await laneServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    for (const review of ['defer', 'undefer']) {
      const responses = doc.paths[`${mount}/pending/{id}/${review}`].post.responses;
      t.ok(responses['404'] && responses['422'], `${review} documents 404 and 422 (${mount})`);
    }
    const result = doc.paths[`${mount}/pending/bulk-confirm`].post.responses['200'].content['application/json'].schema;
    const outcome = result.properties.results.items.properties.outcome;
    t.same(outcome.anyOf.map((branch: { const?: string; enum?: string[] }) => branch.const ?? branch.enum?.[0]), ['confirmed', 'already_confirmed', 'not_found', 'refused'], `the four outcomes (${mount})`);
  }
});

t.test('a plugin that lists the pending plugin as its dependency boots after it', async (t) => {
  const consumer = consumerOf('@rootline/plugin-pending');
  const s = await buildTestServer(t, {
    plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-pending', consumer.name],
    builtIn: [consumer.source],
  });
  t.equal((await s.request('POST', '/v1/consumer')).statusCode, 200);
});
