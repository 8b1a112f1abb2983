import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { displayName } from '../src/names.js';

const plugins = ['@rootline/plugin-sources', '@rootline/plugin-personas'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PERSONA_SHAPE = {
  type: 'object',
  required: ['id', 'name', 'sex', 'source', 'created_at_ms', 'updated_at_ms'],
  properties: { id: { format: 'uuid' }, name: { required: ['display', 'as_written', 'prefix', 'given', 'nickname', 'surname_prefix', 'surname', 'suffix'] } },
};

t.test('the API description gives every route the persona as its answer, and 404 where an id is looked up', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    for (const [method, path] of [['post', '/personas'], ['get', '/personas/{id}'], ['put', '/personas/{id}/name-pieces']]) {
      const operation = doc.paths[`${mount}${path}`][method];
      t.match(operation.responses['200'].content['application/json'].schema, PERSONA_SHAPE, `${method} ${mount}${path} answers a persona`);
      t.ok(operation.responses['404'], `${method} ${mount}${path} documents 404`);
    }
  }
});

t.test('the documented examples are real', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const persona = doc.paths['/v1/personas/{id}'].get.responses['200'].content['application/json'].example;
  t.match(persona, { id: UUID, source: UUID, sex: /^[MFXU]$/, created_at_ms: Number, updated_at_ms: Number });
  const { display, as_written: asWritten, ...pieces } = persona.name;
  t.equal(display, displayName(pieces, asWritten), 'the example\'s display name is the one the server would show');
  t.ok(asWritten && pieces.given && pieces.surname && pieces.prefix && pieces.nickname && pieces.surname_prefix && pieces.suffix, 'every piece shown');

  const media = doc.paths['/v1/personas'].post.requestBody.content['application/json'];
  const bodies = media.examples ? Object.values(media.examples).map((example) => (example as { value: unknown }).value) : [media.example];
  t.equal(bodies.length, 2, 'two example bodies');
  for (const body of bodies as Record<string, unknown>[]) {
    const reply = await s.request('POST', '/v1/personas', { body: { ...body, source: undefined } });
    t.equal(reply.statusCode, 200, `accepted (its source left out, as this tree has none): ${reply.body}`);
  }
  const piecesExample = doc.paths['/v1/personas/{id}/name-pieces'].put.requestBody.content['application/json'].example;
  const id = (await s.request('POST', '/v1/personas', { body: { name: 'Dr. John van der Berg Jr.' } })).json().id;
  const set = await s.request('PUT', `/v1/personas/${id}/name-pieces`, { body: piecesExample });
  t.equal(set.statusCode, 200, set.body);
  t.equal(set.json().name.display, display, 'the pieces example gives the persona example\'s display name');
});
