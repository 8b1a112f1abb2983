import t from 'tap';
import { Type } from '@sinclair/typebox';
import { bodyHasExamples, buildTestServer, exampleProblems, type PluginSource } from '@rootline/kernel/testing';
import { routesPlugin } from './fixtures/plugins.js';

/** A plugin whose API description gives examples: `wrong` decides whether they fit their schemas. */
function exampled(wrong: boolean): PluginSource {
  const Thing = Type.Object(
    { id: Type.String({ format: 'uuid', examples: [wrong ? 'not-a-uuid' : '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d'] }), size: Type.Integer({ minimum: 0 }) },
    { $id: 'ExampledThing', examples: [wrong ? { id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' } : { id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', size: 3 }] },
  );
  const Body = Type.Object({ things: Type.Array(Thing) }, { examples: [{ things: [{ id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', size: wrong ? -1 : 1 }] }] });
  return routesPlugin('@rootline/plugin-exampled', (mount) => {
    mount.post('/things', { config: { humanOnly: false }, schema: { body: Body, response: { 200: Thing } } }, async () => ({ id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', size: 1 }));
  });
}

t.test('examples that fit their schemas: none reported', async (t) => {
  const s = await buildTestServer(t, { builtIn: [exampled(false)], plugins: ['@rootline/plugin-exampled'] });
  t.same(await exampleProblems(s), []);
});

t.test('each example its schema refuses is reported with where it is and why: a component, a property, a body whose $ref resolves', async (t) => {
  const s = await buildTestServer(t, { builtIn: [exampled(true)], plugins: ['@rootline/plugin-exampled'] });
  const problems = await exampleProblems(s);
  const where = problems.map((problem) => problem.at);
  t.ok(where.includes('components.schemas.ExampledThing'), 'the component');
  t.ok(where.includes('components.schemas.ExampledThing.properties.id'), 'its property');
  t.ok(where.includes('paths./v1/things.post.requestBody.content.application/json.example'), 'the body, checked through its $ref');
  t.match(problems.find((problem) => problem.at === 'components.schemas.ExampledThing'), { example: { id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d' }, errors: ["/ must have required property 'size'"] });
  t.match(problems.find((problem) => problem.at === 'components.schemas.ExampledThing.properties.id'), { example: 'not-a-uuid', errors: ['/ must match format "uuid"'] });
});

t.test('bodyHasExamples: where a body of the API description shows a client an example', async (t) => {
  const components = {
    Shown: { examples: [{ id: 1 }] },
    Bare: { type: 'object' },
    Pointing: { $ref: '#/components/schemas/Shown' },
  };
  t.equal(bodyHasExamples(undefined, components), false, 'no body');
  t.equal(bodyHasExamples({ example: { id: 1 } }, components), true, 'an example moved to the media type');
  t.equal(bodyHasExamples({ example: null }, components), true, 'null is an example too');
  t.equal(bodyHasExamples({ examples: { one: { value: 1 } } }, components), true, 'named examples');
  t.equal(bodyHasExamples({ examples: {} }, components), false, 'no named example');
  t.equal(bodyHasExamples({ schema: { examples: [1] } }, components), true, "the schema's own");
  t.equal(bodyHasExamples({ schema: { examples: [] } }, components), false, 'an empty list shows nothing');
  t.equal(bodyHasExamples({ schema: { $ref: '#/components/schemas/Shown' } }, components), true, 'through a $ref');
  t.equal(bodyHasExamples({ schema: { $ref: '#/components/schemas/Pointing' } }, components), true, 'through a $ref to a $ref');
  t.equal(bodyHasExamples({ schema: { $ref: '#/components/schemas/Bare' } }, components), false, 'a $ref to a schema without');
  t.equal(bodyHasExamples({ schema: { $ref: '#/components/schemas/Missing' } }, components), false, 'a $ref to nothing');
  t.equal(bodyHasExamples({ schema: { anyOf: [{ $ref: '#/components/schemas/Shown' }, { examples: [2] }] } }, components), true, 'every branch of an anyOf');
  t.equal(bodyHasExamples({ schema: { anyOf: [{ $ref: '#/components/schemas/Shown' }, { $ref: '#/components/schemas/Bare' }] } }, components), false, 'one branch without');
  t.equal(bodyHasExamples({ schema: { anyOf: [] } }, components), false, 'an empty anyOf');
  t.equal(bodyHasExamples({}, components), false, 'a body without schema or example');
});
