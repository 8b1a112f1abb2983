import t from 'tap';
import { bodyHasExamples } from '@rootline/kernel/testing';
import { ok, researchServer } from './fixtures/helpers.js';

/** Every route of the plugin: method, path under the mount, success status. */
const ROUTES = [
  ['post', '/research/questions', '200'],
  ['get', '/research/questions', '200'],
  ['get', '/research/questions/{id}', '200'],
  ['put', '/research/questions/{id}/text', '200'],
  ['put', '/research/questions/{id}/subjects', '200'],
  ['post', '/research/questions/{id}/close', '200'],
  ['post', '/research/questions/{id}/reopen', '200'],
  ['get', '/research/questions/{id}/coverage', '200'],
  ['post', '/research/questions/{id}/coverage-confirm', '200'],
  ['post', '/research/entry-anchors', '200'],
  ['get', '/research/questions/{id}/plan', '200'],
  ['post', '/research/questions/{id}/plan/items', '200'],
  ['put', '/research/plan-items/{id}/description', '200'],
  ['put', '/research/plan-items/{id}/done', '200'],
  ['post', '/research/plan-items/{id}/reorder', '200'],
  ['delete', '/research/plan-items/{id}', '200'],
  ['get', '/assignments/{id}', '200'],
  ['post', '/research/log', '200'],
  ['get', '/research/log', '200'],
  ['post', '/research/log/capture', '200'],
  ['post', '/research/log/negative-evidence', '200'],
  ['get', '/research/log/entries', '200'],
  ['get', '/research/log/{id}', '200'],
  ['post', '/research/log/{id}/details', '200'],
  ['put', '/research/log/{id}/text', '200'],
  ['post', '/research/log/{id}/retract', '200'],
  ['post', '/research/sessions', '200'],
  ['post', '/research/sessions/{id}/end', '200'],
  ['get', '/sessions/current', '200'],
  ['get', '/sessions/{id}', '200'],
] as const;

/** The Problem statuses each route documents beyond 400/401/421/500 (and 404 on the pinned mount). */
const PROBLEMS: Record<string, number[]> = {
  'post /research/questions': [404],
  'get /research/questions': [],
  'get /research/questions/{id}': [404],
  'put /research/questions/{id}/text': [404],
  'put /research/questions/{id}/subjects': [404],
  'post /research/questions/{id}/close': [404, 409, 422],
  'post /research/questions/{id}/reopen': [403, 404, 409],
  'get /research/questions/{id}/coverage': [404],
  'post /research/questions/{id}/coverage-confirm': [404],
  'post /research/entry-anchors': [404],
  'get /research/questions/{id}/plan': [404],
  'post /research/questions/{id}/plan/items': [404],
  'put /research/plan-items/{id}/description': [404],
  'put /research/plan-items/{id}/done': [404],
  'post /research/plan-items/{id}/reorder': [404, 422],
  'delete /research/plan-items/{id}': [404],
  'get /assignments/{id}': [404],
  'post /research/log': [404, 409],
  'get /research/log': [404],
  'post /research/log/capture': [404, 409],
  'post /research/log/negative-evidence': [404, 409],
  'get /research/log/entries': [],
  'get /research/log/{id}': [404],
  'post /research/log/{id}/details': [404, 409],
  'put /research/log/{id}/text': [404, 409],
  'post /research/log/{id}/retract': [404],
  'post /research/sessions': [404, 409, 422],
  'post /research/sessions/{id}/end': [404],
  'get /sessions/current': [],
  'get /sessions/{id}': [404],
};

