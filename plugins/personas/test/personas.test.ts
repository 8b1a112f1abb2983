import t from 'tap';
import { buildTestServer, type TestServer, consumerOf } from '@rootline/kernel/testing';

const plugins = ['@rootline/plugin-sources', '@rootline/plugin-personas'];
const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';

const db = (s: TestServer) => s.server.kernel.trees.active().db;
const written = (s: TestServer) => ({
  personas: (db(s).prepare('SELECT count(*) AS n FROM personas').get() as { n: number }).n,
  records: (db(s).prepare("SELECT count(*) AS n FROM records WHERE kind LIKE 'persona.%'").get() as { n: number }).n,
});

t.test('a persona is recorded from a source, with the name as written and its pieces', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const source = (await s.request('POST', '/v1/sources', { body: { title: 'Íslendingabók extract' } })).json();
  const res = await s.request('POST', '/v1/personas', { body: { name: 'Jón Sigurðsson', given: 'Jón', surname: 'Sigurðsson', sex: 'M', source: source.id } });
  t.equal(res.statusCode, 200);
  const persona = res.json();
  t.same(persona.name, { display: 'Jón Sigurðsson', as_written: 'Jón Sigurðsson', prefix: null, given: 'Jón', nickname: null, surname_prefix: null, surname: 'Sigurðsson', suffix: null });
  t.match(persona, { id: String, sex: 'M', source: source.id, created_at_ms: Number });
  t.same((await s.request('GET', `/v1/personas/${persona.id}`)).json(), persona);
  t.same(db(s).prepare("SELECT kind, entity_id FROM records WHERE kind LIKE 'persona.%'").all(), [{ kind: 'persona.created.v1', entity_id: persona.id }]);

  const single = (await s.request('POST', '/v1/personas', { body: { name: 'Pocahontas', sex: 'F' } })).json();
  t.equal(single.name.display, 'Pocahontas', 'a single name, as written');
  t.equal(single.source, null);
  const surnameOnly = (await s.request('POST', '/v1/personas', { token: s.agentToken, body: { surname: 'Smith' } }));
  t.equal(surnameOnly.statusCode, 200, 'an agent may record personas; a surname alone is a name');
  t.equal(surnameOnly.json().sex, null, 'sex not recorded is null');
  t.equal((await s.request('GET', `/v1/trees/${s.server.kernel.trees.active().id}/personas/${single.id}`)).statusCode, 200, 'pinned mount');
  t.equal((await s.request('GET', `/v1/personas/${UNKNOWN}`)).json().code, 'not-found');
  t.equal((await s.request('GET', '/v1/personas/not-a-uuid')).statusCode, 400);
});

t.test('bad input on create is refused and writes nothing', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const before = written(s);
  const cases: [string, unknown, number][] = [
    ['no name at all', {}, 400],
    ['only sex', { sex: 'F' }, 400],
    ['blank name', { name: '   ' }, 400],
    ['name not text', { name: { given: 'x' } }, 400],
    ['sex not GEDCOM', { name: 'Mary', sex: 'female' }, 400],
    ['source not a uuid', { name: 'Mary', source: 'census' }, 400],
    ['unknown field', { name: 'Mary', birth: '1850' }, 400],
    ['unknown source', { name: 'Mary', source: UNKNOWN }, 404],
  ];
  for (const [name, body, status] of cases) {
    const res = await s.request('POST', '/v1/personas', { body });
    t.equal(res.statusCode, status, name);
  }
  const nameless = await s.request('POST', '/v1/personas', { body: { sex: 'F' } });
  t.match(nameless.json(), { code: 'validation-failed', errors: [{ location: 'body', name: 'name' }] });
  t.same(written(s), before);
});

