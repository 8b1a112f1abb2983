import t from 'tap';
import { newClaim, newPersona, proofServer } from './fixtures/helpers.js';

const ROUTES = [
  ['post', '/proof-arguments', '201', [404]],
  ['get', '/proof-arguments', '200', []],
  ['get', '/proof-arguments/{id}', '200', [404]],
  ['get', '/proof-arguments/{id}/export', '200', [404]],
] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const json = (operation: any, status: string) => operation?.responses?.[status]?.content?.['application/json'];

t.test('every route is documented on both mounts, with its success, its problems and its tier', async (t) => {
  const s = await proofServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const [method, path, success, problems] of ROUTES) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
      const name = `${method.toUpperCase()} ${mount}${path}`;
      const operation = doc.paths[`${mount}${path}`]?.[method];
      t.ok(operation, `${name} is documented`);
      t.equal(operation['x-service-tier'], 'preview', name);
      t.same(operation.tags, ['proof-arguments'], name);
      t.ok(operation.responses[success], `${name} documents ${success}`);
      for (const status of [...problems, 400, 401]) t.ok(operation.responses[String(status)], `${name} documents ${status}`);
      t.equal(operation['x-access'], 'agent', `${name} is open to agents`);
    }
  }
  const list = doc.paths['/v1/proof-arguments'].get;
  t.same(list.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name).sort(), ['cursor', 'limit', 'question']);
  t.notOk(list.responses['404'], 'the list has no 404 on the active mount');
  t.same(Object.keys(json(list, '200').schema.properties).sort(), ['items', 'next_cursor', 'total']);
  const created = json(doc.paths['/v1/proof-arguments'].post, '201').schema;
  t.same(created.required, ['id', 'title', 'text', 'question', 'assertions', 'conclusion', 'created_at_ms', 'updated_at_ms']);
  t.match(created.properties.question.description, /a question of this tree, else 404/, 'the question check is documented');
  const body = doc.paths['/v1/proof-arguments'].post.requestBody.content['application/json'].schema;
  t.match(body.properties.question.description, /a question of this tree, else 404/, 'on the body too');
  t.match(doc.paths['/v1/proof-arguments'].post.description, /must be a research question of this tree, else 404/, 'and on the route');
  t.match(json(doc.paths['/v1/proof-arguments/{id}'].get, '200').schema.properties.claims, { type: 'array' });
  const exported = doc.paths['/v1/proof-arguments/{id}/export'].get.responses['200'].content;
  t.same(Object.keys(exported).sort(), ['text/html', 'text/markdown'], 'the export offers Markdown and HTML');
  t.match(exported['text/markdown'].schema, { type: 'string' });
  t.match(exported['text/html'].schema, { type: 'string' });
  t.match(doc.paths['/v1/proof-arguments/{id}/export'].get.summary, /Accept/);
});

t.test('the documented examples are real: the body example is accepted, the reply examples have the reply\'s shape', async (t) => {
  const s = await proofServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const post = doc.paths['/v1/proof-arguments'].post;
  const body = post.requestBody.content['application/json'].example;
  t.ok(body, 'the write has an example body');
  t.equal(body.assertions.length, 2);
  const persona = await newPersona(s);
  const claims = [await newClaim(s, { persona }), await newClaim(s, { persona, kind: 'baptism' })];
  const reply = await s.request('POST', '/v1/proof-arguments', { body: { ...body, assertions: claims } });
  t.equal(reply.statusCode, 201, `the example body is accepted once its claims exist: ${reply.body}`);
  const created = reply.json();
  t.match(created, { title: body.title, text: body.text, question: body.question, conclusion: body.conclusion, assertions: claims });

  const example = json(post, '201').example ?? json(post, '201').schema.examples?.[0];
  t.same(Object.keys(example).sort(), [...Object.keys(created), 'proposer'].sort(), 'the argument example has every field (and proposer)');
  const detail = json(doc.paths['/v1/proof-arguments/{id}'].get, '200');
  const detailExample = detail.example ?? detail.schema.examples?.[0];
  const read = (await s.request('GET', `/v1/proof-arguments/${created.id}`)).json();
  t.same(Object.keys(detailExample).sort(), [...Object.keys(read), 'proposer'].sort());
  for (const claim of detailExample.claims) t.same(Object.keys(claim).sort(), Object.keys(read.claims[0]).sort(), 'a claim example has a claim\'s fields');
  t.same(detailExample.claims.map((claim: { assertion: string }) => claim.assertion), detailExample.assertions, 'the claims are the ones the example weighs');
  t.same({ ...detailExample, claims: undefined }, { ...example, claims: undefined }, 'the argument is the same in both examples');

  // Examples are real: ids are UUIDs, no text is blank, a source and a citation have their fields.
  const ids = new Set(['id', 'question', 'assertion', 'persona']);
  const walk = (value: unknown, at: string): void => {
    if (typeof value === 'string') t.match(value, /\S/, `${at} is not blank`);
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${at}[${index}]`));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) {
      if (ids.has(key) && item !== null) t.match(item, UUID, `${at}.${key} is a UUID`);
      if (key === 'assertions') for (const id of item as string[]) t.match(id, UUID, `${at}.assertions holds UUIDs`);
      walk(item, `${at}.${key}`);
    }
  };
  walk(detailExample, 'example');
  walk(body, 'body');
  t.match(detailExample.claims[0], { source: { id: UUID, title: /\S/ }, citation: { id: UUID, first_reference: /\S/ }, status: 'confirmed', kind: 'birth' });
  t.same(new Set(detailExample.claims.map((claim: { persona: string }) => claim.persona)).size, 1, 'both claims are about one persona');
});
