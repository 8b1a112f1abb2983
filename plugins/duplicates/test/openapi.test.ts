import t from 'tap';
import { duplicatesServer, ok, person } from './fixtures/helpers.js';

const SHAPE = { type: 'object', required: ['id', 'persons', 'rationale', 'status', 'created_at_ms', 'decided_at_ms', 'note', 'reason', 'merged_into'], properties: { proposer: { type: 'string' } } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

t.test('the API description lists the routes on both mounts, with their problems', async (t) => {
  const s = await duplicatesServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const json = (operation: any, status: string) => operation?.responses?.[status]?.content?.['application/json']?.schema;
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    const search = doc.paths[`${mount}/persons/duplicate-candidates`].get;
    t.same(search.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name).sort(), ['birth', 'death', 'given', 'limit', 'person', 'surname'], `${mount}: the search's parameters`);
    t.match(json(search, '200'), { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { required: ['person', 'score', 'reasons'] } } } });
    t.ok(search.responses['400'] && search.responses['404'], `${mount}: the search documents 400 and 404`);
    t.equal(search['x-service-tier'], 'preview');
    t.match(json(doc.paths[`${mount}/proposals`].get, '200'), { properties: { items: { items: { $ref: '#/components/schemas/ProposalDto' } }, next_cursor: {}, total: {} } });
    const create = doc.paths[`${mount}/proposals`].post;
    t.match(json(create, '200'), SHAPE, `${mount}: a proposal answers 200`);
    t.ok(create.responses['404'] && create.responses['409'] && create.responses['422']);
    t.ok(doc.paths[`${mount}/proposals/{id}`].get.responses['404']);
    for (const decision of ['approve', 'deny']) {
      const operation = doc.paths[`${mount}/proposals/{id}/${decision}`].post;
      t.match(json(operation, '200'), SHAPE);
      t.ok(operation.responses['403'] && operation.responses['409'], `${mount}: ${decision} documents 403 and 409`);
    }
    t.ok(doc.paths[`${mount}/proposals/{id}/approve`].post.responses['422']);
  }
  t.match(doc.components.schemas.ProposalDto, SHAPE);
  t.same(doc.components.schemas.ProposalDto.properties.status.anyOf.map((s: any) => s.enum[0]), ['pending', 'approved', 'denied', 'withdrawn'], 'the states, documented');
});

t.test('the examples are real: the proposal body is accepted once its persons exist', async (t) => {
  const s = await duplicatesServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const example = doc.paths['/v1/proposals'].post.requestBody.content['application/json'].example;
  t.match(example, { persons: [UUID, UUID], rationale: String });
  const [a, b] = [await person(s, { given: 'William', surname: 'Smyth' }), await person(s, { given: 'William', surname: 'Smith' })];
  const made = await ok(s.request('POST', '/v1/proposals', { body: { ...example, persons: [a.id, b.id] } }), 200);
  t.equal(made.rationale, example.rationale);
  const [dto] = doc.components.schemas.ProposalDto.examples;
  t.same(Object.keys(dto).sort(), Object.keys(made).filter((key) => key !== 'proposer').concat('proposer').sort(), 'the example has every field');
  const approve = doc.paths['/v1/proposals/{id}/approve'].post.requestBody.content['application/json'].example;
  t.same(Object.keys(approve).sort(), ['note', 'survivor']);
  const reply = doc.paths['/v1/persons/duplicate-candidates'].get.responses['200'].content['application/json'].example;
  t.match(reply.items[0], { person: { id: UUID, display_name: 'William Smyth' }, score: 0.961, reasons: [{ field: 'surname', how: 'double_metaphone', detail: 'Smith ~ Smyth: Double Metaphone SM0' }, { field: 'given', how: 'exact' }, { field: 'birth', how: 'compatible' }] });
  // The example is what the search answers for it.
  const smyth = await person(s, { given: 'William', surname: 'Smyth' }, { birth: '1852' });
  const found = await ok(s.request('GET', '/v1/persons/duplicate-candidates', { query: { given: 'William', surname: 'Smith', birth: 'ABT 1850' } }));
  t.same([found.items[0].person.id, found.items[0].score, found.items[0].reasons], [smyth.id, reply.items[0].score, reply.items[0].reasons]);
});
