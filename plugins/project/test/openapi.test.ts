import t from 'tap';
import { projectServer } from './fixtures/helpers.js';

t.test('both routes are documented on both mounts, with their answers and problems', async (t) => {
  const s = await projectServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  for (const mount of ['/v1', '/v1/trees/{tree_id}']) {
    const state = doc.paths[`${mount}/project/state`]?.get;
    t.ok(state, `${mount}/project/state`);
    t.ok(state.responses['200'] && state.responses['400'], 'its answer and the invalid-cursor problem');
    t.same(state.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name), ['since']);
    t.match(state.description, /65,536 bytes/);
    const settled = doc.paths[`${mount}/settled`]?.get;
    t.ok(settled?.responses['200'], `${mount}/settled`);
    t.same([state['x-access'], settled['x-access']], ['agent', 'agent'], 'open to agents');
  }
});
