import t from 'tap';
import { buildTestServer, type TestServer, consumerOf } from '@rootline/kernel/testing';
import { evidencePlugins, uploadBlob } from './fixtures/blob-upload.js';

const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';
const census = {
  year: '1900', state: 'Virginia', county: 'Albemarle County', civil_division: 'Charlottesville', sheet: 'sheet 3A',
  person: 'John W. Smith', website: 'Ancestry',
};

const db = (s: TestServer) => s.server.kernel.trees.active().db;
const count = (s: TestServer, sql: string) => (db(s).prepare(sql).get() as { n: number }).n;
const written = (s: TestServer) => ({
  sources: count(s, 'SELECT count(*) AS n FROM sources'),
  citations: count(s, 'SELECT count(*) AS n FROM citations'),
  attached: count(s, 'SELECT count(*) AS n FROM source_blobs'),
  records: count(s, 'SELECT count(*) AS n FROM records'),
});

t.test('a source is created with its fields and read back in full', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const body = { title: 'Families of Old Fairfield', author: 'Donald Lines Jacobus', publisher: 'Tuttle, Morehouse & Taylor', url: 'https://archive.org/details/oldfairfield', source_type: 'authored' };
  const res = await s.request('POST', '/v1/sources', { body });
  t.equal(res.statusCode, 200);
  const source = res.json();
  t.match(source, { ...body, id: String, claim_count: 0, blobs: [], citations: [] });
  t.same((await s.request('GET', `/v1/sources/${source.id}`)).json(), source);
  t.equal((await s.request('GET', `/v1/trees/${s.server.kernel.trees.active().id}/sources/${source.id}`)).json().title, body.title, 'pinned mount');
  t.same(db(s).prepare("SELECT kind, entity_id FROM records WHERE kind LIKE 'source.%'").all(), [{ kind: 'source.created.v1', entity_id: source.id }]);

  const agent = await s.request('POST', '/v1/sources', { token: s.agentToken, body: { title: 'Smith family Bible' } });
  t.equal(agent.statusCode, 200, 'an agent may add sources');
  t.equal((await s.request('GET', `/v1/sources/${UNKNOWN}`)).statusCode, 404);
  t.equal((await s.request('GET', '/v1/sources/not-a-uuid')).statusCode, 400);
});

t.test('bad input on create is refused and writes nothing', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const before = written(s);
  const cases: [string, unknown][] = [
    ['no title', {}],
    ['blank title', { title: '   ' }],
    ['title not text', { title: { text: 'x' } }],
    ['url not http', { title: 'x', url: 'javascript:alert(1)' }],
    ['url ftp', { title: 'x', url: 'ftp://example.org/a' }],
    ['unknown source type', { title: 'x', source_type: 'primary' }],
    ['unknown field', { title: 'x', repository: 'TNA' }],
  ];
  for (const [name, body] of cases) {
    const res = await s.request('POST', '/v1/sources', { body });
    t.equal(res.statusCode, 400, name);
    t.equal(res.json().code, 'validation-failed', name);
  }
  t.same(written(s), before);
});

t.test('a source from a citation template gets its title from the source-list entry and its citation', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const res = await s.request('POST', '/v1/sources/from-template', { body: { template: 'us-federal-census-population', elements: census, source_type: 'derivative' } });
  t.equal(res.statusCode, 200);
  const source = res.json();
  t.equal(source.title, 'Virginia. Albemarle County. 1900 U.S. census, population schedule. Images, Ancestry');
  t.equal(source.source_type, 'derivative');
  t.equal(source.citations.length, 1);
  t.match(source.citations[0], { template: 'us-federal-census-population', elements: census, source_type: 'derivative' });
  t.match(source.citations[0].rendered.first_reference, /^1900 U\.S\. census/);
  t.same((db(s).prepare('SELECT kind FROM records ORDER BY seq').all() as { kind: string }[]).map((row) => row.kind), ['source.created.v1', 'citation.created.v1']);

  const before = written(s);
  const missing = await s.request('POST', '/v1/sources/from-template', { body: { template: 'us-federal-census-population', elements: { year: '1900' } } });
  t.equal(missing.statusCode, 400);
  t.ok(missing.json().errors.length >= 5, 'lists the missing elements');
  t.equal((await s.request('POST', '/v1/sources/from-template', { body: { template: 'no-such', elements: {} } })).statusCode, 404);
  t.equal((await s.request('POST', '/v1/sources/from-template', { body: { elements: census } })).statusCode, 400, 'no template');
  t.equal((await s.request('POST', '/v1/sources/from-template', { body: { template: 'book', elements: 'x' } })).statusCode, 400, 'elements not an object');
  t.equal((await s.request('POST', '/v1/sources/from-template', { body: { template: 'book', elements: {}, title: 'x' } })).statusCode, 400, 'unknown field');
  t.same(written(s), before, 'nothing written');
});

t.test('a citation may name a source of the tree, and the source lists it', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const source = (await s.request('POST', '/v1/sources', { body: { title: 'Albemarle County deed books' } })).json();
  const cited = await s.request('POST', '/v1/citations', { body: { source: source.id, elements: { text: 'Deed Book 12: 345' } } });
  t.equal(cited.statusCode, 200);
  t.equal((await s.request('POST', '/v1/citations', { body: { source: UNKNOWN, elements: {} } })).statusCode, 404);
  t.same((await s.request('GET', `/v1/sources/${source.id}`)).json().citations.map((c: { id: string }) => c.id), [cited.json().id]);
});

