import t from 'tap';
import { Desk, signalsServer } from './fixtures/helpers.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KINDS = ['died_before_born', 'parent_under_12', 'mother_over_55', 'born_after_mother_death', 'baptism_before_birth', 'married_under_12'];

t.test('the route is documented on both mounts, open to agents, with its query, reply and rules', async (t) => {
  const s = await signalsServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    const operation = doc.paths[`${mount}/research/signals`]?.get;
    t.ok(operation, `${mount} is documented`);
    t.equal(operation['x-service-tier'], 'preview');
    t.equal(operation['x-access'], 'agent');
    t.same(operation.tags, ['research']);
    for (const status of ['200', '400', '401']) t.ok(operation.responses[status], `${mount} documents ${status}`);
    t.same(operation.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name), ['examples']);
    t.match(operation.description, /ABT\/CAL\/EST widen by 3 years/);
    t.match(operation.description, /parent exactly 12, mother exactly 55: not flagged/);
  }
  t.ok(doc.paths['/v1/trees/{tree_id}/research/signals'].get.responses['404'], 'the pinned mount can name an unknown tree');
  const examples = doc.paths['/v1/research/signals'].get.parameters.find((p: { name: string }) => p.name === 'examples');
  t.match(examples.schema, { type: 'integer', minimum: 0, maximum: 100, default: 10 });
  const reply = doc.paths['/v1/research/signals'].get.responses['200'].content['application/json'].schema;
  t.same(Object.keys(reply.properties), ['example_limit', 'sourceless_people', 'conclusions_without_evidence', 'date_inconsistencies', 'end_of_line_ancestors']);
  t.same(Object.keys(reply.properties.date_inconsistencies.properties), ['count', ...KINDS]);
  t.match(reply.properties.date_inconsistencies.properties.parent_under_12.description, /Exactly 12 is not flagged/);
  t.match(reply.properties.date_inconsistencies.properties.mother_over_55.description, /Exactly 55 is not flagged/);
});

t.test('the documented example has the shape of a real reply', async (t) => {
  const s = await signalsServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const content = doc.paths['/v1/research/signals'].get.responses['200'].content['application/json'];
  const example = content.example ?? content.schema.examples?.[0];
  t.ok(example, 'the reply has an example');
  const d = new Desk(s);
  const father = await d.life('Father', '1850');
  const child = await d.life('Child', '1855');
  await d.parent(father.id, child.id);
  const real = await d.signals();
  const shape = (value: unknown): unknown =>
    Array.isArray(value) ? value.slice(0, 1).map(shape) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)])) : typeof value;
  t.same(shape(example.date_inconsistencies.parent_under_12), shape(real.date_inconsistencies.parent_under_12), 'an offence with its related person');
  t.same(Object.keys(example), Object.keys(real));
  t.same(Object.keys(example.date_inconsistencies), Object.keys(real.date_inconsistencies));
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) {
      if (key === 'id') t.match(item, UUID, 'ids are UUIDs');
      if (key === 'label') t.match(item, /\S/, 'labels are not blank');
      walk(item);
    }
  };
  walk(example);
  const { count, ...kinds } = example.date_inconsistencies;
  t.equal(count, Object.values(kinds).reduce((sum: number, kind: any) => sum + kind.count, 0), 'the example\'s total adds up');
  for (const signal of [example.sourceless_people, example.conclusions_without_evidence, example.end_of_line_ancestors, ...Object.values(kinds) as any[]]) {
    t.equal(signal.examples.length, Math.min(signal.count, example.example_limit), 'examples within the count');
  }
});
