import t from 'tap';
import { Type } from '@sinclair/typebox';
import { buildTestServer, exampleProblems, type PluginSource } from '@rootline/kernel/testing';
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