t.test('citationsService answers other plugins: exists, and get with the source cited', async (t) => {
  const consumer = consumerOf('@rootline/plugin-sources');
  const s = await buildTestServer(t, { plugins: [...evidencePlugins, consumer.name], builtIn: [consumer.source] });
  const source = (await s.request('POST', '/v1/sources', { body: { title: 'Albemarle County deed books' } })).json();
  const cited = (await s.request('POST', '/v1/citations', { body: { source: source.id, elements: { text: 'Deed Book 12: 345' } } })).json();
  const loose = (await s.request('POST', '/v1/citations', { body: { elements: { text: 'Family tradition' } } })).json();
  const citations = await consumer.fromRequest(s, (cradle) => cradle.citationsService);
  t.ok(citations.exists(cited.id));
  t.notOk(citations.exists(UNKNOWN));
  const citation = citations.get(cited.id);
  t.equal(citation?.source, source.id, 'a claim citing this citation cites its source');
  t.same(citation?.elements, { text: 'Deed Book 12: 345' });
  t.equal(citations.get(loose.id)?.source, null, 'a citation may name no source');
  t.equal(citations.get(UNKNOWN), undefined);
});

t.test('an uploaded blob is attached once; unknown sources and blobs are 404', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const source = (await s.request('POST', '/v1/sources', { body: { title: 'Scan of the Smith Bible' } })).json();
  const before = written(s);
  const unknownBlob = 'a'.repeat(64);
  t.equal((await s.request('POST', `/v1/sources/${source.id}/attach-blob`, { body: { blob: unknownBlob } })).statusCode, 404, 'unknown blob');
  t.equal((await s.request('POST', `/v1/sources/${UNKNOWN}/attach-blob`, { body: { blob: unknownBlob } })).statusCode, 404, 'unknown source');
  t.equal((await s.request('POST', `/v1/sources/${source.id}/attach-blob`, { body: { blob: 'sha256:abc' } })).statusCode, 400, 'not 64 hex');
  t.equal((await s.request('POST', `/v1/sources/${source.id}/attach-blob`, { body: {} })).statusCode, 400, 'no blob');
  t.equal((await s.request('POST', `/v1/sources/${source.id}/attach-blob`, { body: { blob: unknownBlob, note: 'x' } })).statusCode, 400, 'unknown field');
  t.same(written(s), before, 'nothing written');

  const hex = await uploadBlob(s, Buffer.from('a scan of the family Bible'));
  const attached = await s.request('POST', `/v1/sources/${source.id}/attach-blob`, { body: { blob: hex.toUpperCase() } });
  t.equal(attached.statusCode, 200);
  t.same(attached.json().blobs.map((b: { blob: string }) => b.blob), [hex]);
  const again = await s.request('POST', `/v1/sources/${source.id}/attach-blob`, { body: { blob: hex } });
  t.equal(again.json().blobs.length, 1, 'attaching again is a no-op');
  t.equal(count(s, "SELECT count(*) AS n FROM records WHERE kind = 'source.blob_attached.v1'"), 1);
  t.same((await s.request('GET', `/v1/sources/${source.id}`)).json().blobs, attached.json().blobs);
});

t.test('claim_count is kept by the assertions plugin through sourcesService', async (t) => {
  const consumer = consumerOf('@rootline/plugin-sources');
  const s = await buildTestServer(t, { plugins: [...evidencePlugins, consumer.name], builtIn: [consumer.source] });
  const source = (await s.request('POST', '/v1/sources', { body: { title: '1881 census of England' } })).json();
  const tree = s.server.kernel.trees.active();
  const service = await consumer.fromRequest(s, (cradle) => cradle.sourcesService);
  t.ok(service.exists(source.id));
  t.equal(service.get(source.id)?.title, '1881 census of England');
  tree.transact(() => service.adjustClaimCount(source.id, 2));
  tree.transact(() => service.adjustClaimCount(source.id, -1));
  t.equal((await s.request('GET', '/v1/sources')).json().items[0].claim_count, 1);
  t.throws(() => tree.transact(() => service.adjustClaimCount(source.id, -5)), /below zero/);
  t.throws(() => tree.transact(() => service.adjustClaimCount(UNKNOWN, 1)), { code: 'not-found' });
  t.equal((await s.request('GET', `/v1/sources/${source.id}`)).json().claim_count, 1, 'a refused change leaves the count');
});

t.test('OpenAPI shows bodies and responses with examples', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  const doc = (await s.request('GET', '/v1/openapi.json', { token: null })).json();
  for (const [path, method] of [['/v1/sources', 'post'], ['/v1/sources/from-template', 'post'], ['/v1/sources/{id}/attach-blob', 'post']] as const) {
    t.ok(doc.paths[path][method].requestBody.content['application/json'].example, `${method} ${path} body example`);
  }
  t.ok(doc.paths['/v1/sources'].get.parameters.some((p: { name: string }) => p.name === 'q'));
  t.ok(doc.paths['/v1/trees/{tree_id}/sources/{id}'].get);
});

t.test('a source URL must be a followable http(s) address with a host', async (t) => {
  const s = await buildTestServer(t, { plugins: evidencePlugins });
  for (const url of ['https:///no-host', 'ftp://archive.example.org/register']) {
    const reply = await s.request('POST', '/v1/sources', { body: { title: 'Parish register', url } });
    t.equal(reply.statusCode, 400, url);
    t.equal(reply.json().code, 'validation-failed');
  }
  t.equal(count(s, 'SELECT count(*) AS n FROM sources'), 0, 'nothing written');
  t.equal((await s.request('POST', '/v1/sources', { body: { title: 'Parish register', url: 'https://www.freecen.org.uk/' } })).statusCode, 200);
});