t.test('name pieces replace the pieces; the display follows them', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const persona = (await s.request('POST', '/v1/personas', { body: { name: 'Dr. John van der Berg Jr.' } })).json();
  t.equal(persona.name.display, 'Dr. John van der Berg Jr.', 'no pieces yet: the name as written');
  const pieces = { prefix: 'Dr.', given: 'John', nickname: 'Jack', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' };
  const res = await s.request('PUT', `/v1/personas/${persona.id}/name-pieces`, { body: pieces });
  t.equal(res.statusCode, 200);
  t.same(res.json().name, { display: 'Dr. John “Jack” van der Berg Jr.', as_written: 'Dr. John van der Berg Jr.', ...pieces });

  const cleared = (await s.request('PUT', `/v1/personas/${persona.id}/name-pieces`, { body: {} })).json();
  t.equal(cleared.name.display, 'Dr. John van der Berg Jr.', 'all pieces cleared: back to the name as written');

  const mao = (await s.request('POST', '/v1/personas', { body: { name: 'MAO Zedong' } })).json();
  const surnameFirst = (await s.request('PUT', `/v1/personas/${mao.id}/name-pieces`, { body: { given: 'Zedong', surname: 'Mao' } })).json();
  t.equal(surnameFirst.name.display, 'Mao Zedong', 'surname first, as written');
  t.equal(db(s).prepare("SELECT count(*) AS n FROM records WHERE kind = 'persona.name_pieces_set.v1'").pluck().get(), 3);

  const pieceOnly = (await s.request('POST', '/v1/personas', { body: { given: 'Mary' } })).json();
  const before = written(s);
  t.equal((await s.request('PUT', `/v1/personas/${pieceOnly.id}/name-pieces`, { body: {} })).statusCode, 400, 'would leave no name');
  t.equal((await s.request('PUT', `/v1/personas/${pieceOnly.id}/name-pieces`, { body: { given: '' } })).statusCode, 400, 'blank piece');
  t.equal((await s.request('PUT', `/v1/personas/${pieceOnly.id}/name-pieces`, { body: { middle: 'Ann' } })).statusCode, 400, 'not a GEDCOM piece');
  t.equal((await s.request('PUT', `/v1/personas/${pieceOnly.id}/name-pieces`, { body: { given: ['a', 'b'] } })).statusCode, 400, 'not text');
  t.equal((await s.request('PUT', `/v1/personas/${UNKNOWN}/name-pieces`, { body: { given: 'x' } })).statusCode, 404);
  t.same(written(s), before, 'nothing written');
  t.equal((await s.request('GET', `/v1/personas/${pieceOnly.id}`)).json().name.given, 'Mary');
});

t.test('personasService answers other plugins from the request scope', async (t) => {
  const consumer = consumerOf('@rootline/plugin-personas');
  const s = await buildTestServer(t, { plugins: [...plugins, consumer.name], builtIn: [consumer.source] });
  const persona = (await s.request('POST', '/v1/personas', { body: { given: 'Agnes', surname: 'Shaw' } })).json();
  const service = await consumer.fromRequest(s, (cradle) => cradle.personasService);
  t.ok(service.exists(persona.id));
  t.notOk(service.exists(UNKNOWN));
  t.equal(service.get(persona.id)?.name.display, 'Agnes Shaw');
  const made = service.create({ kind: 'system', credentialId: null }, { given: 'Honora', surname: 'Daly' });
  t.ok(service.exists(made.id), 'create works without HTTP (transcription)');
  // A caller without our route's schema may pass anything; the service refuses it itself.
  t.throws(() => service.create({ kind: 'system', credentialId: null }, { given: 'X', sex: 'male' as never }), { code: 'validation-failed' });
});

t.test('the manifest order matters: personas need sources, listed first', async (t) => {
  await t.rejects(buildTestServer(t, { plugins: ['@rootline/plugin-personas'] }), /needs @rootline\/plugin-sources/);
  await t.rejects(buildTestServer(t, { plugins: ['@rootline/plugin-personas', '@rootline/plugin-sources'] }), /list @rootline\/plugin-sources first/);
});

t.test('OpenAPI shows persona bodies and responses with examples', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const doc = (await s.request('GET', '/v1/openapi.json', { token: null })).json();
  const create = doc.paths['/v1/personas'].post.requestBody.content['application/json'];
  t.ok(create.example ?? create.examples, 'create body examples');
  t.ok(doc.paths['/v1/personas/{id}/name-pieces'].put.requestBody.content['application/json'].example);
  t.ok(doc.paths['/v1/trees/{tree_id}/personas/{id}'].get.responses['404']);
});