t.test('every route is documented on both mounts: tier, examples, problems, a summary and a tag', async (t) => {
  const s = await researchServer(t);
  const doc = await ok(s.request('GET', '/v1/openapi.json'));
  const components = doc.components?.schemas ?? {};
  const ours = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[] }>>)
    .flatMap(([path, operations]) => Object.entries(operations).filter(([, operation]) => operation.tags?.includes('research')).map(([method]) => `${method} ${path}`));
  t.equal(ours.length, ROUTES.length * 2, 'no undocumented research route');
  for (const [method, path, status] of ROUTES) {
    for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
      const name = `${method.toUpperCase()} ${mount}${path}`;
      const operation = doc.paths[`${mount}${path}`]?.[method];
      t.ok(operation, `${name} is documented`);
      if (!operation) continue;
      t.equal(operation['x-service-tier'], 'preview', `${name} tier`);
      t.ok(operation.summary, `${name} has a summary`);
      if (operation.requestBody) t.ok(bodyHasExamples(operation.requestBody.content?.['application/json'], components), `${name} body has examples`);
      t.ok(bodyHasExamples(operation.responses[status]?.content?.['application/json'], components), `${name} ${status} has examples`);
      const extra = mount === '/v1' ? PROBLEMS[`${method} ${path}`] : [...new Set([...PROBLEMS[`${method} ${path}`], 404])].sort();
      // Besides what the kernel documents on every route of its kind (403 cross-origin, 413/415 with a JSON body, 507 on a change).
      const documented = Object.keys(operation.responses).map(Number).filter((code) => code >= 400 && ![400, 401, 403, 413, 415, 421, 500, 507].includes(code));
      t.same(documented, extra.filter((code) => code !== 403), `${name} documents its problems`);
      t.equal(operation['x-access'], extra.includes(403) ? 'human' : 'agent', `${name}: human only where it says`);
    }
  }
});

t.test('the request examples are real: each is accepted by its route', async (t) => {
  const s = await researchServer(t);
  const doc = await ok(s.request('GET', '/v1/openapi.json'));
  const example = (path: string, method = 'post') => {
    const media = doc.paths[`/v1${path}`][method].requestBody.content['application/json'];
    return media.example ?? Object.values(media.examples as Record<string, { value: unknown }>)[0].value;
  };
  const william = (await ok(s.request('POST', '/v1/personas', { body: { given: 'William', surname: 'Smyth' } }))).id;
  const person = (await ok(s.request('POST', '/v1/persons', { body: { personas: [william] } }), 201)).id;
  const askedBody = { ...example('/research/questions'), subjects: [person] };
  t.match(askedBody, { text: String });
  const asked = await ok(s.request('POST', '/v1/research/questions', { body: askedBody }));
  // The example's assignee is an id of the documentation; here the test's own assistant stands in for it.
  const itemExample = example('/research/questions/{id}/plan/items');
  t.match(itemExample, { assignee: /^[0-9a-f-]{36}$/ }, 'the example gives the item to an assistant');
  t.equal((await s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body: itemExample })).statusCode, 404, 'an assignee no credential has is refused');
  const item = await ok(s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body: { ...itemExample, assignee: s.agentCredentialId } }));
  t.equal(item.description, example('/research/questions/{id}/plan/items').description);
  await ok(s.request('PUT', `/v1/research/questions/${asked.id}/text`, { body: example('/research/questions/{id}/text', 'put') }));
  await ok(s.request('PUT', `/v1/research/plan-items/${item.id}/done`, { body: example('/research/plan-items/{id}/done', 'put') }));
  const session = await ok(s.request('POST', '/v1/research/sessions', { body: { ...example('/research/sessions'), question: asked.id, assignment: item.assignment.id } }));
  t.equal(session.goal, example('/research/sessions').goal);
  const logged = await ok(s.request('POST', '/v1/research/log', { body: { ...example('/research/log'), question: asked.id } }));
  await ok(s.request('POST', `/v1/research/log/${logged.id}/details`, { body: example('/research/log/{id}/details') }));
  const corrected = await ok(s.request('PUT', `/v1/research/log/${logged.id}/text`, { body: example('/research/log/{id}/text', 'put') }));
  t.equal(corrected.corrections[0].reason, example('/research/log/{id}/text', 'put').reason);
  const negative = example('/research/log/negative-evidence');
  await ok(s.request('POST', '/v1/research/log/negative-evidence', { body: { ...negative, question: asked.id, searched: { ...negative.searched, source: undefined } } }));
  await ok(s.request('POST', `/v1/research/questions/${asked.id}/coverage-confirm`, { body: example('/research/questions/{id}/coverage-confirm') }));
  const close = example('/research/questions/{id}/close');
  const closed = await ok(s.request('POST', `/v1/research/questions/${asked.id}/close`, { body: { answer: close.answer } }));
  t.equal(closed.answer, close.answer);
});
