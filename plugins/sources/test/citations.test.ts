import t from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';

const census = {
  year: '1900', state: 'Virginia', county: 'Albemarle County', civil_division: 'Charlottesville', sheet: 'sheet 3A',
  person: 'John W. Smith', website: 'Ancestry', url: 'https://www.ancestry.com', access_date: '12 March 2024',
};
const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';

const counts = (s: TestServer) => {
  const db = s.server.kernel.trees.active().db;
  return {
    citations: (db.prepare('SELECT count(*) AS n FROM citations').get() as { n: number }).n,
    records: (db.prepare("SELECT count(*) AS n FROM records WHERE kind LIKE 'citation.%'").get() as { n: number }).n,
  };
};
const kinds = (s: TestServer) => (s.server.kernel.trees.active().db.prepare("SELECT kind FROM records WHERE kind LIKE 'citation.%' ORDER BY seq").all() as { kind: string }[]).map((row) => row.kind);

t.test('a citation is created with typed elements, its renderings and its record', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const res = await s.request('POST', '/v1/citations', { body: { template: 'us-federal-census-population', elements: census, source_type: 'derivative' } });
  t.equal(res.statusCode, 200);
  const citation = res.json();
  t.match(citation, { id: String, source: null, template: 'us-federal-census-population', elements: census, source_type: 'derivative' });
  t.match(citation.rendered.first_reference, /^1900 U\.S\. census, Albemarle County, Virginia, population schedule/);
  t.same(kinds(s), ['citation.created.v1']);

  const agent = await s.request('POST', '/v1/citations', { token: s.agentToken, headers: { 'x-proposer-model': 'test-model' }, body: { elements: { text: 'Family tradition' } } });
  t.equal(agent.statusCode, 200, 'an agent may cite too');
  t.same(agent.json().rendered, null, 'free-form elements have no renderings');
});

t.test('bad input on create is refused and writes nothing', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const before = counts(s);
  const cases: [string, unknown, number][] = [
    ['no body fields', {}, 400],
    ['elements not an object', { elements: 'census 1900' }, 400],
    ['element value not text', { elements: { text: { nested: true } } }, 400],
    ['element name not a name', { elements: { 'Bad Name': 'x' } }, 400],
    ['source not a uuid', { source: 'abc', elements: {} }, 400],
    ['unknown source_type', { elements: {}, source_type: 'primary' }, 400],
    ['unknown field', { elements: {}, colour: 'red' }, 400],
    ['missing required elements', { template: 'us-federal-census-population', elements: { year: '1900' } }, 400],
    ['url element not http', { template: 'us-federal-census-population', elements: { ...census, url: 'ftp://example.org' } }, 400],
    ['unknown template', { template: 'no-such-template', elements: {} }, 404],
    ['unknown source', { source: UNKNOWN, elements: { text: 'x' } }, 404],
  ];
  for (const [name, body, status] of cases) {
    const res = await s.request('POST', '/v1/citations', { body });
    t.equal(res.statusCode, status, name);
  }
  const missing = await s.request('POST', '/v1/citations', { body: { template: 'us-federal-census-population', elements: { year: '1900' } } });
  t.ok(missing.json().errors.some((error: { name: string }) => error.name === 'elements.person'), 'names the missing elements');
  t.same(counts(s), before, 'no citation and no record written');
});

t.test('elements are replaced and checked against the template; 200, never 202', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const { id } = (await s.request('POST', '/v1/citations', { body: { template: 'us-federal-census-population', elements: census } })).json();
  const res = await s.request('PUT', `/v1/citations/${id}/elements`, { body: { elements: { ...census, sheet: 'sheet 3B' } } });
  t.equal(res.statusCode, 200);
  t.equal(res.json().elements.sheet, 'sheet 3B');
  t.match(res.json().rendered.subsequent, /sheet 3B/);
  t.ok(res.json().updated_at_ms >= res.json().created_at_ms);

  const before = counts(s);
  t.equal((await s.request('PUT', `/v1/citations/${id}/elements`, { body: { elements: { year: '1900' } } })).statusCode, 400, 'missing required');
  t.equal((await s.request('PUT', `/v1/citations/${id}/elements`, { body: {} })).statusCode, 400, 'no elements');
  t.equal((await s.request('PUT', `/v1/citations/${id}/elements`, { body: { elements: census, extra: 1 } })).statusCode, 400, 'unknown field');
  t.equal((await s.request('PUT', `/v1/citations/${UNKNOWN}/elements`, { body: { elements: census } })).statusCode, 404);
  t.equal((await s.request('PUT', '/v1/citations/not-a-uuid/elements', { body: { elements: census } })).statusCode, 400);
  t.same(counts(s), before);
  t.same(kinds(s), ['citation.created.v1', 'citation.elements_set.v1']);
});

t.test('source type records what kind of record the source is', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const { id } = (await s.request('POST', '/v1/citations', { body: { elements: { text: 'Smith family Bible' } } })).json();
  const res = await s.request('PUT', `/v1/citations/${id}/source-type`, { body: { source_type: 'original' } });
  t.equal(res.statusCode, 200);
  t.equal(res.json().source_type, 'original');
  const again = await s.request('PUT', `/v1/citations/${id}/source-type`, { body: { source_type: 'original' } });
  t.equal(again.statusCode, 200, 'same value again is a no-op');
  await s.request('PUT', `/v1/citations/${id}/source-type`, { body: { source_type: 'authored' } });
  t.same(kinds(s), ['citation.created.v1', 'citation.source_type_set.v1', 'citation.source_type_set.v1']);
  t.equal((await s.request('PUT', `/v1/citations/${id}/source-type`, { body: { source_type: 'primary' } })).statusCode, 400);
  t.equal((await s.request('PUT', `/v1/citations/${id}/source-type`, { body: {} })).statusCode, 400);
  t.equal((await s.request('PUT', `/v1/citations/${UNKNOWN}/source-type`, { body: { source_type: 'original' } })).statusCode, 404);
});

t.test('OpenAPI documents the routes with examples', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const doc = (await s.request('GET', '/v1/openapi.json', { token: null })).json();
  const create = doc.paths['/v1/citations'].post;
  t.ok(create.requestBody.content['application/json'].example, 'create body has an example');
  t.ok(create.responses['200'].content['application/json'].schema, 'documents the response');
  t.ok(doc.paths['/v1/citations/{id}/elements'].put.description.includes('202'), 'explains when 202 would be used');
  t.ok(doc.paths['/v1/trees/{tree_id}/citations/render'], 'pinned mount too');
});
